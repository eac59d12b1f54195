import { minorFromAggregate } from '@paydesk/domain';
import type { transactions } from '@paydesk/domain/contracts';
import { DAY_MS, HOUR_MS } from '@paydesk/domain/time';
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type AccountKey, type AccountRef, summaryCurrency } from '../accounts.ts';
import { isOneCharacterTerm, parseSearchTerm, type SearchTerm } from '../customer-search.ts';
import { CUBE_ATTRIBUTES, type Executor } from '../ledger.ts';
import {
  customerCurrencySql,
  dateRanges,
  type LinkConditions,
  transactionConditions,
  transactionsQuery,
} from './query.ts';

type Filters = transactions.TTransactionFilters;
type Summary = transactions.TTransactionsSummary;

/**
 * A list's summary from its count and total per currency (aggregates as text): the count of all
 * rows, and the total of one currency (`summaryCurrency`).
 */
export async function currencyTotals(
  rows: readonly { currency: string; count: string; total: string | null }[],
  account: AccountRef,
) {
  const totals = rows.map((row) => ({
    currency: row.currency,
    count: minorFromAggregate(row.count),
    total: minorFromAggregate(row.total),
  }));
  const currency = await summaryCurrency(
    account,
    totals.map((row) => row.currency),
  );
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

/** Paging, sorting and export settings: they select nothing. */
const SELECTING_NOTHING = ['page', 'pagesize', 'sort', 'direction', 'user_email', 'user_timezone', 'locale'];

/** Whether no filter narrows the list: every row of the account is in it. */
export function selectsEveryRow(filters: Filters): boolean {
  return Object.entries(filters).every(
    ([key, value]) =>
      value === undefined ||
      (Array.isArray(value) && value.length === 0) ||
      key === 'match' ||
      SELECTING_NOTHING.includes(key),
  );
}

/** The type and currency filters, which both the rollups and the sums per customer keep. */
const TYPE_AND_CURRENCY_FILTERS = [
  'type_is',
  'type_is_not',
  'type_is_in',
  'store_currency_is',
  'customer_currency_is',
  'customer_currency_is_not',
];

/** Filters the hourly rollups can answer: dates, types and currencies, all of them applying. */
const ROLLUP_FILTERS = new Set([
  'match',
  'date_before',
  'date_after',
  'date_between',
  ...TYPE_AND_CURRENCY_FILTERS,
  ...SELECTING_NOTHING,
]);

/**
 * Filters the sums per customer (`ledger_customers`) answer: the search and the attributes they
 * keep (type, currencies, country, payment method type), in any combination.
 */
const CUSTOMER_FILTERS = new Set([
  'match',
  'search',
  ...TYPE_AND_CURRENCY_FILTERS,
  'customer_country_is',
  'customer_country_is_not',
  'source_is',
  'source_is_not',
  ...SELECTING_NOTHING,
]);

/** Search terms that select whole customers: a name or e-mail prefix, or "name (e-mail)". */
const CUSTOMER_TERMS: ReadonlySet<SearchTerm['kind']> = new Set(['text', 'name_email']);

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

/** The type and currency filters on `ledger_rollups` (the list's deep pages use them). */
export function rollupTypeAndCurrency(
  e: ExpressionBuilder<Database, 'ledger_rollups'>,
  filters: Filters,
): Expression<SqlBool> {
  const customerCurrency = sql<string>`customer_currency`;
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

interface Sums {
  buckets: Bucket[];
  sources: string[];
}

/**
 * Sums per currency pair and payment method type, as text: few groups, summed per store currency
 * by `summarize` (cheaper than a distinct aggregate of the types in the database).
 */
function sumColumns(count: RawBuilder<string>) {
  return [
    'currency',
    customerCurrencySql.as('customer_currency'),
    'source',
    count.as('count'),
    sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
    sql<string>`coalesce(sum(fee), 0)::text`.as('fee'),
    sql<string>`coalesce(sum(net), 0)::text`.as('net'),
  ] as const;
}

const SUM_GROUPS = ['currency', sql`2`, 'source'] as const;

/** The buckets (summed per store currency by `summarize`), and the payment method types counted. */
function toSums(rows: readonly (Parameters<typeof toBucket>[0] & { source: string | null })[]): Sums {
  const buckets = rows.map(toBucket);
  const sources = rows.filter((row, i) => row.source !== null && (buckets[i]?.count ?? 0) > 0);
  return { buckets, sources: sources.map((row) => row.source as string) };
}

/** Periods of the ledger: those that start at each of `starts` and last `ms`. */
interface Periods {
  starts: readonly Date[];
  ms: number;
}

/**
 * Base-table sums of the rows the filters select, by currency pair, with their sources; only
 * of the rows created in `periods` when given.
 */
async function ledgerSums(
  db: Executor,
  accountId: AccountKey,
  filters: Filters,
  periods?: Periods,
): Promise<Sums> {
  const rows = await transactionsQuery(db, accountId, filters)
    .$if(periods !== undefined, (q) =>
      q.where((eb) =>
        eb.or(
          (periods?.starts ?? []).map((start) =>
            eb.and([
              eb('created_at', '>=', start),
              eb('created_at', '<', new Date(start.getTime() + (periods?.ms ?? 0))),
            ]),
          ),
        ),
      ),
    )
    .select(sumColumns(sql<string>`count(*)::text`))
    .groupBy(SUM_GROUPS)
    .execute();
  return toSums(rows);
}

/** Whether the cubes answer these filters: all but the search, which reads the customer's text. */
export function cubeEligible(filters: Filters): boolean {
  return filters.search === undefined || filters.search.length === 0;
}

/**
 * Whether the sums per customer answer these filters: a search whose every term selects whole
 * customers, with no filter but those the sums keep. An order number or an id selects single
 * rows, which the ledger's indexes find; a date or a payout needs the rows themselves.
 */
export function customerSumsEligible(filters: Filters): boolean {
  if (!filters.search || filters.search.length === 0) return false;
  if (!filters.search.every((term) => CUSTOMER_TERMS.has(parseSearchTerm(term).kind))) return false;
  return Object.entries(filters).every(([key, value]) => value === undefined || CUSTOMER_FILTERS.has(key));
}

/**
 * The table of sums per customer that answers a search: the sums per first letter of the name
 * and e-mail when every term is one character (a few thousand rows, where one character selects
 * a good part of the customers), else the sums per customer.
 */
export function customerSumsTable(search: readonly string[]): 'ledger_customers' | 'ledger_customer_letters' {
  return search.every((term) => isOneCharacterTerm(parseSearchTerm(term)))
    ? 'ledger_customer_letters'
    : 'ledger_customers';
}

/**
 * Sums from `ledger_customers` or `ledger_customer_letters` (`customerSumsTable`), their rows
 * named as the ledger's so that the list's own conditions (the search's prefix ranges among them)
 * select them.
 */
async function customerSums(db: Executor, accountId: AccountKey, filters: Filters): Promise<Sums> {
  // Both tables have the same columns (schema.ts), so one builder's type serves either.
  const table = customerSumsTable(filters.search ?? []) as 'ledger_customers';
  const cells = db.selectFrom(table).selectAll().where('account_id', '=', accountId);
  return toSums(await cellSums(db, cells, accountId, filters));
}

/** What a cell of stored sums has: the columns the summary groups by, and the sums. */
interface SummedCell {
  currency: string;
  customer_currency: string | null;
  source: string | null;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/**
 * The sums of stored cells (the cubes', the sums per customer), the cells named as the ledger's
 * rows so that the list's own conditions select them, grouped as the ledger's rows are summed.
 */
function cellSums<TB extends keyof Database, O extends SummedCell>(
  db: Executor,
  cells: SelectQueryBuilder<Database, TB, O>,
  accountId: AccountKey,
  filters: Filters,
  links?: LinkConditions,
) {
  const named = cells as unknown as SelectQueryBuilder<Database, 'ledger_cube', SummedCell>;
  return db
    .selectFrom(named.as('balance_transactions'))
    .where((eb) =>
      transactionConditions(
        eb as unknown as ExpressionBuilder<Database, 'balance_transactions'>,
        accountId,
        filters,
        links,
      ),
    )
    .select(sumColumns(sql<string>`coalesce(sum(count), 0)::text`))
    .groupBy(SUM_GROUPS)
    .execute();
}

/**
 * The starts of the UTC periods of `ms` (days, hours) that a date rule's bound falls inside. In
 * any other period every date rule holds for all of the period's rows or for none, exactly as it
 * holds for the period's start.
 */
export function cutPeriods(filters: Filters, ms: number): Date[] {
  const starts = new Set<number>();
  for (const range of dateRanges(filters)) {
    for (const bound of [range.from, range.to]) {
      if (bound && bound.getTime() % ms !== 0) starts.add(Math.floor(bound.getTime() / ms) * ms);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => new Date(start));
}

const CELL_COLUMNS = [...CUBE_ATTRIBUTES, 'count', 'amount', 'fee', 'net'] as const;

/**
 * A cell's `loan_id` already names the loan a payment was repaid from (the ledger's cube key), and
 * its `payout_id` the payout that swept its rows.
 */
const CUBE_LINKS: LinkConditions = {
  loan: (eb, loanIds) => eb('loan_id', 'in', loanIds),
  deposit: (_eb, payoutId) => sql<SqlBool>`payout_id = ${payoutId}`,
};

/**
 * Sums from the cubes, their cells named as the ledger's rows so that the list's own conditions
 * select them (the period's start standing for `created_at`): the daily cube for the days no
 * date rule cuts, the hourly one for the hours of the cut days that no rule cuts, and the ledger
 * rows of the cut hours.
 */
async function cubeSums(db: Executor, accountId: AccountKey, filters: Filters): Promise<Sums> {
  const cutDays = cutPeriods(filters, DAY_MS);
  const cutHours = cutPeriods(filters, HOUR_MS);
  const days = db
    .selectFrom('ledger_cube')
    .select(['day as created_at', ...CELL_COLUMNS])
    .where('account_id', '=', accountId)
    .$if(cutDays.length > 0, (q) => q.where('day', 'not in', cutDays));
  const cells =
    cutDays.length === 0
      ? days
      : days.unionAll(
          db
            .selectFrom('ledger_cube_hours')
            .select(['hour as created_at', ...CELL_COLUMNS])
            .where('account_id', '=', accountId)
            .where((eb) =>
              eb.or(
                cutDays.map((day) =>
                  eb.and([eb('hour', '>=', day), eb('hour', '<', new Date(day.getTime() + DAY_MS))]),
                ),
              ),
            )
            .$if(cutHours.length > 0, (q) => q.where('hour', 'not in', cutHours)),
        );
  const [whole, edges] = await Promise.all([
    cellSums(db, cells, accountId, filters, CUBE_LINKS),
    cutHours.length > 0
      ? ledgerSums(db, accountId, filters, { starts: cutHours, ms: HOUR_MS })
      : { buckets: [], sources: [] },
  ]);
  const sums = toSums(whole);
  return {
    buckets: [...sums.buckets, ...edges.buckets],
    sources: [...sums.sources, ...edges.sources],
  };
}

/** The summary of the ledger rows themselves, whatever the filters: what the cube must equal. */
export async function ledgerSummary(db: Executor, account: AccountRef, filters: Filters): Promise<Summary> {
  return summarize(account, filters, await ledgerSums(db, account.id, filters));
}

/**
 * `GET {base}/transactions/summary`: how many rows the filters select and their totals per store
 * currency. Every filter but the search is answered from the cubes; a search of customers, with
 * the attributes kept per customer, from the sums per customer; anything else from the rows.
 */
export async function transactionsSummary(
  db: Executor,
  account: AccountRef,
  filters: Filters,
): Promise<Summary> {
  if (customerSumsEligible(filters))
    return summarize(account, filters, await customerSums(db, account.id, filters));
  if (!cubeEligible(filters)) return await ledgerSummary(db, account, filters);
  return summarize(account, filters, await cubeSums(db, account.id, filters));
}

async function summarize(
  account: AccountRef,
  filters: Filters,
  { buckets, sources }: Sums,
): Promise<Summary> {
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
  const currency = await summaryCurrency(
    account,
    totals.map((row) => row.currency),
    filters.store_currency_is,
  );
  const main = byCurrency.get(currency);
  return {
    count: totals.reduce((sum, row) => sum + row.count, 0),
    total: main?.total ?? 0,
    fees: main?.fees ?? 0,
    net: main?.net ?? 0,
    currency,
    store_currencies: totals.map((row) => row.currency),
    customer_currencies: [...customerCurrencies].sort(),
    sources: [...new Set(sources)].sort(),
    totals,
  };
}
