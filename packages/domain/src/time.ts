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

/** Epoch seconds of a `YYYY-MM-DD HH:MM:SS` UTC text; NaN when the text is not in that form. */
export function utcDateTimeSeconds(text: string): number {
  const match = UTC_DATE_TIME_PATTERN.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second) / SECOND_MS;
}
