import { HOUR_MS, MINUTE_MS } from '@paydesk/domain/time';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { startLoop } from '../loop.ts';
import { clockNow } from './clock.ts';

export type JobHandler = (db: Db, payload: Record<string, unknown>, now: Date) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

type Executor = Db | Transaction<Database>;

/** Queues a job. A `unique_key` makes enqueueing idempotent: the same key is queued once. */
export async function enqueueJob(
  db: Executor,
  job: {
    kind: string;
    payload?: Record<string, unknown>;
    run_at: Date;
    unique_key?: string;
    max_attempts?: number;
  },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: job.run_at,
      unique_key: job.unique_key ?? null,
      max_attempts: job.max_attempts ?? 5,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .execute();
}

/** The channel a worker listens on; every insert into `jobs` notifies it (migration 0025). */
export const JOB_CHANNEL = 'paydesk_jobs';

/**
 * How long a claimed job may run before another worker may claim it again: a worker that died
 * mid-job leaves its job `running`, and it is retried once the lease has run out.
 */
export const JOB_LEASE_MS = 15 * MINUTE_MS;

/** Retry backoff: 1 min, 2, 4, 8 … capped at one hour. */
const backoff_ms = (attempts: number) => Math.min(HOUR_MS, MINUTE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Claims and runs due jobs, one at a time, until none is due or `limit` ran. Claiming uses
 * `FOR UPDATE SKIP LOCKED`, so several server processes on PostgreSQL share the queue without
 * running a job twice. A failing job is retried with backoff, then marked failed.
 */
export async function runDueJobs(
  db: Db,
  handlers: JobHandlers,
  options: { limit?: number; lease_ms?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 1000;
  const lease_ms = options.lease_ms ?? JOB_LEASE_MS;
  let ran = 0;
  while (ran < limit) {
    const now = await clockNow(db);
    const job = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .select(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            // Claimed by a worker that never finished it: the lease is wall-clock time.
            eb.and([eb('status', '=', 'running'), eb('locked_at', '<', new Date(Date.now() - lease_ms))]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .updateTable('jobs')
        .set({ status: 'running', locked_at: new Date(), attempts: sql`attempts + 1` })
        .where('id', '=', row.id)
        .execute();
      return row;
    });
    if (!job) break;
    ran++;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(db, job.payload, now);
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: new Date() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const attempts = job.attempts + 1;
      const failed = attempts >= job.max_attempts;
      await db
        .updateTable('jobs')
        .set({
          status: failed ? 'failed' : 'queued',
          last_error: error instanceof Error ? (error.stack ?? error.message).slice(0, 4000) : String(error),
          run_at: new Date(now.getTime() + backoff_ms(attempts)),
          ...(failed ? { finished_at: new Date() } : {}),
        })
        .where('id', '=', job.id)
        .execute();
    }
  }
  return ran;
}

/** Subscribes to job notifications; answers a function that unsubscribes. */
export type JobWakeup = (onJob: () => void) => Promise<() => Promise<void>>;

/**
 * Runs the queue in this process: at once when a job is queued (`wakeup`, from the database's
 * notifications), and every `interval_ms` for jobs that fall due later or were missed. Answers
 * a function that stops it after the job in progress.
 */
export async function startJobWorker(
  db: Db,
  handlers: JobHandlers,
  options: {
    interval_ms?: number;
    lease_ms?: number;
    wakeup?: JobWakeup;
    onError?: (error: unknown) => void;
  } = {},
): Promise<() => Promise<void>> {
  // Subscribed first, so that no job queued before the first pass goes unnoticed.
  let wake = () => {};
  const unsubscribe = options.wakeup ? await options.wakeup(() => wake()) : async () => {};
  const loop = startLoop(
    () =>
      runDueJobs(db, handlers, {
        limit: 100,
        ...(options.lease_ms === undefined ? {} : { lease_ms: options.lease_ms }),
      }),
    {
      interval_ms: options.interval_ms ?? 1000,
      first_ms: 0,
      holdsProcess: true,
      onError: options.onError,
    },
  );
  wake = loop.wake;
  return async () => {
    const stopping = loop.stop();
    await unsubscribe();
    await stopping;
  };
}
