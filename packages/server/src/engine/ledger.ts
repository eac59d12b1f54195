import { assert, minorFromAggregate } from '@paydesk/domain';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, LedgerType } from '../db/schema.ts';

export type Executor = Db | Transaction<Database>;

/** One money movement, in the settlement currency, with the customer's side beside it. */
export interface LedgerEntry {
  id: string;
  account_id: string;
  type: LedgerType;
  /** Signed, settlement currency minor units. */
  amount: number;
  fee: number;
  currency: string;
  customer_amount?: number | null;
  customer_currency?: string | null;
  exchange_rate?: string | null;
  source_id: string;
  charge_id?: string | null;
  payment_intent_id?: string | null;
  order_id?: number | null;
  dispute_id?: string | null;
  loan_id?: string | null;
  available_on: Date;
  created_at: Date;
  customer_name?: string | null;
  customer_email?: string | null;
  customer_country?: string | null;
  risk_level?: number | null;
  channel?: string | null;
  source?: string | null;
  source_device?: string | null;
  description?: string | null;
}

/** The rollup bucket of a ledger row: its UTC hour. */
export function rollupHour(at: Date): Date {
  const hour = new Date(at.getTime());
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

function checkEntry(entry: LedgerEntry): void {
  for (const field of ['amount', 'fee'] as const) {
    assert(Number.isSafeInteger(entry[field]), `ledger ${field} must be an integer, got ${entry[field]}`);
  }
  assert(/^[a-z]{3}$/.test(entry.currency), `ledger currency must be lowercase ISO, got ${entry.currency}`);
}

/** The balance_transactions row of an entry, checked. */
export function ledgerRow(entry: LedgerEntry) {
  checkEntry(entry);
  return toRow(entry);
}

function toRow(entry: LedgerEntry) {
  return {
    id: entry.id,
    account_id: entry.account_id,
    type: entry.type,
    amount: entry.amount,
    fee: entry.fee,
    net: entry.amount - entry.fee,
    currency: entry.currency,
    customer_amount: entry.customer_amount ?? null,
    customer_currency: entry.customer_currency ?? null,
    exchange_rate: entry.exchange_rate ?? null,
    source_id: entry.source_id,
    charge_id: entry.charge_id ?? null,
    payment_intent_id: entry.payment_intent_id ?? null,
    order_id: entry.order_id ?? null,
    dispute_id: entry.dispute_id ?? null,
    loan_id: entry.loan_id ?? null,
    available_on: entry.available_on,
    created_at: entry.created_at,
    customer_name: entry.customer_name ?? null,
    customer_email: entry.customer_email ?? null,
    customer_country: entry.customer_country ?? null,
    risk_level: entry.risk_level ?? null,
    channel: entry.channel ?? null,
    source: entry.source ?? null,
    source_device: entry.source_device ?? null,
    description: entry.description ?? null,
  };
}

interface RollupDelta {
  account_id: string;
  hour: Date;
  type: string;
  currency: string;
  customer_currency: string;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** Sums entries into their rollup buckets. */
export function rollupDeltas(entries: readonly LedgerEntry[]): RollupDelta[] {
  const buckets = new Map<string, RollupDelta>();
  for (const entry of entries) {
    const hour = rollupHour(entry.created_at);
    const customerCurrency = entry.customer_currency ?? entry.currency;
    const key = `${entry.account_id}|${hour.toISOString()}|${entry.type}|${entry.currency}|${customerCurrency}`;
    const bucket = buckets.get(key) ?? {
      account_id: entry.account_id,
      hour,
      type: entry.type,
      currency: entry.currency,
      customer_currency: customerCurrency,
      count: 0,
      amount: 0,
      fee: 0,
      net: 0,
    };
    bucket.count += 1;
    bucket.amount += entry.amount;
    bucket.fee += entry.fee;
    bucket.net += entry.amount - entry.fee;
    buckets.set(key, bucket);
  }
  return [...buckets.values()];
}

/** Adds deltas to the rollups; rows are sorted so concurrent writers lock them in one order. */
export async function applyRollups(trx: Executor, deltas: readonly RollupDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const sorted = [...deltas].sort((a, b) =>
    `${a.hour.toISOString()}${a.type}${a.currency}${a.customer_currency}`.localeCompare(
      `${b.hour.toISOString()}${b.type}${b.currency}${b.customer_currency}`,
    ),
  );
  await trx
    .insertInto('ledger_rollups')
    .values(sorted)
    .onConflict((oc) =>
      oc.columns(['account_id', 'hour', 'type', 'currency', 'customer_currency']).doUpdateSet({
        count: sql`ledger_rollups.count + excluded.count`,
        amount: sql`ledger_rollups.amount + excluded.amount`,
        fee: sql`ledger_rollups.fee + excluded.fee`,
        net: sql`ledger_rollups.net + excluded.net`,
      }),
    )
    .execute();
}

/**
 * Appends entries to the ledger and adds them to the rollups. Call it inside the database
 * transaction that makes the change the entries record, so the two never disagree.
 */
export async function postLedger(trx: Transaction<Database>, entries: readonly LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  for (const entry of entries) checkEntry(entry);
  await trx.insertInto('balance_transactions').values(entries.map(toRow)).execute();
  await applyRollups(trx, rollupDeltas(entries));
}

export interface CurrencyBalance {
  currency: string;
  available: number;
  pending: number;
}

/**
 * Balances per currency, derived from the ledger only: what no payout has swept yet, split
 * by whether it has become available.
 */
export async function ledgerBalances(db: Executor, accountId: string, now: Date): Promise<CurrencyBalance[]> {
  const rows = await db
    .selectFrom('balance_transactions')
    .select([
      'currency',
      sql<string>`coalesce(sum(net) filter (where available_on <= ${now}), 0)::text`.as('available'),
      sql<string>`coalesce(sum(net) filter (where available_on > ${now}), 0)::text`.as('pending'),
    ])
    .where('account_id', '=', accountId)
    .where('payout_id', 'is', null)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    available: minorFromAggregate(row.available),
    pending: minorFromAggregate(row.pending),
  }));
}
