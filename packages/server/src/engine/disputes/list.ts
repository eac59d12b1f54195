import type {
  TDisputeFilters,
  TDisputeListQuery,
  TDisputeListRow,
  TDisputeOutcomes,
} from '@paydesk/domain/contracts/disputes';
import { AWAITING_RESPONSE_FILTER, AWAITING_RESPONSE_STATUSES } from '@paydesk/domain/disputes/list-query';
import { DECIDED_DISPUTE_STATUSES } from '@paydesk/domain/disputes/outcomes';
import { isDisputeStatus } from '@paydesk/domain/transactions/status';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { looseScan } from '../../db/loose-scan.ts';
import type { Database } from '../../db/schema.ts';
import type { AccountKey } from '../accounts.ts';
import { customerKeys, parseSearchTerm, searchTermCondition, type TermLookups } from '../customer-search.ts';
import type { Executor } from '../ledger.ts';
import { dateRanges } from '../transactions/query.ts';

/** The dispute alone: every filter, the search too, reads only its columns. */
type DisputeEb = ExpressionBuilder<Database & { d: Database['disputes'] }, 'd'>;

/** The customer a dispute keeps (its order's, migration 0043), as its indexes read it. */
const DISPUTE_KEYS = customerKeys('d');

const toSeconds = (at: Date) => Math.floor(new Date(at).getTime() / 1000);

/**
 * The column each sort key orders by: the dispute's own, or its copies of its charge's and
 * order's (migrations 0043 and 0044), so a page is picked before anything is joined.
 */
const SORT_COLUMNS = {
  created: 'd.created_at',
  due_by: 'd.due_by',
  amount: 'd.amount',
  currency: 'd.currency',
  status: 'd.status',
  reason: 'd.reason',
  source: 'd.source',
  order_number: 'd.order_number',
  customer_name: 'd.customer_name',
  customer_email: 'd.customer_email',
  customer_country: 'd.customer_country',
} as const;

/**
 * One search term: a status, an id, an order number, or the beginning of a name or e-mail. A
 * name or e-mail reads the dispute's own copy of its customer through its indexes; an order
 * number or a payment's id finds its charges first, as an array the charge index of disputes
 * reads (an `in` over a sub-select could not join the name indexes in one bitmap), so no term
 * reads every dispute or its charge.
 */
function termCondition(eb: DisputeEb, raw: string): Expression<SqlBool> {
  if (isDisputeStatus(raw)) return eb('d.status', '=', raw);
  if (/^dp_\w+$/.test(raw)) return eb('d.id', '=', raw);
  return searchTermCondition(DISPUTE_KEYS, parseSearchTerm(raw), DISPUTE_LOOKUPS);
}

/** How the disputes find an order's and an id's: through the charges, by the dispute's charge. */
const DISPUTE_LOOKUPS: TermLookups = {
  order: (number) =>
    sql<SqlBool>`d.charge_id = any(array(select c.id from charges c join orders o on o.id = c.order_id
      where o.number = ${number}))`,
  id: (term) =>
    term.prefix === 'pi'
      ? sql<SqlBool>`d.charge_id = any(array(select id from charges where payment_intent_id = ${term.id}))`
      : sql<SqlBool>`d.charge_id = ${term.id}`,
};

/**
 * The filters as one condition: the date and status rules combine as `match` says; the store
 * currency and the search terms (any of them) always narrow.
 */
function filterCondition(eb: DisputeEb, filters: TDisputeFilters): Expression<SqlBool> {
  const rules: Expression<SqlBool>[] = dateRanges(filters).map((range) =>
    eb.and([
      ...(range.from ? [eb('d.created_at', '>=', range.from)] : []),
      ...(range.to ? [eb('d.created_at', '<', range.to)] : []),
    ]),
  );
  if (filters.status_is) rules.push(eb('d.status', '=', filters.status_is));
  if (filters.status_is_not) rules.push(eb('d.status', '<>', filters.status_is_not));
  const always: Expression<SqlBool>[] = [];
  if (rules.length > 0) always.push(filters.match === 'any' ? eb.or(rules) : eb.and(rules));
  if (filters.store_currency_is) always.push(eb('d.currency', '=', filters.store_currency_is));
  if (filters.filter === AWAITING_RESPONSE_FILTER)
    always.push(eb('d.status', 'in', AWAITING_RESPONSE_STATUSES));
  if (filters.search?.length) always.push(eb.or(filters.search.map((term) => termCondition(eb, term))));
  return eb.and(always);
}

/** The selected disputes: every filter reads the dispute alone, so nothing is joined. */
function selectedDisputes(db: Executor, accountId: AccountKey, filters: TDisputeFilters) {
  return db
    .selectFrom('disputes as d')
    .where('d.account_id', '=', accountId)
    .where((eb) => filterCondition(eb, filters));
}

/**
 * A page of the account's disputes, ties in the sort broken by id in the same direction. The
 * page's disputes are picked from the disputes alone (every filter and sort reads only them),
 * and only those are joined to their charges and orders for the columns shown.
 */
export async function listDisputes(
  db: Executor,
  accountId: AccountKey,
  query: TDisputeListQuery,
): Promise<{ data: TDisputeListRow[] }> {
  const direction = query.direction ?? 'desc';
  const column = SORT_COLUMNS[query.sort];
  const page = selectedDisputes(db, accountId, query)
    .select('d.id')
    .orderBy(column, direction)
    .orderBy('d.id', direction)
    .limit(query.pagesize)
    .offset((query.page - 1) * query.pagesize);
  const rows = await db
    .selectFrom('disputes as d')
    .innerJoin('charges as c', 'c.id', 'd.charge_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .where('d.id', 'in', page)
    .select([
      'd.id',
      'd.charge_id',
      'c.payment_intent_id',
      'd.amount',
      'd.currency',
      'd.status',
      'd.reason',
      'c.payment_method_type',
      'o.number',
      'o.url',
      'o.customer_url',
      'o.customer_name',
      'o.customer_email',
      'o.customer_country',
      'd.created_at',
      'd.due_by',
    ])
    .orderBy(column, direction)
    .orderBy('d.id', direction)
    .execute();
  return {
    data: rows.map((row) => ({
      dispute_id: row.id,
      charge_id: row.charge_id,
      payment_intent_id: row.payment_intent_id,
      amount: row.amount,
      currency: row.currency,
      status: row.status as TDisputeListRow['status'],
      reason: row.reason,
      source: row.payment_method_type,
      order_number: row.number ?? null,
      order: row.number
        ? { number: row.number, url: row.url ?? null, customer_url: row.customer_url ?? null }
        : null,
      customer_name: row.customer_name ?? null,
      customer_email: row.customer_email ?? null,
      customer_country: row.customer_country ?? null,
      created: toSeconds(row.created_at),
      due_by: toSeconds(row.due_by),
    })),
  };
}

/**
 * How many disputes the filters select, and the currencies of all the account's disputes (a loose
 * scan of `disputes_currency_sort_idx`).
 */
export async function disputesSummary(
  db: Executor,
  accountId: AccountKey,
  filters: TDisputeFilters,
): Promise<{ count: number; currencies: string[] }> {
  const [count, currencies] = await Promise.all([
    selectedDisputes(db, accountId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    sql<{ currency: string }>`${looseScan('currencies', 'disputes', 'currency', accountId)}
      select currency from currencies where currency is not null`.execute(db),
  ]);
  return { count: Number(count.count), currencies: currencies.rows.map((row) => row.currency) };
}

/** Won and lost disputes by reason, among those the filters select (docs/disputes.md). */
export async function disputeOutcomes(
  db: Executor,
  accountId: AccountKey,
  filters: TDisputeFilters,
): Promise<TDisputeOutcomes> {
  const rows = await selectedDisputes(db, accountId, filters)
    .where('d.status', 'in', DECIDED_DISPUTE_STATUSES)
    .select([
      'd.reason',
      sql<number>`(count(*) filter (where d.status = 'won'))::int`.as('won'),
      sql<number>`(count(*) filter (where d.status = 'lost'))::int`.as('lost'),
    ])
    .groupBy('d.reason')
    .orderBy('d.reason')
    .execute();
  const reasons = rows.map((row) => ({ reason: row.reason, won: row.won, lost: row.lost }));
  return {
    reasons,
    won: reasons.reduce((sum, row) => sum + row.won, 0),
    lost: reasons.reduce((sum, row) => sum + row.lost, 0),
  };
}
