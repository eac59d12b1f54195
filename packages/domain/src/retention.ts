/**
 * How long the store keeps what it writes for a while only (docs/decisions.md, "What the store
 * keeps for a while"). Payments, payouts, disputes and the audit log are kept for good.
 */

/** A CSV export and its file, from when it was asked for. */
export const EXPORT_RETENTION_DAYS = 7;

/**
 * An answered `Idempotency-Key`, from when it was first sent: a retry within this replays the
 * first answer; one after it runs as a new request. Clients retry within seconds or minutes.
 */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;

/**
 * A job that ran to the end, from when it finished. Its `unique_key` names an object or a day
 * that cannot be queued again by then (a payout's arrival, a day's payout schedule). Failed jobs
 * are kept for the operator.
 */
export const FINISHED_JOB_RETENTION_DAYS = 30;
