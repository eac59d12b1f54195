import { disputes as contracts } from '@paydesk/domain/contracts';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../ledger.ts';
import { dateRanges, likePrefix, parseSearchTerm } from '../transactions/query.ts';

type Filters = contracts.TDisputeFilters;
type ListQuery = contracts.TDisputesListQuery;
type Row = contracts.TDisputeListRow;

function joined(db: Executor) {
  return db
    .selectFrom('disputes as d')
    .innerJoin('charges as c', 'c.id', 'd.charge_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id');
}
type Dq = ReturnType<typeof joined>;
type Eb =
  Dq extends SelectQueryBuilder<infer DB, infer TB extends keyof (infer DB), object>
    ? ExpressionBuilder<DB, TB>
    : never;

const DISPUTE_ID = /^dp_\w+$/;
const nameSql = sql<string>`(lower(c.billing_details ->> 'name') collate "C")`;
const emailSql = sql<string>`(lower(c.billing_details ->> 'email') collate "C")`;

/** What one search term asks for, as a condition on the dispute, its charge and its order. */
function searchCondition(eb: Eb, raw: string): Expression<SqlBool> {
  const trimmed = raw.trim();
  if (DISPUTE_ID.test(trimmed)) return eb('d.id', '=', trimmed);
  const term = parseSearchTerm(trimmed);
  const text = (value: string) =>
    eb.or([
      sql<SqlBool>`${nameSql} like ${likePrefix(value)}`,
      sql<SqlBool>`${emailSql} like ${likePrefix(value)}`,
    ]);
  switch (term.kind) {
    case 'order':
      return eb.or([eb('o.number', '=', term.number), text(term.text)]);
    case 'name_email':
      return eb.and([
        sql<SqlBool>`${nameSql} = ${term.name.toLowerCase()}`,
        sql<SqlBool>`${emailSql} = ${term.email.toLowerCase()}`,
      ]);
    case 'id':
      if (term.prefix === 'pi') return eb('c.payment_intent_id', '=', term.id);
      if (term.prefix === 'ch') return eb('c.id', '=', term.id);
      return sql<SqlBool>`false`;
    case 'text':
      return text(term.text);
  }
}

/**
 * The disputes the filters select (spec 3 §7 "Disputes"), joined to their charge and order. The
 * list, the summary and the export start from this query, so they always agree on the rows.
 * Dates, `status_is` and `status_is_not` are the advanced rules `match` combines; the store
 * currency, `filter=awaiting_response` and the search always narrow.
 */
export function disputesQuery(db: Executor, accountId: string, filters: Filters): Dq {
  return joined(db)
    .where('d.account_id', '=', accountId)
    .where((eb) => {
      const advanced: Expression<SqlBool>[] = dateRanges(filters).map((range) => {
        const parts: Expression<SqlBool>[] = [];
        if (range.from) parts.push(eb('d.created_at', '>=', range.from));
        if (range.to) parts.push(eb('d.created_at', '<', range.to));
        return eb.and(parts);
      });
      if (filters.status_is) advanced.push(eb('d.status', '=', filters.status_is));
      if (filters.status_is_not) advanced.push(eb('d.status', '<>', filters.status_is_not));
      const always: Expression<SqlBool>[] = [];
      if (advanced.length > 0) always.push(filters.match === 'any' ? eb.or(advanced) : eb.and(advanced));
      if (filters.store_currency_is) always.push(eb('d.currency', '=', filters.store_currency_is));
      if (filters.filter === 'awaiting_response')
        always.push(eb('d.status', 'in', [...contracts.EDITABLE_DISPUTE_STATUSES]));
      if ((filters.search?.length ?? 0) > 0)
        always.push(eb.or((filters.search ?? []).map((term) => searchCondition(eb, term))));
      return eb.and(always);
    });
}

const SORT_COLUMNS = { created: 'd.created_at', amount: 'd.amount', due_by: 'd.due_by' } as const;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** `GET {base}/disputes`: one page, newest first unless sorted otherwise; ties by id. */
export async function listDisputes(db: Executor, accountId: string, query: ListQuery): Promise<Row[]> {
  const direction = query.direction ?? 'desc';
  const column = SORT_COLUMNS[query.sort];
  let ordered = disputesQuery(db, accountId, query).orderBy(column, direction);
  if (column !== 'd.created_at') ordered = ordered.orderBy('d.created_at', direction);
  const rows = await ordered
    .orderBy('d.id', direction)
    .select([
      'd.id',
      'd.charge_id',
      'd.amount',
      'd.currency',
      'd.status',
      'd.reason',
      'd.created_at',
      'd.due_by',
      'c.payment_intent_id',
      'c.payment_method_type',
      sql<string | null>`c.billing_details ->> 'name'`.as('customer_name'),
      sql<string | null>`c.billing_details ->> 'email'`.as('customer_email'),
      sql<string | null>`c.billing_details -> 'address' ->> 'country'`.as('customer_country'),
      'o.number as order_number',
      'o.url as order_url',
      'o.customer_url as order_customer_url',
    ])
    .limit(query.pagesize)
    .offset((query.page - 1) * query.pagesize)
    .execute();
  return rows.map((row) => ({
    dispute_id: row.id,
    charge_id: row.charge_id,
    payment_intent_id: row.payment_intent_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status as Row['status'],
    reason: row.reason,
    source: row.payment_method_type,
    order_number: row.order_number,
    order:
      row.order_number === null
        ? null
        : { number: row.order_number, url: row.order_url, customer_url: row.order_customer_url },
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_country: row.customer_country,
    created: epochSeconds(row.created_at),
    due_by: epochSeconds(row.due_by),
  }));
}

/** `GET {base}/disputes/summary`: how many disputes the filters select, and in which currencies. */
export async function disputesSummary(
  db: Executor,
  accountId: string,
  filters: Filters,
): Promise<contracts.TDisputesSummary> {
  const rows = await disputesQuery(db, accountId, filters)
    .select(['d.currency', sql<string>`count(*)::text`.as('count')])
    .groupBy('d.currency')
    .orderBy('d.currency')
    .execute();
  return {
    count: rows.reduce((sum, row) => sum + Number(row.count), 0),
    currencies: rows.map((row) => row.currency),
  };
}
