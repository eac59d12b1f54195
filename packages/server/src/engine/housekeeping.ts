import { FINISHED_JOB_RETENTION_DAYS, IDEMPOTENCY_KEY_RETENTION_DAYS } from '@paydesk/domain/retention';
import { HOUR_MS, MINUTE_MS } from '@paydesk/domain/time';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { startLoop } from '../loop.ts';
import { deleteExpiredExports } from './exports/service.ts';

/**
 * Deleting what the store keeps for a while only (domain/retention.ts): answered idempotency
 * keys, each with the answer it replays, and finished jobs. A store taking its checkouts through
 * the API writes one idempotency key per checkout; kept for good, they would grow with the
 * ledger. Exports past their retention go too (as they do when the next one is written), so a
 * store that stops exporting does not keep its last files.
 */

/** Rows deleted per statement, so that a first pass over a long backlog holds no lock for long. */
export const HOUSEKEEPING_BATCH = 5000;

/** How often a worker deletes what has expired, and how long after it starts the first time. */
export const HOUSEKEEPING_INTERVAL_MS = HOUR_MS;
export const HOUSEKEEPING_FIRST_MS = MINUTE_MS;

export interface Deleted {
  idempotency_keys: number;
  jobs: number;
  exports: number;
}

const olderThan = (days: number): RawBuilder<Date> => sql<Date>`now() - make_interval(days => ${days})`;

/** Runs `statement` until it deletes fewer than a batch; answers how many it deleted. */
async function inBatches(statement: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = Number((await statement()).numDeletedRows);
    deleted += batch;
    if (batch < HOUSEKEEPING_BATCH) return deleted;
  }
}

/**
 * Deletes the idempotency keys answered longer ago than their retention, the jobs that ran to the
 * end longer ago than theirs, and the exports past theirs. A key still in flight is left (its
 * claim decides a retry), as is a failed job. Deleting twice deletes nothing more, so several
 * workers may run it at once.
 */
export async function deleteExpired(db: Db): Promise<Deleted> {
  const idempotency_keys = await inBatches(() =>
    db
      .deleteFrom('idempotency_keys')
      .where(
        sql<SqlBool>`(user_id, key) in (${db
          .selectFrom('idempotency_keys')
          .select(['user_id', 'key'])
          .where('status', '=', 'done')
          .where('created_at', '<', olderThan(IDEMPOTENCY_KEY_RETENTION_DAYS))
          .limit(HOUSEKEEPING_BATCH)})`,
      )
      .executeTakeFirst(),
  );
  const jobs = await inBatches(() =>
    db
      .deleteFrom('jobs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'done')
          .where('finished_at', '<', olderThan(FINISHED_JOB_RETENTION_DAYS))
          .limit(HOUSEKEEPING_BATCH),
      )
      .executeTakeFirst(),
  );
  // On the embedded database the upkeep frees the deleted keys' and jobs' space in a quiet moment,
  // once they are a fifth of their table (an hour's deletes are about a 168th of a week's keys);
  // the exports' files, large and few, are freed at once by their own delete.
  return { idempotency_keys, jobs, exports: await deleteExpiredExports(db) };
}

/**
 * Runs `deleteExpired` in a process that runs jobs: `first_ms` after it starts, then every
 * `interval_ms`. Answers a function that stops it after the pass in progress.
 */
export function startHousekeeping(
  db: Db,
  options: {
    interval_ms?: number;
    first_ms?: number;
    onDeleted?: (deleted: Deleted) => void;
    onError?: (error: unknown) => void;
  } = {},
): () => Promise<void> {
  const loop = startLoop(() => deleteExpired(db).then((deleted) => options.onDeleted?.(deleted)), {
    interval_ms: options.interval_ms ?? HOUSEKEEPING_INTERVAL_MS,
    first_ms: options.first_ms ?? HOUSEKEEPING_FIRST_MS,
    onError: options.onError,
  });
  return loop.stop;
}
