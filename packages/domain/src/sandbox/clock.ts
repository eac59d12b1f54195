/**
 * How far one move of the sandbox clock may go: at least an hour, at most a year. The CLI's
 * `clock:advance` and `POST {base}/sandbox/clock/advance` both check a move with `clockAdvanceMs`.
 */
import { DAY_MS, HOUR_MS } from '../time.ts';

export const CLOCK_ADVANCE_MAX_DAYS = 365;
export const CLOCK_ADVANCE_MIN_MS = HOUR_MS;
export const CLOCK_ADVANCE_MAX_MS = CLOCK_ADVANCE_MAX_DAYS * DAY_MS;
/** Either field alone may carry the whole move, so each is bounded by the whole year. */
export const CLOCK_ADVANCE_MAX_HOURS = CLOCK_ADVANCE_MAX_DAYS * 24;

export const CLOCK_ADVANCE_RANGE_MESSAGE = 'Advance the clock by at least one hour and at most 365 days.';

/** The move in milliseconds, or `undefined` when it is outside one hour to 365 days. */
export function clockAdvanceMs(move: { days: number; hours: number }): number | undefined {
  const { days, hours } = move;
  if (!Number.isSafeInteger(days) || !Number.isSafeInteger(hours) || days < 0 || hours < 0) return undefined;
  const by_ms = days * DAY_MS + hours * HOUR_MS;
  return by_ms >= CLOCK_ADVANCE_MIN_MS && by_ms <= CLOCK_ADVANCE_MAX_MS ? by_ms : undefined;
}
