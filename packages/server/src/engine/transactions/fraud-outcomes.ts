import type { transactions } from '@paydesk/domain/contracts';
import { utcDateTime } from '@paydesk/domain/time';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKey, AccountRef } from '../accounts.ts';
import { likePrefix, parseSearchTerm } from '../customer-search.ts';
import type { Executor } from '../ledger.ts';
import { currencyTotals } from './summary.ts';

type Filters = transactions.TFraudOutcomeFilters;
type ListQuery = transactions.TFraudOutcomesListQuery;
type View = transactions.TFraudOutcomeTransaction;
type Fo = SelectQueryBuilder<Database, 'fraud_outcomes', object>;

/**
 * Where a fraud outcome stands: blocked (outright, or after review), still held for review, or
 * approved. Migration 0004 indexes this exact expression (`fraud_outcomes_state_idx`).
 */
export const fraudStateSql = sql<string>`(case when status = 'block' or manual_action = 'blocked' then 'block'
        when manual_action is null then 'review'
        else 'allowed' end)`;

const customerKeySql = sql<string>`(lower(customer_name) collate "C")`;

function searchCondition(
  eb: ExpressionBuilder<Database, 'fraud_outcomes'>,
  raw: string,
): Expression<SqlBool> {
  const term = parseSearchTerm(raw);
  const text = (value: string) => sql<SqlBool>`${customerKeySql} like ${likePrefix(value)}`;
  switch (term.kind) {
    case 'order':
      return eb.or([
        sql<SqlBool>`order_id in (select id from orders where number = ${term.number})`,
        text(term.text),
      ]);
    case 'name_email':
      return sql<SqlBool>`${customerKeySql} = ${term.name.toLowerCase()}`;
    case 'id':
      return term.prefix === 'pi' ? eb('payment_intent_id', '=', term.id) : eb('charge_id', '=', term.id);
    case 'text':
      return text(term.text);
  }
}

/**
 * The fraud outcomes the filters select: `status` is where they stand (block or
 * review), `additional_status` the rule outcome they first had, `search` any of its terms. CSV
 * exports of the blocked list start from this query too.
 */
export function fraudOutcomesQuery(db: Executor, accountId: AccountKey, filters: Filters): Fo {
  return db
    .selectFrom('fraud_outcomes')
    .where('account_id', '=', accountId)
    .where(sql<SqlBool>`${fraudStateSql} = ${filters.status}`)
    .$if(filters.additional_status !== undefined, (q) =>
      q.where('status', '=', filters.additional_status as 'review' | 'block'),
    )
    .$if((filters.search?.length ?? 0) > 0, (q) =>
      q.where((eb) => eb.or((filters.search ?? []).map((term) => searchCondition(eb, term)))),
    );
}

/**
 * The columns of the list's rows, with the order's number; the list and the CSV export narrow
 * it to the rows they need.
 */
export function fraudOutcomeRows(db: Executor) {
  return db
    .selectFrom('fraud_outcomes as f')
    .leftJoin('orders as o', 'o.id', 'f.order_id')
    .select([
      'f.id',
      'f.status',
      'f.manual_action',
      'f.created_at',
      'f.amount',
      'f.currency',
      'f.customer_name',
      'f.order_id',
      'f.payment_intent_id',
      'f.charge_id',
      'o.number as order_number',
      'o.url as order_url',
    ]);
}

/** A row of `fraudOutcomeRows` as the contract's fields. */
export function fraudOutcomeView(row: {
  status: 'review' | 'block';
  manual_action: 'approved' | 'blocked' | null;
  created_at: Date;
  amount: number;
  currency: string;
  customer_name: string;
  order_id: number | string | null;
  payment_intent_id: string;
  charge_id: string | null;
  order_number: string | null;
  order_url: string | null;
}): View {
  return {
    status: row.status,
    manual_action: row.manual_action,
    created: utcDateTime(row.created_at),
    amount: row.amount,
    currency: row.currency,
    customer_name: row.customer_name,
    order_id: row.order_id === null ? null : Number(row.order_id),
    order:
      row.order_id !== null && row.order_number !== null
        ? { number: row.order_number, url: row.order_url }
        : null,
    payment_intent: { id: row.payment_intent_id },
    charge_id: row.charge_id,
  };
}

const SORT_COLUMNS = {
  created: 'created_at',
  date: 'created_at',
  amount: 'amount',
  customer_name: 'customer_name',
} as const;

/** `GET {base}/transactions/fraud-outcomes`: one page, newest first unless sorted otherwise. */
export async function listFraudOutcomes(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery,
): Promise<View[]> {
  const direction = query.direction ?? 'desc';
  const column = SORT_COLUMNS[query.sort];
  let ordered = fraudOutcomesQuery(db, accountId, query).orderBy(column, direction);
  if (column !== 'created_at') ordered = ordered.orderBy('created_at', direction);
  const keys = ordered
    .orderBy('id', direction)
    .select('id')
    .limit(query.pagesize)
    .offset((query.page - 1) * query.pagesize);
  let rows = fraudOutcomeRows(db)
    .where('f.id', 'in', keys as never)
    .orderBy(`f.${column}`, direction);
  if (column !== 'created_at') rows = rows.orderBy('f.created_at', direction);
  const result = await rows.orderBy('f.id', direction).execute();
  return result.map(fraudOutcomeView);
}

/** `GET {base}/transactions/fraud-outcomes/summary`: count, and totals per currency. */
export async function fraudOutcomesSummary(
  db: Executor,
  account: AccountRef,
  filters: Filters,
): Promise<transactions.TFraudOutcomesSummary> {
  const rows = await fraudOutcomesQuery(db, account.id, filters)
    .select(['currency', sql<string>`count(*)::text`.as('count'), sql<string>`sum(amount)::text`.as('total')])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  const { totals, ...summary } = await currencyTotals(rows, account);
  return { ...summary, currencies: summary.all_currencies, totals };
}
