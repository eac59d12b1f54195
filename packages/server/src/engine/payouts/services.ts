import { appError, assert, minorFromAggregate } from '@paydesk/domain';
import type { Db } from '../../db/database.ts';
import type { ExternalAccount } from '../../db/schema.ts';
import type { Account } from '../accounts.ts';
import { DAY_MS } from '../clock.ts';
import { applyEffects } from '../effects.ts';
import { recordPayoutNote } from '../inbox.ts';
import { enqueueJob } from '../jobs.ts';
import { type Executor, movePayoutInCube, payoutLedgerRows, releaseSweep } from '../ledger.ts';
import type { EngineContext, Trx } from '../payments/context.ts';
import type { Processor } from '../processor/processor.ts';
import { sandboxProcessor } from '../processor/sandbox.ts';
import { type PayoutPlan, planInstantPayout, planPayout, type UnsweptRow } from './plan-payout.ts';

/** Locks the account row, so one account's payouts are planned one at a time. */
export async function lockAccount(trx: Trx, accountId: string): Promise<Account> {
  const account = await trx
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw appError('wcpay_account_not_found');
  return account;
}

/** An account's rows no payout has swept, with what the payout planner reads of each, in ledger order. */
export function unsweptRows(db: Executor, accountId: string) {
  return db
    .selectFrom('ledger_unswept as u')
    .innerJoin('balance_transactions as b', 'b.seq', 'u.seq')
    .select(['b.id', 'u.currency', 'u.net', 'u.available_on'])
    .where('u.account_id', '=', accountId)
    .orderBy('u.seq');
}

/** The available rows no payout has swept, locked until the payout that takes them commits. */
export async function lockUnsweptAvailable(
  trx: Trx,
  accountId: string,
  now: Date,
  currency?: string,
): Promise<UnsweptRow[]> {
  let query = unsweptRows(trx, accountId).where('u.available_on', '<=', now);
  if (currency) query = query.where('u.currency', '=', currency);
  return query.forUpdate('u').execute();
}

/** The UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

/** Queues a daily job for the next UTC day; the key names the account and the day, so it is queued once. */
export async function enqueueNextDay(
  db: Executor,
  kind: string,
  accountId: string,
  now: Date,
): Promise<void> {
  const runAt = nextUtcMidnight(now);
  await enqueueJob(db, {
    kind,
    payload: { account_id: accountId },
    run_at: runAt,
    unique_key: `${kind}:${accountId}:${runAt.toISOString().slice(0, 10)}`,
  });
}

/** Makes today's scheduled payouts of an account (the `payouts.schedule` job). */
export async function runScheduledPayouts(ctx: EngineContext, accountId: string): Promise<PayoutPlan> {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, accountId);
    const rows = await lockUnsweptAvailable(trx, account.id, ctx.now);
    const plan = planPayout(rows, account, ctx.now, ctx.ids);
    await applyEffects(trx, plan.effects);
    return plan;
  });
}

export interface InstantPayoutResult {
  id: string;
  amount: number;
  currency: string;
  status: 'in_transit';
  fee: number;
  fee_percentage: number;
}

/** `POST {base}/deposits` with type instant: pays the available balance of a currency now. */
export async function createInstantPayout(
  ctx: EngineContext,
  accountId: string,
  currency: string,
): Promise<InstantPayoutResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, accountId);
    const rows = await lockUnsweptAvailable(trx, account.id, ctx.now, currency);
    const { effects, payout_id, quote } = planInstantPayout(rows, account, currency, ctx.now, ctx.ids);
    await applyEffects(trx, effects);
    return {
      id: payout_id,
      amount: quote.net,
      currency,
      status: 'in_transit',
      fee: quote.fee,
      fee_percentage: quote.fee_percentage,
    };
  });
}

/** The `payout.in_transit` job: the bank has the payout. */
export async function markPayoutInTransit(db: Db, payoutId: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ status: 'in_transit' })
    .where('id', '=', payoutId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The `payout.paid` job, at the arrival date: the payout is paid, unless the processor says the
 * bank returned it (in the sandbox, its failing bank account). Then it fails, its rows return to the balance (no payout swept them any
 * more), and the bank account is marked errored, which pauses payouts until it is updated.
 */
export async function settlePayout(
  db: Db,
  payoutId: string,
  processor: Processor = sandboxProcessor,
): Promise<'paid' | 'failed' | 'unchanged'> {
  return db.transaction().execute(async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', payoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!payout || (payout.status !== 'pending' && payout.status !== 'in_transit')) return 'unchanged';
    const bank = payout.bank_account as Partial<ExternalAccount>;
    const settled = processor.settlePayout(bank);
    if (settled.status === 'paid') {
      await trx.updateTable('payouts').set({ status: 'paid' }).where('id', '=', payoutId).execute();
      await recordPayoutNote(trx, payout, 'paid');
      return 'paid';
    }
    const account = await lockAccount(trx, payout.account_id);
    const swept = await payoutLedgerRows(trx, payoutId)
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.coalesce(eb.fn.sum<string>('b.net'), eb.lit(0)).as('net'),
      ])
      .executeTakeFirstOrThrow();
    assert(
      minorFromAggregate(swept.net) === payout.amount + payout.fee,
      `payout ${payoutId} equals the rows it swept`,
    );
    await movePayoutInCube(trx, payoutId, { from: payoutId, to: null });
    const released = await releaseSweep(trx, payoutId);
    assert(released === minorFromAggregate(swept.count), `payout ${payoutId} released every row it swept`);
    await trx
      .updateTable('payouts')
      .set({ status: 'failed', failure_code: settled.failure_code, failure_message: settled.failure_message })
      .where('id', '=', payoutId)
      .execute();
    await recordPayoutNote(trx, { ...payout, failure_message: settled.failure_message }, 'failed');
    const banks = account.external_accounts.map((b) =>
      b.last4 === bank.last4 && b.currency.toLowerCase() === payout.currency
        ? { ...b, status: 'errored' as const }
        : b,
    );
    await trx
      .updateTable('accounts')
      .set({ external_accounts: JSON.stringify(banks), updated_at: new Date() })
      .where('id', '=', account.id)
      .execute();
    return 'failed';
  });
}
