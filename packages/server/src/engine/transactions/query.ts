import type { transactions } from '@paydesk/domain/contracts';
import { DAY_MS, SECOND_MS } from '@paydesk/domain/time';
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKey } from '../accounts.ts';
import { customerKeys, parseSearchTerm, searchTermCondition, type TermLookups } from '../customer-search.ts';
import type { Executor } from '../ledger.ts';

/**
 * The transactions list's filters as SQL. The list, its summary and
 * the CSV export all start from `transactionsQuery`, so the three always agree on which rows a
 * set of filters means.
 *
 * Rows come from the ledger (`balance_transactions`), which carries copies of the attributes
 * the filters and the list need, so a page reads one table through one index; the indexes of
 * migrations 0002 and 0004 match the default sort and the selective filters.
 */

type TTransactionFilters = transactions.TTransactionFilters;
type FilterInstant = transactions.FilterInstant;
type TransactionSort = transactions.TransactionSort;
type Bt = SelectQueryBuilder<Database, 'balance_transactions', object>;
type BtExpression = ExpressionBuilder<Database, 'balance_transactions'>;

/**
 * The `balance_transactions` columns a list page or a CSV row needs; `seq` breaks ties in the
 * sort. Select these (not `*`) so rows stay narrow.
 */
export const TRANSACTION_LIST_COLUMNS = [
  'id',
  'seq',
  'type',
  'amount',
  'fee',
  'net',
  'currency',
  'customer_amount',
  'customer_currency',
  'charge_id',
  'payment_intent_id',
  'order_id',
  'loan_id',
  'available_on',
  'created_at',
  'customer_name',
  'customer_email',
  'customer_country',
  'risk_level',
  'channel',
  'source',
  'source_device',
] as const satisfies readonly (keyof Database['balance_transactions'])[];

export type TransactionListRow = Pick<
  Selectable<Database['balance_transactions']>,
  (typeof TRANSACTION_LIST_COLUMNS)[number]
>;

/** Start of the UTC day an instant falls in. */
function dayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/**
 * The first instant after a filter value: the next day for a day, the next second for a time
 * written to the second (the page sends the end of a day as 23:59:59), else the next millisecond.
 */
function endExclusive(value: FilterInstant): Date {
  if (value.dayOnly) return new Date(dayStart(value.at).getTime() + DAY_MS);
  const step = value.at.getTime() % SECOND_MS === 0 ? SECOND_MS : 1;
  return new Date(value.at.getTime() + step);
}

/** One date rule as a half-open range `[from, to)` of `created_at`; either end may be open. */
export interface DateRange {
  from?: Date;
  to?: Date;
}

/**
 * The date rules of the filters as ranges (between is sorted ascending). The payouts
 * list reads its date rules alike.
 */
export function dateRanges(
  filters: Pick<TTransactionFilters, 'date_before' | 'date_after' | 'date_between'>,
): DateRange[] {
  const ranges: DateRange[] = [];
  if (filters.date_before) ranges.push({ to: filters.date_before.at });
  if (filters.date_after) ranges.push({ from: endExclusive(filters.date_after) });
  if (filters.date_between) {
    const [first, second] = [...filters.date_between].sort((a, b) => a.at.getTime() - b.at.getTime());
    if (first && second) ranges.push({ from: first.at, to: endExclusive(second) });
  }
  return ranges;
}

function rangeCondition(eb: BtExpression, range: DateRange): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (range.from) parts.push(eb('created_at', '>=', range.from));
  if (range.to) parts.push(eb('created_at', '<', range.to));
  return eb.and(parts);
}

const isNot =
  (eb: BtExpression, column: 'type' | 'channel' | 'source_device' | 'customer_country' | 'source') =>
  (value: unknown) =>
    sql<SqlBool>`${eb.ref(column)} is distinct from ${value}`;

/**
 * The customer's currency; a row without one (a fee, a loan) is in the store currency. `ref`
 * names a ledger column, qualified by a table's alias where the statement needs it.
 */
export function customerCurrencyOf(
  ref: (column: 'customer_currency' | 'currency') => Expression<unknown>,
): RawBuilder<string> {
  return sql<string>`coalesce(${ref('customer_currency')}, ${ref('currency')})`;
}

/** `customerCurrencyOf` the ledger's own columns, as the filters and the summaries read it. */
export const customerCurrencySql = customerCurrencyOf((column) => sql.ref(column));

/**
 * The last four digits of a `charges` row's card (or its IBAN): what a row of the list shows as
 * its source identifier. Read where the charge is selected.
 */
export const chargeLast4Sql = sql<string | null>`coalesce(
  payment_method_details -> payment_method_type ->> 'last4',
  payment_method_details -> payment_method_type ->> 'iban_last4')`;

/**
 * The advanced rules: date, type, device, channel, country, risk, customer
 * currency and source, each is or is not. `match` combines them.
 */
function advancedConditions(eb: BtExpression, filters: TTransactionFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = dateRanges(filters).map((range) => rangeCondition(eb, range));
  if (filters.type_is) conditions.push(eb('type', '=', filters.type_is));
  if (filters.type_is_not) conditions.push(isNot(eb, 'type')(filters.type_is_not));
  if (filters.source_device_is) conditions.push(eb('source_device', '=', filters.source_device_is));
  if (filters.source_device_is_not) conditions.push(isNot(eb, 'source_device')(filters.source_device_is_not));
  if (filters.channel_is) conditions.push(eb('channel', '=', filters.channel_is));
  if (filters.channel_is_not) conditions.push(isNot(eb, 'channel')(filters.channel_is_not));
  if (filters.customer_country_is) conditions.push(eb('customer_country', '=', filters.customer_country_is));
  if (filters.customer_country_is_not)
    conditions.push(isNot(eb, 'customer_country')(filters.customer_country_is_not));
  if (filters.risk_level_is !== undefined) conditions.push(eb('risk_level', '=', filters.risk_level_is));
  if (filters.risk_level_is_not !== undefined)
    conditions.push(sql<SqlBool>`risk_level is distinct from ${filters.risk_level_is_not}`);
  if (filters.customer_currency_is)
    conditions.push(sql<SqlBool>`${customerCurrencySql} = ${filters.customer_currency_is}`);
  if (filters.customer_currency_is_not)
    conditions.push(sql<SqlBool>`${customerCurrencySql} <> ${filters.customer_currency_is_not}`);
  if (filters.source_is) conditions.push(eb('source', '=', filters.source_is));
  if (filters.source_is_not) conditions.push(isNot(eb, 'source')(filters.source_is_not));
  return conditions;
}

const LEDGER_KEYS = customerKeys();
export const nameKeySql = LEDGER_KEYS.name;
export const emailKeySql = LEDGER_KEYS.email;

/** How the ledger finds an order's rows and an id's rows. */
const LEDGER_LOOKUPS: TermLookups = {
  order: (number) => sql<SqlBool>`order_id in (select id from orders where number = ${number})`,
  id: (term) => {
    if (term.prefix === 'txn') return sql<SqlBool>`id = ${term.id}`;
    if (term.prefix === 'pi') return sql<SqlBool>`payment_intent_id = ${term.id}`;
    return sql<SqlBool>`charge_id = ${term.id}`;
  },
};

/**
 * The ledger rows of one account that the filters select, as a query without columns, order or
 * paging. Add what the caller needs:
 *
 * ```ts
 * transactionsQuery(db, account.id, filters)
 *   .select(TRANSACTION_LIST_COLUMNS)
 *   .$call((q) => orderTransactions(q, 'date', 'desc'))
 *   .limit(25)
 * ```
 *
 * The advanced rules combine by `filters.match`; the link filters (`type_is_in`,
 * `store_currency_is`, `loan_id_is`, `deposit_id`) and the search terms (any of them) always
 * narrow. `user_email`, `user_timezone` and `locale` select nothing: exports use them.
 */
export function transactionsQuery(db: Executor, accountId: AccountKey, filters: TTransactionFilters): Bt {
  return db
    .selectFrom('balance_transactions')
    .where('account_id', '=', accountId)
    .where((eb) => transactionConditions(eb, accountId, filters));
}

/** The account's loans that `loan_id_is` names, by Paydesk's id or Stripe's. */
export type LoanIds = SelectQueryBuilder<Database, 'loans', { id: string }>;

/**
 * How rows answer the two filters that name another object. `loan`: which rows the loan filter
 * keeps, given the loans it names. `deposit`: which rows the deposit filter keeps, given the
 * payout's id.
 */
export interface LinkConditions {
  loan: (eb: BtExpression, loanIds: LoanIds) => Expression<SqlBool>;
  deposit: (eb: BtExpression, payoutId: string) => Expression<SqlBool>;
}

/**
 * On the ledger. The loan's own rows (disbursement, repayments) and the payments its repayments
 * were withheld from (charge or payment rows): a repayment row carries the charge it was taken
 * from. The rows the payout swept, kept in `ledger_payouts` (migration 0049): matching their
 * time too lets the planner walk the payout's rows in the list's order
 * (`ledger_payouts_payout_idx`) and find each in the list's index, instead of reading the
 * account's whole list for them.
 */
export const LEDGER_LINKS: LinkConditions = {
  loan: (eb, loanIds) =>
    eb.or([
      eb('loan_id', 'in', loanIds),
      eb.and([
        eb('type', 'in', ['charge', 'payment']),
        eb(
          'charge_id',
          'in',
          eb
            .selectFrom('balance_transactions as paydown')
            .select('paydown.charge_id')
            .where('paydown.type', '=', 'financing_paydown')
            .where('paydown.loan_id', 'in', loanIds)
            .where('paydown.charge_id', 'is not', null),
        ),
      ]),
    ]),
  deposit: (eb, payoutId) =>
    eb.exists(
      eb
        .selectFrom('ledger_payouts as lp')
        .select(sql.lit(1).as('swept'))
        .whereRef('lp.seq', '=', 'balance_transactions.seq')
        .whereRef('lp.created_at', '=', 'balance_transactions.created_at')
        .where('lp.payout_id', '=', payoutId),
    ),
};

/**
 * The keys of a payout's rows that `filters` keep, in the list's date order, walked from the
 * payout's own index (`ledger_payouts_payout_idx`) and joined to the ledger on `seq` alone: a
 * swept row keeps its ledger row's time, so the payout's order is the list's. The list's
 * condition (`LEDGER_LINKS.deposit`) matches time and `seq` both, which PostgreSQL estimates as
 * a single row whatever the payout's size; at 10,000,000 rows that estimate made a page of the
 * largest payout cost enough to be planned with parallel workers and compiled (JIT): 40 ms
 * against 0.3 ms (docs/performance.md, "Ten million rows").
 */
export function payoutRowKeys(
  db: Executor,
  accountId: AccountKey,
  filters: TTransactionFilters & { deposit_id: string },
  direction: 'asc' | 'desc',
) {
  const { deposit_id, ...others } = filters;
  return (
    db
      .selectFrom(
        db
          .selectFrom('ledger_payouts')
          .select(['seq as swept_seq', 'created_at as swept_at'])
          .where('payout_id', '=', deposit_id)
          .as('lp'),
      )
      .innerJoin('balance_transactions', 'balance_transactions.seq', 'lp.swept_seq')
      .where('balance_transactions.account_id', '=', accountId)
      // The payout's rows are named apart (`swept_…`), so the conditions' column names read the
      // ledger's alone.
      .where((eb) => transactionConditions(eb as unknown as BtExpression, accountId, others))
      .select('balance_transactions.seq')
      .orderBy('lp.swept_at', direction)
      .orderBy('lp.swept_seq', direction)
  );
}

/**
 * The condition `transactionsQuery` puts on the account's rows. It reads the ledger's columns by
 * name only, so it applies as well to rows of the same names (the cube's sums), given how those
 * rows answer the loan and deposit filters (`links`).
 */
export function transactionConditions(
  eb: BtExpression,
  accountId: AccountKey,
  filters: TTransactionFilters,
  links: LinkConditions = LEDGER_LINKS,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const advanced = advancedConditions(eb, filters);
  if (advanced.length > 0) conditions.push(filters.match === 'any' ? eb.or(advanced) : eb.and(advanced));
  if (filters.type_is_in) conditions.push(eb('type', 'in', filters.type_is_in));
  if (filters.store_currency_is) conditions.push(eb('currency', '=', filters.store_currency_is));
  if (filters.deposit_id) conditions.push(links.deposit(eb, filters.deposit_id));
  if (filters.loan_id_is) {
    const loanId = filters.loan_id_is;
    const loanIds = eb
      .selectFrom('loans')
      .select('id')
      .where('account_id', '=', accountId)
      .where((loan) => loan.or([loan('stripe_loan_id', '=', loanId), loan('id', '=', loanId)]));
    conditions.push(links.loan(eb, loanIds));
  }
  if (filters.search && filters.search.length > 0) {
    conditions.push(
      eb.or(
        filters.search.map((term) => searchTermCondition(LEDGER_KEYS, parseSearchTerm(term), LEDGER_LOOKUPS)),
      ),
    );
  }
  return eb.and(conditions);
}

type LedgerRef = (column: keyof Database['balance_transactions']) => Expression<unknown>;

/**
 * The hour a time falls in, counted from a fixed origin (`date_bin` is immutable, so indexes may
 * hold it). The index of a sort whose values repeat over many rows holds it after the value
 * (migration 0057): ordering by the value, then this hour, then the time is the same order as by
 * the value then the time, and PostgreSQL, reading the index, sorts one value's hour of rows at a
 * time instead of all of a value's rows.
 */
function hourOf(time: Expression<unknown>): RawBuilder<unknown> {
  return sql`date_bin('1 hour', ${time}, timestamptz '2000-01-01 00:00:00+00')`;
}

/**
 * What each sort key orders by before the date and `seq`, each an index's leading columns after
 * the account (migrations 0034, 0054, 0057):
 * - a column, whose index deduplicates its repeated values;
 * - for the customer's currency the expression the filter reads (`customerCurrencyOf`), so that
 *   one index (`bt_customer_currency_idx`) serves both, and for the customer's amount the row's
 *   amount where it has none (a fee, a loan repayment), which pairs with that currency;
 * - a column and the hour of the row's date (`hourOf`), for the columns of few values (the
 *   country, the risk level, the channel) and the fee, a tenth of whose rows have none;
 * - for the date funds are available, its hour then itself: nearly every row has its own.
 */
const SORT_KEYS: Record<Exclude<TransactionSort, 'date'>, (ref: LedgerRef) => Expression<unknown>[]> = {
  amount: (ref) => [ref('amount')],
  fees: (ref) => [ref('fee'), hourOf(ref('created_at'))],
  net: (ref) => [ref('net')],
  customer_amount: (ref) => [sql`coalesce(${ref('customer_amount')}, ${ref('amount')})`],
  customer_currency: (ref) => [customerCurrencyOf(ref)],
  // The currency a row is paid out in: the settlement currency of its amount.
  deposit_currency: (ref) => [ref('currency')],
  customer_name: (ref) => [ref('customer_name')],
  customer_email: (ref) => [ref('customer_email')],
  customer_country: (ref) => [ref('customer_country'), hourOf(ref('created_at'))],
  risk_level: (ref) => [ref('risk_level'), hourOf(ref('created_at'))],
  source: (ref) => [ref('source')],
  type: (ref) => [ref('type')],
  channel: (ref) => [ref('channel'), hourOf(ref('created_at'))],
  available_on: (ref) => [hourOf(ref('available_on')), ref('available_on')],
};

/**
 * Orders by a sort key, then by date and `seq` the same way so that paging is stable. The date
 * sort (the default) is exactly the order of the list indexes. Nulls sort as PostgreSQL puts
 * them: last ascending, first descending.
 */
export function orderTransactions<O>(
  query: SelectQueryBuilder<Database, 'balance_transactions', O>,
  sort: TransactionSort,
  direction: 'asc' | 'desc',
): SelectQueryBuilder<Database, 'balance_transactions', O> {
  return sortKeys(sort, (column) => sql.ref(column)).reduce<
    SelectQueryBuilder<Database, 'balance_transactions', O>
  >((ordered, key) => ordered.orderBy(key, direction), query);
}

/**
 * Orders rows of the list selected into a derived table named `alias` (with the columns the
 * sort reads) exactly as `orderTransactions` orders the ledger: for a query that joins more to
 * the list's rows and must keep their order.
 */
export function orderTransactionRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
  sort: TransactionSort,
  direction: 'asc' | 'desc',
): SelectQueryBuilder<DB, TB, O> {
  return sortKeys(sort, (column) => sql.ref(`${alias}.${column}`)).reduce<SelectQueryBuilder<DB, TB, O>>(
    (ordered, key) => ordered.orderBy(key, direction),
    query,
  );
}

/** The sort key's expressions, then date and `seq`, each column named by `ref`. */
export function sortKeys(sort: TransactionSort, ref: LedgerRef): Expression<unknown>[] {
  const keys = sort === 'date' ? [] : SORT_KEYS[sort](ref);
  return [...keys, ref('created_at'), ref('seq')];
}
