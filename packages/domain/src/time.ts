/** Lengths of time in milliseconds, for instants kept as epoch milliseconds. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** An instant as the API answers it in epoch seconds (whole seconds, rounded down). */
export function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / SECOND_MS);
}
