/** Lengths of time in milliseconds, for instants kept as epoch milliseconds. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** An instant as the API answers it in epoch seconds (whole seconds, rounded down). */
export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / SECOND_MS);
}

/**
 * `YYYY-MM-DD HH:MM:SS` in UTC: the form in which the transactions, authorizations, blocked and
 * loans lists answer their instants, as the admin client reads them (docs/compatibility.md).
 */
export const UTC_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** An instant in the `YYYY-MM-DD HH:MM:SS` UTC form (whole seconds, rounded down). */
export function utcDateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Epoch seconds of a `YYYY-MM-DD HH:MM:SS` UTC text; NaN when the text is not in that form or
 * names no real instant (2026-02-30, 24:00:00): such a date is refused, never rolled over into
 * the next month or day.
 */
export function utcDateTimeSeconds(text: string): number {
  if (!UTC_DATE_TIME_PATTERN.test(text)) return Number.NaN;
  const at = new Date(`${text.replace(' ', 'T')}Z`);
  // The date reads back as the same text only when every part of it was in range.
  return !Number.isNaN(at.getTime()) && utcDateTime(at) === text ? at.getTime() / SECOND_MS : Number.NaN;
}
