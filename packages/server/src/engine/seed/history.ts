import { HOUR_MS } from '@paydesk/domain/time';
import { DAY_MS } from '../clock.ts';
import { loanState } from '../payments/state.ts';
import { planSeedCheckout } from './checkouts.ts';
import { openLoan, SeedDays } from './daily.ts';
import type { SeedRun } from './run.ts';
import { timeline } from './schedule.ts';

/** While a batch is written to PostgreSQL, planning lets the database's answers in this often. */
const YIELD_EVERY_PAYMENTS = 50;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The history in time order: checkouts along the store's sales curve until the ledger has the
 * rows asked for, and between them everything due by then (queued follow-ups, midnights, the
 * loan), then what is still due before the end. Answers the time spent planning.
 */
export async function makeHistory(run: SeedRun, batchPayments: number): Promise<number> {
  const { start, end, target, random, queue, batches, env, store } = run;
  const timeAt = timeline(start, end);
  const days = new SeedDays(run);
  let planMs = 0;
  let nextMidnight = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
  let loanAt = store.hasLoans ? Number.POSITIVE_INFINITY : start + 2 * DAY_MS + 10 * HOUR_MS;
  if (loanAt > end) loanAt = Number.POSITIVE_INFINITY;
  const { activeLoan } = store;
  if (activeLoan && !env.loan && activeLoan.paid_out_at.getTime() <= end) {
    queue.push(activeLoan.paid_out_at.getTime(), () => {
      env.loan = loanState(activeLoan);
    });
  }

  /** Runs everything due up to `t`: planned follow-ups, day boundaries and the loan, in order. */
  const advanceTo = async (t: number) => {
    for (;;) {
      const next = Math.min(queue.peek(), nextMidnight, loanAt);
      if (next > t) return;
      if (next === nextMidnight) {
        await days.midnight(nextMidnight);
        nextMidnight += DAY_MS;
      } else if (next === loanAt) {
        loanAt = Number.POSITIVE_INFINITY;
        await openLoan(run, next);
      } else {
        const began = performance.now();
        queue.pop()?.();
        planMs += performance.now() - began;
      }
    }
  };

  let last = start;
  while (batches.planned < target) {
    const t = Math.max(last, Math.floor(timeAt((batches.planned + random()) / target)));
    last = t;
    await advanceTo(t);
    if (batches.planned >= target) break;
    const began = performance.now();
    planSeedCheckout(run, t);
    planMs += performance.now() - began;
    if (batches.payments >= batchPayments)
      await (batches.overlapWrites ? batches.startFlush() : batches.flush());
    // Planning never waits on anything, so without this the answers of the batch being written
    // would wait for the whole next batch to be planned before the next statement is sent.
    else if (batches.overlapWrites && batches.payments % YIELD_EVERY_PAYMENTS === 0) await yieldToIo();
  }
  // Whatever was due before the end still happens (a refund, a payout), so the history is whole.
  await advanceTo(end);
  await batches.flush();
  await days.takeReaderFee();
  return planMs;
}
