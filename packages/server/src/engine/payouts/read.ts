import { appError } from '@paydesk/domain';
import type { payouts } from '@paydesk/domain/contracts';
import { minorFromAggregate, sumMinor } from '@paydesk/domain/money/sum';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { PayoutsTable } from '../../db/schema.ts';
import { ownedBy } from '../../db/scope.ts';
import { type Account, type AccountKey, type AccountRef, summaryCurrency } from '../accounts.ts';
import { type Executor, ledgerBalances } from '../ledger.ts';
import { bankAccountFor, quoteInstantPayout } from './plan-payout.ts';
import { orderPayouts, payoutsQuery } from './query.ts';

type PayoutView = z.infer<typeof payouts.ZPayout>;
type Overview = z.infer<typeof payouts.ZDepositsOverview>;

/** A payout as the contract's payout fields show it; dates are epoch milliseconds. */
export function payoutView(row: Selectable<PayoutsTable>): PayoutView {
  const bank = row.bank_account as { bank_name?: string; last4?: string; currency?: string };
  const bank_account = {
    bank_name: bank.bank_name ?? '',
    last4: bank.last4 ?? '',
    currency: bank.currency ?? row.currency,
  };
  return {
    id: row.id,
    date: row.arrival_date.getTime(),
    created: row.created_at.getTime(),
    type: row.type,
    method: row.method,
    amount: row.amount,
    fee: row.fee,
    fee_percentage: row.fee_percentage_bp / 100,
    currency: row.currency,
    status: row.status,
    automatic: row.automatic,
    bankAccount: `${bank_account.bank_name} •••• ${bank_account.last4} (${bank_account.currency.toUpperCase()})`,
    bank_account,
    bank_reference_key: row.bank_reference_key,
    arrival_date: row.arrival_date.getTime(),
    failure_code: row.failure_code,
    failure_message: row.failure_message,
  };
}

/** `GET {base}/deposits/:id`. */
export async function readPayout(db: Executor, accountId: string, id: string): Promise<PayoutView> {
  const row = await db
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', id)
    .where(ownedBy(accountId))
    .executeTakeFirst();
  if (!row) throw appError('wcpay_deposit_not_found');
  return payoutView(row);
}

/**
 * `GET {base}/deposits/overview-all`: balances per currency
 * from the ledger only, the last paid payout per currency, and the account's payout settings.
 * The account's default currency is always listed, with zeros before its first payment.
 */
export async function depositsOverview(db: Executor, account: Account, now: Date): Promise<Overview> {
  const [balances, lastPaid] = await Promise.all([
    ledgerBalances(db, account.id, now),
    db
      .selectFrom('payouts')
      .selectAll()
      .distinctOn('currency')
      .where('account_id', '=', account.id)
      .where('status', '=', 'paid')
      .orderBy('currency')
      .orderBy('arrival_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  if (!balances.some((b) => b.currency === account.default_currency)) {
    balances.push({ currency: account.default_currency, available: 0, pending: 0 });
    balances.sort((a, b) => a.currency.localeCompare(b.currency));
  }
  const payable = (currency: string) => {
    const bank = bankAccountFor(account, currency);
    return (
      account.payouts_enabled && !account.deposits_blocked && bank !== undefined && bank.status !== 'errored'
    );
  };
  return {
    deposit: { last_paid: lastPaid.map(payoutView) },
    balance: {
      pending: balances.map((b) => ({ amount: b.pending, currency: b.currency })),
      available: balances.map((b) => ({ amount: b.available, currency: b.currency })),
      instant: balances.map((b) => ({
        ...quoteInstantPayout(payable(b.currency) ? b.available : 0, account.instant_payout_fee_bp),
        currency: b.currency,
      })),
    },
    account: {
      default_currency: account.default_currency,
      deposits_schedule: {
        interval: account.deposit_schedule_interval,
        delay_days: account.deposit_delay_days,
        weekly_anchor: account.deposit_weekly_anchor,
        monthly_anchor: account.deposit_monthly_anchor,
      },
      deposits_blocked: account.deposits_blocked,
      deposits_enabled: account.payouts_enabled,
      completed_waiting_period: account.deposit_completed_waiting_period,
      default_external_accounts: account.external_accounts.map((bank) => ({
        currency: bank.currency.toLowerCase(),
        status: bank.status,
      })),
    },
  };
}

type PayoutListQuery = payouts.TPayoutListQuery;

/**
 * `GET {base}/deposits`: one page of payouts and how many match. An account makes about one
 * payout a day per currency, so an offset page stays small.
 */
export async function listPayouts(
  db: Executor,
  accountId: AccountKey,
  query: PayoutListQuery,
): Promise<{ data: PayoutView[]; total_count: number }> {
  const filtered = payoutsQuery(db, accountId, query);
  const [rows, count] = await Promise.all([
    orderPayouts(filtered.selectAll(), query.sort, query.direction ?? 'desc')
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(payoutView), total_count: minorFromAggregate(count.count) };
}

/** `GET {base}/deposits/summary`: the payout summary (the contract says which currency). */
export async function payoutsSummary(
  db: Executor,
  account: AccountRef,
  query: PayoutListQuery,
): Promise<payouts.TPayoutsSummary> {
  const [totals, currencies] = await Promise.all([
    payoutsQuery(db, account.id, query)
      .select([
        'currency',
        sql<string>`count(*)::text`.as('count'),
        sql<string>`coalesce(sum(amount), 0)::text`.as('total'),
      ])
      .groupBy('currency')
      .orderBy('currency')
      .execute(),
    db
      .selectFrom('payouts')
      .select('currency')
      .distinct()
      .where('account_id', '=', account.id)
      .orderBy('currency')
      .execute(),
  ]);
  const currency = await summaryCurrency(
    account,
    totals.map((row) => row.currency),
    query.store_currency_is,
  );
  return {
    count: sumMinor(...totals.map((row) => minorFromAggregate(row.count))),
    total: minorFromAggregate(totals.find((row) => row.currency === currency)?.total),
    currency,
    store_currencies: currencies.map((row) => row.currency),
  };
}

/**
 * `GET {base}/deposits/:id/reconciliation`: the ledger rows the payout swept, summed by type from
 * the daily cube, whose cells name the payout that swept their rows (moved with each sweep and
 * release in the sweep's own statement, `sweepIntoPayout`, and checked against the rows by
 * `ledger:check`). It reads the account's cells, whose number follows the days and the
 * attributes' combinations, not the rows (27,127 for the 90 days of a 10M-row store), where
 * summing the payout's rows took 460 ms for one of 298,004 rows at 10M. The
 * total equals the payout's amount plus its fee (the engine asserts it when a payout is made and
 * `ledger:check` checks it); a failed payout released its rows.
 */
export async function reconcilePayout(
  db: Executor,
  accountId: string,
  id: string,
): Promise<payouts.TPayoutReconciliation> {
  const payout = await readPayout(db, accountId, id);
  const rows = await db
    .selectFrom('ledger_cube')
    .select([
      'type',
      sql<string>`sum(count)::text`.as('count'),
      sql<string>`sum(amount)::text`.as('amount'),
      sql<string>`sum(fee)::text`.as('fee'),
      sql<string>`sum(net)::text`.as('net'),
    ])
    .where('account_id', '=', accountId)
    .where('payout_id', '=', payout.id)
    .groupBy('type')
    // A failed payout's cells stay, with nothing in them, once it has released its rows.
    .having(sql`sum(count)`, '>', 0)
    .orderBy('type')
    .execute();
  const lines = rows.map((row) => ({
    type: row.type,
    count: minorFromAggregate(row.count),
    amount: minorFromAggregate(row.amount),
    fee: minorFromAggregate(row.fee),
    net: minorFromAggregate(row.net),
  }));
  return { payout, lines, total_net: sumMinor(...lines.map((line) => line.net)) };
}
