import { freeDeletedRows } from '../../db/upkeep.ts';
import type { EngineContext } from '../payments/context.ts';
import { enqueueNextDay, markPayoutInTransit, runScheduledPayouts, settlePayout } from './services.ts';

async function accountExists(ctx: EngineContext, accountId: string): Promise<boolean> {
  return (
    (await ctx.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()) !==
    undefined
  );
}

/**
 * A daily job: queues tomorrow's run first, so a failing day (retried by the queue) never
 * breaks the chain, then does today's work. An account that is gone ends its chain.
 */
export async function runDaily(
  ctx: EngineContext,
  kind: string,
  payload: Record<string, unknown>,
  work: (accountId: string) => Promise<unknown>,
) {
  const accountId = String(payload.account_id);
  if (!(await accountExists(ctx, accountId))) return;
  await enqueueNextDay(ctx.db, kind, accountId, ctx.now);
  await work(accountId);
}

/**
 * `payouts.schedule`: today's scheduled payouts (migration 0003 queues the first run per account).
 * A payout deletes the rows it sweeps from `ledger_unswept`; a run that swept rows frees their
 * space (`freeDeletedRows`) at once, without waiting for the embedded database's upkeep.
 */
export const runPayoutScheduleJob = (ctx: EngineContext, payload: Record<string, unknown>) =>
  runDaily(ctx, 'payouts.schedule', payload, async (accountId) => {
    const plan = await runScheduledPayouts(ctx, accountId);
    if (plan.effects.sweeps.some((sweep) => sweep.txn_ids.length > 0)) {
      await freeDeletedRows(ctx.db, 'ledger_unswept');
    }
  });

export const runPayoutInTransitJob = (ctx: EngineContext, payload: Record<string, unknown>) =>
  markPayoutInTransit(ctx.db, String(payload.payout_id));

export const runPayoutPaidJob = (ctx: EngineContext, payload: Record<string, unknown>) =>
  settlePayout(ctx.db, String(payload.payout_id), ctx.processor);
