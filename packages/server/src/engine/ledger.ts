import { assert, minorFromAggregate } from '@paydesk/domain';
import { HOUR_MS } from '@paydesk/domain/time';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, LedgerType } from '../db/schema.ts';
import { customerCurrencySql } from './transactions/query.ts';

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

/** The attributes of a cube cell besides its account, period and sums, in the order of its key. */
export const CUBE_ATTRIBUTES = [
  'type',
  'currency',
  'customer_currency',
  'customer_country',
  'source',
  'channel',
  'source_device',
  'risk_level',
  'payout_id',
  'loan_id',
] as const;

/**
 * The cubes: the ledger's sums by every attribute the transactions filters read, per UTC day
 * (`ledger_cube`, migration 0037) and per UTC hour (`ledger_cube_hours`, 0039), each keyed by
 * account, period and the attributes, in that order.
 */
export const CUBES = [
  { table: 'ledger_cube', period: 'day' },
  { table: 'ledger_cube_hours', period: 'hour' },
] as const;

export type Cube = (typeof CUBES)[number];

/** The columns of a cube's unique key. */
function cubeKeyColumns(cube: Cube) {
  return sql.join([sql.id('account_id'), sql.id(cube.period), ...CUBE_ATTRIBUTES.map((c) => sql.id(c))]);
}

/** One side of a change to a cube: rows join (`sign` 1) or leave (-1) the cells of `payout`. */
interface CubeSide {
  /** The payout that swept the rows; null for rows no payout has swept. */
  payout: string | null;
  sign: 1 | -1;
}

/**
 * The upsert that adds ledger rows `b` to a cube's cells, or takes them out, once per side: new
 * rows join the unswept cells, a payout's rows move from one payout's cells to another's. The
 * cells are written in key order, so concurrent writers lock shared cells in one order.
 * `rows.from` is the SQL after `from` that gives `b` with the ledger's columns, `rows.where`
 * which of them, `loan` each row's loan in the cube.
 */
function cubeCellsSql(
  cube: Cube,
  rows: { from: RawBuilder<unknown>; where: RawBuilder<unknown> },
  loan: RawBuilder<unknown>,
  sides: readonly CubeSide[],
) {
  const values = sql.join(sides.map((side) => sql`(${side.payout}::text, ${side.sign}::int)`));
  return sql`
    insert into ${sql.id(cube.table)} as c (${cubeKeyColumns(cube)}, count, amount, fee, net)
    select b.account_id, date_trunc(${cube.period}, b.created_at, 'UTC'), b.type, b.currency,
           b.customer_currency, b.customer_country, b.source, b.channel, b.source_device,
           b.risk_level, m.payout_id, ${loan}, m.sign * count(*), m.sign * sum(b.amount),
           m.sign * sum(b.fee), m.sign * sum(b.net)
      from ${rows.from}
     cross join (values ${values}) as m(payout_id, sign)
     where ${rows.where}
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, m.sign
     order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
    on conflict (${cubeKeyColumns(cube)})
    do update set count = c.count + excluded.count, amount = c.amount + excluded.amount,
                  fee = c.fee + excluded.fee, net = c.net + excluded.net`;
}

/** Which payout's cells rows leave (`from`) and join (`to`); null for rows no payout swept. */
export interface PayoutMove {
  from: string | null;
  to: string | null;
}

const moveSides = (move: PayoutMove): CubeSide[] => [
  { payout: move.to, sign: 1 },
  { payout: move.from, sign: -1 },
];

/**
 * One data-modifying `with` per cube (`<rows>_day`, `<rows>_hour`) writing the ledger rows of the
 * statement's earlier `with` named `rows` (with their cube loan as `cube_loan_id`) to its cells.
 */
function cubeCellsCtes(rows: 'added' | 'moved', sides: readonly CubeSide[]) {
  return sql.join(
    CUBES.map(
      (cube) => sql`${sql.id(`${rows}_${cube.period}`)} as (
        ${cubeCellsSql(cube, { from: sql`${sql.id(rows)} b`, where: sql`true` }, sql`b.cube_loan_id`, sides)}
      )`,
    ),
  );
}

/**
 * Adds new ledger rows (entries already written), found by their ids, to the hourly rollups and to the unswept cells of
 * every cube, in one statement after the rows are written in the same transaction. The rows are
 * read once, by primary key; a payment's loan is that of the repayment withheld from it, which
 * is written with it (`repaidLoansJoin`, found by charge), so the sums are right whether the two
 * came in one insert or in two. The sums are made by the database from the rows as stored:
 * written by the seeder, about a tenth of its Node's work was making them
 * (docs/performance.md, "The ledger's sums made by the database").
 */
export async function addToLedgerSums(
  trx: Executor,
  entries: readonly Pick<LedgerEntry, 'id'>[],
): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((entry) => entry.id);
  await sql`
    with added as materialized (
      select b.account_id, b.created_at, b.type, b.currency, b.customer_currency,
             b.customer_country, b.source, b.channel, b.source_device, b.risk_level,
             b.amount, b.fee, b.net, ${cubeLoanSql} as cube_loan_id
        from balance_transactions b ${repaidLoansJoin}
       where b.id = any(${ids}::text[])
    ), rollups as (
      insert into ledger_rollups as r (account_id, hour, type, currency, customer_currency,
                                       count, amount, fee, net)
      select account_id, date_trunc('hour', created_at, 'UTC'), type, currency,
             ${customerCurrencySql}, count(*), sum(amount), sum(fee), sum(net)
        from added
       group by 1, 2, 3, 4, 5
       order by 1, 2, 3, 4, 5
      on conflict (account_id, hour, type, currency, customer_currency)
      do update set count = r.count + excluded.count, amount = r.amount + excluded.amount,
                    fee = r.fee + excluded.fee, net = r.net + excluded.net
    ), ${cubeCellsCtes('added', [{ payout: null, sign: 1 }])}
    select 1`.execute(trx);
}

/**
 * Moves a payout's ledger rows between cells of the cube before releasing them (`from` the
 * payout, `to` null), in the same transaction. The rows are found by their payout in
 * `ledger_payouts`. A sweep moves its rows itself (`sweepIntoPayout`).
 */
export async function movePayoutInCube(trx: Executor, payoutId: string, move: PayoutMove): Promise<void> {
  const rows = {
    from: sql`balance_transactions b join ledger_payouts lp on lp.seq = b.seq ${repaidLoansJoin}`,
    where: sql`lp.payout_id = ${payoutId}`,
  };
  for (const cube of CUBES) await cubeCellsSql(cube, rows, cubeLoanSql, moveSides(move)).execute(trx);
}

/**
 * Sweeps ledger rows into a payout in one statement: takes them out of `ledger_unswept`, records
 * the payout of each in `ledger_payouts` (migration 0049), and moves them from the unswept cells
 * of every cube to the payout's. Each row is read once, by primary key (found so even while the
 * seeder has the secondary indexes dropped); the ledger rows themselves are not written.
 * Moving them in the cube by statements of their own read them again for each cube: a quarter
 * of the seeder's server time at 1M rows (docs/performance.md, "Where a seed's server time
 * goes"). Answers how many rows were swept.
 */
export async function sweepIntoPayout(
  trx: Executor,
  payoutId: string,
  txnIds: readonly string[],
): Promise<number> {
  const result = await sql<{ swept: string }>`
    with swept as (
      delete from ledger_unswept u
       using balance_transactions b
       where b.id = any(${txnIds}::text[]) and u.seq = b.seq
      returning b.seq, b.created_at, b.account_id, b.type, b.currency, b.customer_currency,
                b.customer_country, b.source, b.channel, b.source_device, b.risk_level, b.loan_id,
                b.charge_id, b.amount, b.fee, b.net
    ), recorded as (
      insert into ledger_payouts (seq, payout_id, created_at)
      select seq, ${payoutId}, created_at from swept order by seq
      returning 1
    ), moved as (
      select b.*, ${cubeLoanSql} as cube_loan_id from swept b ${repaidLoansJoin}
    ), ${cubeCellsCtes('moved', moveSides({ from: null, to: payoutId }))}
    select count(*)::text as swept from recorded`.execute(trx);
  return Number(result.rows[0]!.swept);
}

/**
 * The ledger rows a payout swept, as `b` (with their account, type, amount, fee and net): the
 * payout's range of `ledger_payouts_payout_idx`, each row then found by its `seq`. `offset 0`
 * keeps that a loop: joined plainly, the planner hashed the whole ledger for a payout of a few
 * thousand rows (a reconciliation took 37 ms instead of 7 at 100k rows).
 */
export function payoutLedgerRows(db: Executor, payoutId: string) {
  return db
    .selectFrom('ledger_payouts as lp')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('balance_transactions as row')
          .select(['row.account_id', 'row.type', 'row.amount', 'row.fee', 'row.net'])
          .whereRef('row.seq', '=', 'lp.seq')
          .offset(0)
          .as('b'),
      (join) => join.onTrue(),
    )
    .where('lp.payout_id', '=', payoutId);
}

/**
 * Gives a failed payout's rows back to the balance: deletes them from `ledger_payouts` and lists
 * them in `ledger_unswept` again, in one statement. Move them in the cube first
 * (`movePayoutInCube`). Answers how many rows were released.
 */
export async function releaseSweep(trx: Executor, payoutId: string): Promise<number> {
  const result = await sql<{ released: string }>`
    with released as (
      delete from ledger_payouts where payout_id = ${payoutId} returning seq
    ), restored as (
      insert into ledger_unswept (seq, account_id, currency, available_on, net)
      select b.seq, b.account_id, b.currency, b.available_on, b.net
        from balance_transactions b join released r on r.seq = b.seq
       order by b.seq
      returning 1
    )
    select count(*)::text as released from restored`.execute(trx);
  return minorFromAggregate(result.rows[0]!.released);
}

/**
 * For a ledger row `b`, the loan whose repayment was withheld from it (`repaid.loan_id`): join
 * it where the cube's loan is derived from ledger rows in SQL (payout moves, `ledger:check`).
 */
export const repaidLoansJoin = sql`left join lateral (
    select p.loan_id from balance_transactions p
     where p.charge_id = b.charge_id and p.created_at = b.created_at
       and p.type = 'financing_paydown' and p.loan_id is not null
     order by p.loan_id limit 1
  ) repaid on b.type in ('charge', 'payment')`;

/** A ledger row's loan in the cube: its own, or that of the repayment withheld from it. */
export const cubeLoanSql = sql`coalesce(b.loan_id, repaid.loan_id)`;

/**
 * Appends entries to the ledger and adds them to the rollups and cubes (`addToLedgerSums`). Call
 * it inside the database transaction that makes the change the entries record, so the two never
 * disagree.
 */
export async function postLedger(trx: Transaction<Database>, entries: readonly LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  for (const entry of entries) checkEntry(entry);
  for (let i = 0; i < entries.length; i += POST_CHUNK_ROWS) {
    await trx
      .insertInto('balance_transactions')
      .values(entries.slice(i, i + POST_CHUNK_ROWS).map(toRow))
      .execute();
  }
  await addToLedgerSums(trx, entries);
}

/** Ledger rows per insert statement (about 13,000 parameters). */
const POST_CHUNK_ROWS = 500;

export interface CurrencyBalance {
  currency: string;
  available: number;
  pending: number;
}

/**
 * Balances per currency, derived from the ledger only: what no payout has swept yet
 * (`ledger_unswept`, which the ledger's insert trigger writes), split by whether it has become
 * available. The hours before and after the present one are summed from their cells
 * (`ledger_unswept_hours`, which that table's triggers keep), the present hour from its rows, so
 * the balances read about a few hundred cells and an hour of rows whatever the store's size.
 */
export async function ledgerBalances(db: Executor, accountId: string, now: Date): Promise<CurrencyBalance[]> {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const hourEnd = new Date(hourStart.getTime() + HOUR_MS);
  const result = await sql<{ currency: string; available: string; pending: string }>`
    with cells as (
      select currency,
             coalesce(sum(net) filter (where hour < ${hourStart}), 0) as before,
             coalesce(sum(net) filter (where hour > ${hourStart}), 0) as after
        from ledger_unswept_hours
       where account_id = ${accountId}
       group by currency
    )
    select c.currency,
           (c.before + coalesce(r.available, 0))::text as available,
           (c.after + coalesce(r.pending, 0))::text as pending
      from cells c
      cross join lateral (
        select sum(u.net) filter (where u.available_on <= ${now}) as available,
               sum(u.net) filter (where u.available_on > ${now}) as pending
          from ledger_unswept u
         where u.account_id = ${accountId} and u.currency = c.currency
           and u.available_on >= ${hourStart} and u.available_on < ${hourEnd}
      ) r
     order by c.currency`.execute(db);
  return result.rows.map((row) => ({
    currency: row.currency,
    available: minorFromAggregate(row.available),
    pending: minorFromAggregate(row.pending),
  }));
}
