import { appError } from '@paydesk/domain';
import { sql } from 'kysely';
import { ownedBy } from '../../db/scope.ts';
import { requireAccount } from '../accounts.ts';
import { chargeRows } from '../document-rows.ts';
import { sandboxProcessor } from '../processor/sandbox.ts';
import type { EngineContext, Trx } from './context.ts';
import { chargeState, loanState, type PlanEnv } from './state.ts';

/**
 * The planners' environment, read inside the operation's transaction: the account held against
 * a reset (`keyShare`), the loan row locked.
 */
export async function loadPlanEnv(trx: Trx, ctx: EngineContext): Promise<PlanEnv> {
  const account = await requireAccount(trx, 'keyShare');
  const loan = await trx
    .selectFrom('loans')
    .selectAll()
    .where('account_id', '=', account.id)
    .where('fully_paid_at', 'is', null)
    .where('paid_out_at', '<=', ctx.now)
    .orderBy('paid_out_at')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return {
    account,
    now: ctx.now,
    ids: ctx.ids,
    rates: ctx.rates,
    processor: ctx.processor ?? sandboxProcessor,
    loan: loan ? loanState(loan) : null,
  };
}

/**
 * Locks a charge for a change. A merchant's request names the account (`accountId`), so another
 * account's charge is not found; the engine's own jobs, which act on rows they found
 * themselves, leave it out.
 */
export async function lockCharge(trx: Trx, chargeId: string, accountId?: string) {
  let query = trx.selectFrom(chargeRows(trx)).selectAll().where('id', '=', chargeId);
  if (accountId !== undefined) query = query.where(ownedBy(accountId));
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw appError('wcpay_charge_not_found');
  return chargeState(row);
}

/** The order of a checkout: the existing one with that number (locked), or a new id. */
export async function orderFor(
  trx: Trx,
  number: string,
): Promise<{ id: number; number: string; existing: boolean }> {
  const existing = await trx
    .selectFrom('orders')
    .select(['id', 'number'])
    .where('number', '=', number)
    .forUpdate()
    .executeTakeFirst();
  if (existing) return { ...existing, existing: true };
  const row = await sql<{
    id: string | number;
  }>`select nextval(pg_get_serial_sequence('orders', 'id')) as id`.execute(trx);
  return { id: Number(row.rows[0]!.id), number, existing: false };
}
