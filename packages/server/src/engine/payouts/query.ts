import type { payouts } from '@paydesk/domain/contracts';
import { PAYOUT_STATUSES } from '@paydesk/domain/transactions/status';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKey } from '../accounts.ts';
import type { Executor } from '../ledger.ts';
import { dateRanges } from '../transactions/query.ts';

/**
 * The payouts list's filters as SQL. The list, its summary and the CSV
 * export all start from `payoutsQuery`, so the three agree on which payouts a set of filters
 * means. An account makes about one payout a day per currency, so these read at most a few
 * thousand rows of `payouts_arrival_idx` (migration 0019).
 */

type Filters = Omit<payouts.TPayoutFilters, 'user_email' | 'user_timezone' | 'locale'>;
type Payouts = SelectQueryBuilder<Database, 'payouts', object>;
type PayoutExpression = ExpressionBuilder<Database, 'payouts'>;

/** The advanced rules (arrival date, status), combined as `match` says. */
function advancedConditions(eb: PayoutExpression, filters: Filters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = dateRanges(filters).map((range) => {
    const parts: Expression<SqlBool>[] = [];
    if (range.from) parts.push(eb('arrival_date', '>=', range.from));
    if (range.to) parts.push(eb('arrival_date', '<', range.to));
    return eb.and(parts);
  });
  if (filters.status_is) conditions.push(eb('status', '=', filters.status_is));
  if (filters.status_is_not) conditions.push(eb('status', '<>', filters.status_is_not));
  return conditions;
}

/** The payouts of one account that the filters select, without columns, order or paging. */
export function payoutsQuery(db: Executor, accountId: AccountKey, filters: Filters): Payouts {
  return db
    .selectFrom('payouts')
    .where('account_id', '=', accountId)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filters.store_currency_is) conditions.push(eb('currency', '=', filters.store_currency_is));
      const advanced = advancedConditions(eb, filters);
      if (advanced.length > 0) conditions.push(filters.match === 'any' ? eb.or(advanced) : eb.and(advanced));
      return eb.and(conditions);
    });
}

/** `sort=status`: the order of PAYOUT_STATUSES, a payout's way from pending to its end. */
const STATUS_RANK = sql<number>`case status ${sql.join(
  PAYOUT_STATUSES.map((status, rank) => sql`when ${sql.lit(status)} then ${sql.lit(rank)}`),
  sql` `,
)} end`;

/**
 * Orders payouts by a sort key of the list. Ties fall back to the arrival date, then the id, in
 * the same direction, so pages never repeat or skip a payout.
 */
export function orderPayouts<Q extends SelectQueryBuilder<Database, 'payouts', object>>(
  query: Q,
  sort: payouts.PayoutSort,
  direction: 'asc' | 'desc',
): Q {
  let ordered = query;
  if (sort === 'amount') ordered = ordered.orderBy('amount', direction) as Q;
  if (sort === 'status') ordered = ordered.orderBy(STATUS_RANK, direction) as Q;
  return ordered.orderBy('arrival_date', direction).orderBy('id', direction) as Q;
}
