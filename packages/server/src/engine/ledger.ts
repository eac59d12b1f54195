import { assert, minorFromAggregate } from '@paydesk/domain';
import { DAY_MS, HOUR_MS } from '@paydesk/domain/time';
import { type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
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

/** Adds one entry to a bucket's count and sums. */
function addEntry<T extends { count: number; amount: number; fee: number; net: number }>(
  bucket: T,
  entry: LedgerEntry,
): T {
  bucket.count += 1;
  bucket.amount += entry.amount;
  bucket.fee += entry.fee;
  bucket.net += entry.amount - entry.fee;
  return bucket;
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
    buckets.set(key, addEntry(bucket, entry));
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
  { table: 'ledger_cube', period: 'day', ms: DAY_MS },
  { table: 'ledger_cube_hours', period: 'hour', ms: HOUR_MS },
] as const;

export type Cube = (typeof CUBES)[number];

type CubeAttributes = Pick<Selectable<Database['ledger_cube']>, (typeof CUBE_ATTRIBUTES)[number]>;

interface CubeDelta extends CubeAttributes {
  account_id: string;
  /** The start of the cell's day or hour. */
  start: Date;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** The start of the cube period (UTC day or hour) an instant falls in. */
export function cubePeriod(cube: Cube, at: Date): Date {
  return new Date(Math.floor(at.getTime() / cube.ms) * cube.ms);
}

/**
 * A cell's attributes as text, ordered as PostgreSQL orders them with nulls last; with the account
 * and period before them, a cell's key (for lock order).
 */
function cubeAttributesText(cell: CubeAttributes): string {
  return CUBE_ATTRIBUTES.map((column) => {
    const value = cell[column];
    if (value === null) return '\uffff';
    return typeof value === 'number' ? String(value + 1000).padStart(6, '0') : value;
  }).join('\u0000');
}

/** Ledger types whose rows a loan's repayment is withheld from. */
const REPAID_TYPES: readonly string[] = ['charge', 'payment'];

/**
 * Sums new entries (not yet swept by a payout) into their cells of every cube, in one pass: each
 * cube of `CUBES` with its cells, sorted by key. A repayment is
 * planned with the capture it is withheld from (same charge, same instant), so the payment's loan
 * is found among the same entries.
 */
export function cubeDeltas(entries: readonly LedgerEntry[]): { cube: Cube; deltas: CubeDelta[] }[] {
  const repaidBy = new Map<string, string>();
  for (const entry of entries) {
    if (entry.type !== 'financing_paydown' || !entry.charge_id || !entry.loan_id) continue;
    const key = `${entry.charge_id}|${entry.created_at.getTime()}`;
    const known = repaidBy.get(key);
    if (known === undefined || entry.loan_id < known) repaidBy.set(key, entry.loan_id);
  }
  const cubes = CUBES.map((cube) => ({ cube, cells: new Map<string, CubeDelta>() }));
  for (const entry of entries) {
    const repaid =
      REPAID_TYPES.includes(entry.type) && entry.charge_id
        ? (repaidBy.get(`${entry.charge_id}|${entry.created_at.getTime()}`) ?? null)
        : null;
    const attributes: CubeAttributes = {
      type: entry.type,
      currency: entry.currency,
      customer_currency: entry.customer_currency ?? null,
      customer_country: entry.customer_country ?? null,
      source: entry.source ?? null,
      channel: entry.channel ?? null,
      source_device: entry.source_device ?? null,
      risk_level: entry.risk_level ?? null,
      payout_id: null,
      loan_id: entry.loan_id ?? repaid,
    };
    const attributesText = cubeAttributesText(attributes);
    for (const { cube, cells } of cubes) {
      const start = cubePeriod(cube, entry.created_at);
      const key = `${entry.account_id}\u0000${start.toISOString()}\u0000${attributesText}`;
      const cell = cells.get(key) ?? { account_id: entry.account_id, start, ...attributes, ...NO_SUMS };
      cells.set(key, addEntry(cell, entry));
    }
  }
  return cubes.map(({ cube, cells }) => ({
    cube,
    deltas: [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, cell]) => cell),
  }));
}

/** The sums of a cell no entry has been added to. */
const NO_SUMS = { count: 0, amount: 0, fee: 0, net: 0 } as const;

/** The columns of a cube's unique key. */
function cubeKeyColumns(cube: Cube) {
  return sql.join([sql.id('account_id'), sql.id(cube.period), ...CUBE_ATTRIBUTES.map((c) => sql.id(c))]);
}

/** Adds deltas to a cube, in key order so concurrent writers lock its rows in one order. */
export async function applyCube(trx: Executor, cube: Cube, deltas: readonly CubeDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const columns = [...CUBE_ATTRIBUTES, 'count', 'amount', 'fee', 'net'] as const;
  for (let i = 0; i < deltas.length; i += CUBE_CHUNK_CELLS) {
    const rows = deltas
      .slice(i, i + CUBE_CHUNK_CELLS)
      .map(
        (delta) =>
          sql`(${sql.join([delta.account_id, delta.start, ...columns.map((column) => delta[column])])})`,
      );
    await sql`insert into ${sql.id(cube.table)} as c (${cubeKeyColumns(cube)}, count, amount, fee, net)
      values ${sql.join(rows)}
      on conflict (${cubeKeyColumns(cube)})
      do update set count = c.count + excluded.count, amount = c.amount + excluded.amount,
                    fee = c.fee + excluded.fee, net = c.net + excluded.net`.execute(trx);
  }
}

/** Cells per upsert: 16 parameters each, well under a statement's 65,535. */
const CUBE_CHUNK_CELLS = 2000;

/** Adds new entries to every cube (daily and hourly). */
export async function addToCubes(trx: Executor, entries: readonly LedgerEntry[]): Promise<void> {
  for (const { cube, deltas } of cubeDeltas(entries)) await applyCube(trx, cube, deltas);
}

/**
 * The upsert that moves ledger rows `b` between a payout's cells of a cube: from the cells of
 * `move.from` (null: not swept) to those of `move.to`. `rows.from` is the SQL after `from` that
 * gives `b` with the ledger's columns, `rows.where` which of them, `loan` each row's loan in the
 * cube.
 */
function cubeMoveSql(
  cube: Cube,
  rows: { from: RawBuilder<unknown>; where: RawBuilder<unknown> },
  loan: RawBuilder<unknown>,
  move: PayoutMove,
) {
  return sql`
    insert into ${sql.id(cube.table)} as c (${cubeKeyColumns(cube)}, count, amount, fee, net)
    select b.account_id, date_trunc(${cube.period}, b.created_at, 'UTC'), b.type, b.currency,
           b.customer_currency, b.customer_country, b.source, b.channel, b.source_device,
           b.risk_level, m.payout_id, ${loan}, m.sign * count(*), m.sign * sum(b.amount),
           m.sign * sum(b.fee), m.sign * sum(b.net)
      from ${rows.from}
     cross join (values (${move.to}::text, 1), (${move.from}::text, -1)) as m(payout_id, sign)
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
  for (const cube of CUBES) await cubeMoveSql(cube, rows, cubeLoanSql, move).execute(trx);
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
  const move: PayoutMove = { from: null, to: payoutId };
  const cubes = CUBES.map(
    (cube) => sql`${sql.id(`moved_${cube.period}`)} as (
      ${cubeMoveSql(cube, { from: sql`moved b`, where: sql`true` }, sql`b.cube_loan_id`, move)}
    )`,
  );
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
    ), ${sql.join(cubes)}
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
 * Appends entries to the ledger and adds them to the rollups. Call it inside the database
 * transaction that makes the change the entries record, so the two never disagree.
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
  await applyRollups(trx, rollupDeltas(entries));
  // Over all the entries at once: a payment's cube row names the loan of its repayment.
  await addToCubes(trx, entries);
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
