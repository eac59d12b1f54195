import { minorFromAggregate } from '@paydesk/domain';
import type { transactions } from '@paydesk/domain/contracts';
import { HOUR_MS } from '@paydesk/domain/time';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../ledger.ts';
import { customerCurrencySql, type DateRange, dateRanges, transactionsQuery } from './query.ts';

type Filters = transactions.TTransactionFilters;
type Summary = transactions.TTransactionsSummary;

/**
 * A list's summary from its count and total per currency (aggregates as text): the count of all
 * rows, and the total of one currency, the only one when all rows share it, else the store's.
 */
export function currencyTotals(
  rows: readonly { currency: string; count: string; total: string | null }[],
  defaultCurrency: string,
) {
  const totals = rows.map((row) => ({
    currency: row.currency,
    count: minorFromAggregate(row.count),
    total: minorFromAggregate(row.total),
  }));
  const currency = totals.length === 1 ? (totals[0]?.currency ?? defaultCurrency) : defaultCurrency;
  return {
    count: totals.reduce((sum, row) => sum + row.count, 0),
    total: totals.find((row) => row.currency === currency)?.total ?? 0,
    currency,
    all_currencies: totals.map((row) => row.currency),
    totals,
  };
}

/** Sums of one (store currency, customer currency) pair. */
interface Bucket {
  currency: string;
  customer_currency: string;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** Filters the hourly rollups can answer: dates, types and currencies, all of them applying. */
const ROLLUP_FILTERS = new Set([
  'match',
  'date_before',
  'date_after',
  'date_between',
  'type_is',
  'type_is_not',
  'type_is_in',
  'store_currency_is',
  'customer_currency_is',
  'customer_currency_is_not',
  // Paging, sorting and export settings select nothing.
  'page',
  'pagesize',
  'sort',
  'direction',
  'user_email',
  'user_timezone',
  'locale',
]);

const ADVANCED = [
  'date_before',
  'date_after',
  'date_between',
  'type_is',
  'type_is_not',
  'customer_currency_is',
  'customer_currency_is_not',
] as const;

/**
 * Whether the rollups answer these filters: only dates, types and currencies are set, and they
 * all apply (with `match=any`, at most one advanced rule, which then applies alone).
 */
export function rollupEligible(filters: Filters): boolean {
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && !ROLLUP_FILTERS.has(key)) return false;
  }
  const advanced = ADVANCED.filter((key) => filters[key] !== undefined).length;
  return filters.match !== 'any' || advanced <= 1;
}

/** The intersection of the date rules: they all apply when the rollups answer. */
function intersect(ranges: DateRange[]): DateRange {
  const range: DateRange = {};
  for (const next of ranges) {
    if (next.from && (!range.from || next.from > range.from)) range.from = next.from;
    if (next.to && (!range.to || next.to < range.to)) range.to = next.to;
  }
  return range;
}

type AnyTable = 'balance_transactions' | 'ledger_rollups';

/** The type and currency filters, on a table that has `type`, `currency` and a customer currency. */
function typeAndCurrency<T extends AnyTable>(
  eb: ExpressionBuilder<Database, T>,
  filters: Filters,
  customerCurrency: Expression<string>,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'ledger_rollups'>;
  const conditions: Expression<SqlBool>[] = [];
  if (filters.type_is) conditions.push(e('type', '=', filters.type_is));
  if (filters.type_is_not) conditions.push(e('type', '<>', filters.type_is_not));
  if (filters.type_is_in) conditions.push(e('type', 'in', filters.type_is_in));
  if (filters.store_currency_is) conditions.push(e('currency', '=', filters.store_currency_is));
  if (filters.customer_currency_is)
    conditions.push(sql<SqlBool>`${customerCurrency} = ${filters.customer_currency_is}`);
  if (filters.customer_currency_is_not)
    conditions.push(sql<SqlBool>`${customerCurrency} <> ${filters.customer_currency_is_not}`);
  return e.and(conditions);
}

const sums = {
  count: sql<string>`count(*)::text`,
  amount: sql<string>`coalesce(sum(amount), 0)::text`,
  fee: sql<string>`coalesce(sum(fee), 0)::text`,
  net: sql<string>`coalesce(sum(net), 0)::text`,
};

/** A bucket's columns besides the store currency: the customer currency, the count and the sums. */
function bucketSums(customerCurrency: Expression<string>, count: RawBuilder<string>) {
  return [
    sql<string>`${customerCurrency}`.as('customer_currency'),
    count.as('count'),
    sums.amount.as('amount'),
    sums.fee.as('fee'),
    sums.net.as('net'),
  ] as const;
}

function toBucket(row: {
  currency: string;
  customer_currency: string;
  count: string;
  amount: string;
  fee: string;
  net: string;
}): Bucket {
  return {
    currency: String(row.currency),
    customer_currency: String(row.customer_currency),
    count: minorFromAggregate(row.count),
    amount: minorFromAggregate(row.amount),
    fee: minorFromAggregate(row.fee),
    net: minorFromAggregate(row.net),
  };
}

/** Base-table sums of the rows created in `[from, to)`, by currency pair. */
async function ledgerEdge(
  db: Executor,
  accountId: string,
  filters: Filters,
  from: Date | undefined,
  to: Date | undefined,
): Promise<Bucket[]> {
  if (from && to && from >= to) return [];
  const rows = await db
    .selectFrom('balance_transactions')
    .select(['currency', ...bucketSums(customerCurrencySql, sums.count)])
    .where('account_id', '=', accountId)
    .$if(from !== undefined, (q) => q.where('created_at', '>=', from as Date))
    .$if(to !== undefined, (q) => q.where('created_at', '<', to as Date))
    .where((eb) => typeAndCurrency(eb, filters, customerCurrencySql))
    .groupBy(['currency', sql`2`])
    .execute();
  return rows.map(toBucket);
}

/**
 * Sums from the hourly rollups for the whole hours of the range, and from the ledger for the
 * partial hours at either end; the cost does not grow with the number of rows.
 */
/** The type and currency filters on `ledger_rollups` (the list's deep pages use them too). */
export function rollupTypeAndCurrency(eb: ExpressionBuilder<Database, 'ledger_rollups'>, filters: Filters) {
  return typeAndCurrency(eb, filters, sql<string>`customer_currency`);
}

async function rollupBuckets(db: Executor, accountId: string, filters: Filters): Promise<Bucket[]> {
  const range = intersect(dateRanges(filters));
  const firstHour = range.from ? new Date(Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS) : undefined;
  const endHour = range.to ? new Date(Math.floor(range.to.getTime() / HOUR_MS) * HOUR_MS) : undefined;
  if (range.from && range.to && firstHour && endHour && firstHour >= endHour) {
    return ledgerEdge(db, accountId, filters, range.from, range.to);
  }
  const customerCurrency = sql<string>`customer_currency`;
  const [whole, head, tail] = await Promise.all([
    db
      .selectFrom('ledger_rollups')
      .select(['currency', ...bucketSums(customerCurrency, sql<string>`coalesce(sum(count), 0)::text`)])
      .where('account_id', '=', accountId)
      .$if(firstHour !== undefined, (q) => q.where('hour', '>=', firstHour as Date))
      .$if(endHour !== undefined, (q) => q.where('hour', '<', endHour as Date))
      .where((eb) => typeAndCurrency(eb, filters, customerCurrency))
      .groupBy(['currency', 'customer_currency'])
      .execute(),
    range.from ? ledgerEdge(db, accountId, filters, range.from, firstHour) : [],
    range.to ? ledgerEdge(db, accountId, filters, endHour, range.to) : [],
  ]);
  return [...whole.map(toBucket), ...head, ...tail];
}

/** Base-table sums of the rows the filters select, by currency pair, and their sources. */
async function ledgerBuckets(
  db: Executor,
  accountId: string,
  filters: Filters,
): Promise<{ buckets: Bucket[]; sources: string[] }> {
  const rows = await transactionsQuery(db, accountId, filters)
    .select([
      'currency',
      customerCurrencySql.as('customer_currency'),
      sums.count.as('count'),
      sums.amount.as('amount'),
      sums.fee.as('fee'),
      sums.net.as('net'),
      sql<string[] | null>`array_agg(distinct source) filter (where source is not null)`.as('sources'),
    ])
    .groupBy(['currency', sql`2`])
    .execute();
  const sources = new Set<string>();
  for (const row of rows) for (const source of row.sources ?? []) sources.add(source);
  return { buckets: rows.map(toBucket), sources: [...sources].sort() };
}

/**
 * The payment method types among the selected rows, without reading them all: each type in the
 * ledger (a loose index scan of `bt_source_idx`, one probe per type) is kept when one selected
 * row has it.
 */
async function sourcesOf(db: Executor, accountId: string, filters: Filters): Promise<string[]> {
  const present = await sql<{ source: string }>`
    with recursive sources(source) as (
      (select source from balance_transactions
        where account_id = ${accountId} and source is not null order by source limit 1)
      union all
      select (select b.source from balance_transactions b
               where b.account_id = ${accountId} and b.source > s.source order by b.source limit 1)
        from sources s where s.source is not null
    )
    select source from sources where source is not null`.execute(db);
  const found = await Promise.all(
    present.rows.map(async ({ source }) => {
      const row = await transactionsQuery(db, accountId, { ...filters, match: 'all', source_is: source })
        .select(sql<number>`1`.as('one'))
        .limit(1)
        .executeTakeFirst();
      return row ? source : undefined;
    }),
  );
  return found.filter((source): source is string => source !== undefined);
}

/**
 * `GET {base}/transactions/summary`: how many rows the filters
 * select and their totals per store currency. Date, type and currency filters are answered from
 * the hourly rollups; any other filter sums the selected ledger rows.
 */
export async function transactionsSummary(
  db: Executor,
  account: { id: string; default_currency: string },
  filters: Filters,
): Promise<Summary> {
  const eligible = rollupEligible(filters);
  const { buckets, sources } = eligible
    ? {
        buckets: await rollupBuckets(db, account.id, filters),
        sources: await sourcesOf(db, account.id, filters),
      }
    : await ledgerBuckets(db, account.id, filters);
  const byCurrency = new Map<
    string,
    { currency: string; count: number; total: number; fees: number; net: number }
  >();
  const customerCurrencies = new Set<string>();
  for (const bucket of buckets) {
    if (bucket.count === 0) continue;
    customerCurrencies.add(bucket.customer_currency);
    const totals = byCurrency.get(bucket.currency) ?? {
      currency: bucket.currency,
      count: 0,
      total: 0,
      fees: 0,
      net: 0,
    };
    totals.count += bucket.count;
    totals.total += bucket.amount;
    totals.fees += bucket.fee;
    totals.net += bucket.net;
    byCurrency.set(bucket.currency, totals);
  }
  const totals = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  const currency =
    filters.store_currency_is ??
    (totals.length === 1 ? totals[0]?.currency : undefined) ??
    account.default_currency;
  const main = byCurrency.get(currency);
  return {
    count: totals.reduce((sum, row) => sum + row.count, 0),
    total: main?.total ?? 0,
    fees: main?.fees ?? 0,
    net: main?.net ?? 0,
    currency,
    store_currencies: totals.map((row) => row.currency),
    customer_currencies: [...customerCurrencies].sort(),
    sources,
    totals,
  };
}
