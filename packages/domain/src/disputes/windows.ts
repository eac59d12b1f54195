import { DAY_MS } from '../time.ts';

/** How long the merchant has to answer a new dispute or inquiry (its `due_by`). */
export const DISPUTE_RESPONSE_WINDOW_MS = 7 * DAY_MS;

/** How long the sandbox issuer takes to decide a dispute after evidence is submitted. */
export const DISPUTE_REVIEW_MS = 7 * DAY_MS;
