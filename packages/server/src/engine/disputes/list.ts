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
import type { Database } from '../../db/schema.ts';
import type { Executor } from '../ledger.ts';
import { dateRanges, likePrefix, parseSearchTerm } from '../transactions/query.ts';

type Eb = ExpressionBuilder<
  Database & { d: Database['disputes']; c: Database['charges']; o: Database['orders'] },
  'd' | 'c' | 'o'
>;

const toSeconds = (at: Date) => Math.floor(new Date(at).getTime() / 1000);

/** The column each sort key orders by. */
const SORT_COLUMNS = {
  created: 'd.created_at',
  due_by: 'd.due_by',
  amount: 'd.amount',
  currency: 'd.currency',
  status: 'd.status',
  reason: 'd.reason',
  source: 'c.payment_method_type',
  order_number: 'o.number',
  customer_name: 'o.customer_name',
  customer_email: 'o.customer_email',
  customer_country: 'o.customer_country',
} as const;

/** One search term: a status, an id, an order number, or the beginning of a name or e-mail. */
function termCondition(eb: Eb, raw: string): Expression<SqlBool> {
  if (isDisputeStatus(raw)) return eb('d.status', '=', raw);
  if (/^dp_\w+$/.test(raw)) return eb('d.id', '=', raw);
  const term = parseSearchTerm(raw);
  const text = (value: string) =>
    eb.or([
      sql<SqlBool>`lower(o.customer_name) like ${likePrefix(value)}`,
      sql<SqlBool>`lower(o.customer_email) like ${likePrefix(value)}`,
    ]);
  switch (term.kind) {
    case 'order':
      return eb.or([eb('o.number', '=', term.number), text(term.text)]);
    case 'name_email':
      return eb.and([
        sql<SqlBool>`lower(o.customer_name) = ${term.name.toLowerCase()}`,
        sql<SqlBool>`lower(o.customer_email) = ${term.email.toLowerCase()}`,
      ]);
    case 'id':
      return term.prefix === 'pi' ? eb('c.payment_intent_id', '=', term.id) : eb('c.id', '=', term.id);
    case 'text':
      return text(term.text);
  }
}

/**
 * The filters as one condition: the date and status rules combine as `match` says; the store
 * currency and the search terms (any of them) always narrow.
 */
function filterCondition(eb: Eb, filters: TDisputeFilters): Expression<SqlBool> {
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

function disputesQuery(db: Executor, accountId: string, filters: TDisputeFilters) {
  return db
    .selectFrom('disputes as d')
    .innerJoin('charges as c', 'c.id', 'd.charge_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .where('d.account_id', '=', accountId)
    .where((eb) => filterCondition(eb as unknown as Eb, filters));
}

/**
 * The selected disputes for counting: without search terms the filters read the dispute alone,
 * so the charge and order (wide rows, one random read each) are not joined.
 */
function countedDisputes(db: Executor, accountId: string, filters: TDisputeFilters) {
  if (filters.search?.length) return disputesQuery(db, accountId, filters);
  return db
    .selectFrom('disputes as d')
    .where('d.account_id', '=', accountId)
    .where((eb) => filterCondition(eb as unknown as Eb, filters));
}

/** A page of the account's disputes, ties in the sort broken by id in the same direction. */
export async function listDisputes(
  db: Executor,
  accountId: string,
  query: TDisputeListQuery,
): Promise<{ data: TDisputeListRow[] }> {
  const direction = query.direction ?? 'desc';
  const rows = await disputesQuery(db, accountId, query)
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
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('d.id', direction)
    .limit(query.pagesize)
    .offset((query.page - 1) * query.pagesize)
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

/** How many disputes the filters select, and the currencies of all the account's disputes. */
export async function disputesSummary(
  db: Executor,
  accountId: string,
  filters: TDisputeFilters,
): Promise<{ count: number; currencies: string[] }> {
  const [count, currencies] = await Promise.all([
    countedDisputes(db, accountId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('disputes')
      .select('currency')
      .distinct()
      .where('account_id', '=', accountId)
      .orderBy('currency')
      .execute(),
  ]);
  return { count: Number(count.count), currencies: currencies.map((row) => row.currency) };
}

/** Won and lost disputes by reason, among those the filters select (docs/disputes.md). */
export async function disputeOutcomes(
  db: Executor,
  accountId: string,
  filters: TDisputeFilters,
): Promise<TDisputeOutcomes> {
  const rows = await countedDisputes(db, accountId, filters)
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
