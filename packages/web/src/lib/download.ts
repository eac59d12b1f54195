import { getPage } from './bootstrap.ts';

/**
 * Starts the browser's download of a file the REST API serves as an attachment. The session's
 * nonce goes with a same-origin link, as the REST tree requires of cookie sessions.
 */
export function downloadFile(url: string): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin && !target.searchParams.has('_wpnonce')) {
    target.searchParams.set('_wpnonce', getPage().nonce);
  }
  const link = document.createElement('a');
  link.href = target.toString();
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
