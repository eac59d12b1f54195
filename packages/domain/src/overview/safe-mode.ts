/**
 * Safe Mode: the store answers at another address than the one its payments account was
 * connected from, as when a site is copied to a staging server or moved. The copy must not
 * pass for the connected store, so the Overview says so until the addresses agree again.
 */

/** The option where the store's home URL is recorded when the account is connected. */
export const CONNECTED_HOME_OPTION = 'paydesk_connected_home';

/**
 * A site address reduced to what identifies the site: no scheme (moving to HTTPS is the same
 * site), lowercase host, no `www.`, no default port, no trailing slash, no query or fragment.
 * Undefined when the text is not an http(s) address.
 */
export function siteIdentity(url: string): string | undefined {
  const match = /^https?:\/\/([^/?#:]+)(?::(\d+))?([^?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  const host = match[1]!.toLowerCase().replace(/^www\./, '');
  const port = match[2] && match[2] !== '80' && match[2] !== '443' ? `:${match[2]}` : '';
  const path = (match[3] ?? '').replace(/\/+$/, '');
  return `${host}${port}${path}`;
}

/**
 * True when both addresses are known and name different sites. Without a recorded address
 * (an account connected before it was recorded) there is nothing to compare, so no Safe Mode.
 */
export function isSafeMode(currentHome: string, connectedHome: unknown): boolean {
  if (typeof connectedHome !== 'string' || connectedHome === '') return false;
  const current = siteIdentity(currentHome);
  const connected = siteIdentity(connectedHome);
  return current !== undefined && connected !== undefined && current !== connected;
}
