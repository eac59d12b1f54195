import { getSettings } from './bootstrap.ts';

/** The settings object's connect URL with more query parameters. */
export function connectUrlWith(query: Record<string, string | undefined>): string {
  const url = new URL(getSettings().connectUrl, window.location.origin);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

/**
 * Where resetting the account goes: the connect URL with
 * wcpay-reset-account=true; the server deletes the account and opens the Connect page.
 */
export const resetAccountUrl = (source: string) => connectUrlWith({ 'wcpay-reset-account': 'true', source });
