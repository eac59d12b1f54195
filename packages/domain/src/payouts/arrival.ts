import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.ts';

/** A standard payout is in transit an hour after it is created and arrives two days later. */
export const IN_TRANSIT_AFTER_MS = HOUR_MS;
export const STANDARD_ARRIVAL_MS = 2 * DAY_MS;
/** An instant payout arrives in about 30 minutes. */
export const INSTANT_ARRIVAL_MS = 30 * MINUTE_MS;
