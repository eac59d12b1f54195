import { adminPageUrl } from '@paydesk/domain/admin-urls';
import { isUnstorableText } from './text-guard.ts';

export const OVERVIEW_URL = adminPageUrl('/payments/overview');

/**
 * Only same-site paths are followed after sign-in, so a crafted link cannot send a merchant
 * to another site with a fresh session ("open redirect").
 */
export function safeRedirect(target: unknown, fallback = OVERVIEW_URL): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines from a URL before reading it, so "/\t/evil.test" would
  // become "//evil.test"; no control character has a place in a path we send people to.
  if (/\p{Cc}/u.test(target)) return fallback;
  // A Location header carries bytes, not text: anything outside printable ASCII (a path in
  // Japanese, a space) is sent percent-encoded as UTF-8, the form browsers use themselves.
  // Text that is not valid UTF-16 has no such form, and names no page.
  if (isUnstorableText(target)) return fallback;
  return target.replace(/[^\x21-\x7E]+/g, (run) => encodeURIComponent(run));
}
