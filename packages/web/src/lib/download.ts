import { getPage } from './bootstrap.ts';

/**
 * A REST address the browser loads by itself (a download link, an image's `src`) with the
 * session's nonce, which the REST tree requires of cookie sessions; only same-origin addresses
 * get it, so the nonce never leaves the store.
 */
export function withNonce(url: string): string {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin && !target.searchParams.has('_wpnonce')) {
    target.searchParams.set('_wpnonce', getPage().nonce);
  }
  return target.toString();
}

/** Starts the browser's download of a file the REST API serves as an attachment. */
export function downloadFile(url: string): void {
  const link = document.createElement('a');
  link.href = withNonce(url);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
