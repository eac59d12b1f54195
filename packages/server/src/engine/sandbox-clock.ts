import { appError } from '@paydesk/domain';
import { clockAdvanceMs } from '@paydesk/domain/sandbox/clock';
import type { Db } from '../db/database.ts';
import { findAccount } from './accounts.ts';
import { advanceClock, clockNow } from './clock.ts';
import { JOB_HANDLERS } from './context.ts';
import { type JobHandlers, runDueJobs } from './jobs.ts';

/** Bounds one move: this many stops at due jobs. */
const MAX_STOPS = 20_000;

export interface AdvanceReport {
  now: Date;
  ran: Map<string, number>;
  failures: string[];
}

/**
 * Moves sandbox time forward, stopping at each queued job's time on the way so every job runs
 * at the time it was due (a payout made at midnight is in transit at one and paid two days
 * later), and runs what is due until nothing is.
 */
export async function advanceClockRunningJobs(
  db: Db,
  by_ms: number,
  handlers: JobHandlers = JOB_HANDLERS,
): Promise<AdvanceReport> {
  const ran = new Map<string, number>();
  const failures: string[] = [];
  const recording: JobHandlers = Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [
      kind,
      async (jobDb, payload, now) => {
        ran.set(kind, (ran.get(kind) ?? 0) + 1);
        try {
          await handler(jobDb, payload, now);
        } catch (error) {
          failures.push(
            `${now.toISOString()} ${kind} ${JSON.stringify(payload)}: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw error;
        }
      },
    ]),
  );
  const target = (await clockNow(db)).getTime() + by_ms;
  for (let stop = 0; stop < MAX_STOPS; stop++) {
    const next = await db
      .selectFrom('jobs')
      .select('run_at')
      .where('status', '=', 'queued')
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    const nextAt = next ? Math.min(next.run_at.getTime(), target) : target;
    const step = nextAt - (await clockNow(db)).getTime();
    if (step > 0) await advanceClock(db, step);
    await runDueJobs(db, recording);
    if (nextAt >= target) return { now: await clockNow(db), ran, failures };
  }
  throw appError('clock_advance_limit', { args: [MAX_STOPS] });
}

/**
 * The one way the sandbox clock moves, for the CLI's `clock:advance` and for
 * `POST {base}/sandbox/clock/advance`: a move of one hour to 365 days, refused on a live
 * account, which runs every job that falls due on the way.
 */
export async function advanceSandboxClock(
  db: Db,
  move: { days: number; hours: number },
): Promise<AdvanceReport> {
  const by_ms = clockAdvanceMs(move);
  // Callers validate the move at their boundary; a move outside the range here is a bug.
  if (by_ms === undefined) throw new Error(`A clock move out of range: ${JSON.stringify(move)}`);
  const account = await findAccount(db);
  if (account && account.mode !== 'test') throw appError('wcpay_live_account');
  return advanceClockRunningJobs(db, by_ms);
}
