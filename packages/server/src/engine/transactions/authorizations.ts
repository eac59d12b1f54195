import { appError, CAPTURE_WINDOW_SECONDS } from '@paydesk/domain';
import type { transactions } from '@paydesk/domain/contracts';
import { epochSeconds, utcDateTime } from '@paydesk/domain/time';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { AccountKey, AccountRef } from '../accounts.ts';
import { chargeRows } from '../document-rows.ts';
import type { Executor } from '../ledger.ts';
import { currencyTotals } from './summary.ts';

type View = transactions.TAuthorization;
type ListQuery = z.output<typeof transactions.ZAuthorizationsListQuery>;

/**
 * Uncaptured authorizations: authorized charges not captured yet
 * whose authorization still stands (a void or an expiry clears `authorization_expires_at`).
 * `charges_uncaptured_idx` (migration 0038) holds exactly these charges, oldest first, with the
 * currency and amount the summary sums.
 */
function uncapturedQuery(db: Executor, accountId: AccountKey) {
  return db
    .selectFrom(chargeRows(db))
    .where('account_id', '=', accountId)
    .where('status', '=', 'succeeded')
    .where('captured', '=', false)
    .where('authorization_expires_at', 'is not', null);
}

/** The order of a sort key, then creation and id the same way so that paging is stable. */
function sortExpressions(sort: ListQuery['sort'], table: string): RawBuilder<unknown>[] {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const first = {
    created: column('created_at'),
    amount: column('amount'),
    customer_name: sql`${column('billing_details')} ->> 'name'`,
    risk_level: column('risk_level'),
  }[sort];
  return sort === 'created' ? [first, column('id')] : [first, column('created_at'), column('id')];
}

const VIEW_COLUMNS = [
  'c.id',
  'c.payment_intent_id',
  'c.order_id',
  'c.created_at',
  'c.amount',
  'c.currency',
  'c.risk_level',
  'c.captured',
  'o.number as order_number',
  'o.url as order_url',
  sql<string | null>`c.billing_details ->> 'name'`.as('customer_name'),
  sql<string | null>`c.billing_details ->> 'email'`.as('customer_email'),
  sql<string | null>`c.billing_details -> 'address' ->> 'country'`.as('customer_country'),
  // A review still open: the outcome is review and nobody approved or blocked it yet.
  sql<boolean>`coalesce(fo.status = 'review' and fo.manual_action is null, false)`.as('needs_review'),
] as const;

function selectViews(db: Executor) {
  return (
    db
      .selectFrom(chargeRows(db, 'c'))
      .leftJoin('orders as o', 'o.id', 'c.order_id')
      // One outcome per payment intent at most (payment_intent_id is unique there).
      .leftJoin('fraud_outcomes as fo', 'fo.payment_intent_id', 'c.payment_intent_id')
      .select(VIEW_COLUMNS)
  );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function toView(row: ViewRow): View {
  const created = epochSeconds(row.created_at);
  const orderId = row.order_id === null ? null : Number(row.order_id);
  return {
    payment_intent_id: row.payment_intent_id,
    charge_id: row.id,
    order_id: orderId,
    order:
      orderId !== null && row.order_number !== null ? { number: row.order_number, url: row.order_url } : null,
    created: utcDateTime(row.created_at),
    capture_by: created + CAPTURE_WINDOW_SECONDS,
    amount: row.amount,
    currency: row.currency,
    risk_level: row.risk_level,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_country: row.customer_country,
    is_captured: row.captured,
    needs_review: row.needs_review,
  };
}

/** `GET {base}/authorizations`: one page, oldest first (the first to lapse) unless sorted otherwise. */
export async function listAuthorizations(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery,
): Promise<View[]> {
  const direction = query.direction ?? 'asc';
  let keys = uncapturedQuery(db, accountId).select('id');
  for (const expression of sortExpressions(query.sort, 'charges')) keys = keys.orderBy(expression, direction);
  let rows = selectViews(db).where(
    'c.id',
    'in',
    keys.limit(query.pagesize).offset((query.page - 1) * query.pagesize),
  );
  for (const expression of sortExpressions(query.sort, 'c')) rows = rows.orderBy(expression, direction);
  return (await rows.execute()).map(toView);
}

/** `GET {base}/authorizations/summary`: count, and totals per currency. */
export async function authorizationsSummary(
  db: Executor,
  account: AccountRef,
): Promise<transactions.TAuthorizationsSummary> {
  const rows = await uncapturedQuery(db, account.id)
    .select(['currency', sql<string>`count(*)::text`.as('count'), sql<string>`sum(amount)::text`.as('total')])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return await currencyTotals(rows, account);
}

/**
 * `GET {base}/authorizations/{payment_intent_id}`: the authorization of a payment
 * intent that was authorized to be captured later, captured or not: one the store asked to
 * capture later, or one a fraud rule held for review (which the uncaptured list shows too). Any
 * other intent, or none, answers 404 `authorization_missing`, which the page treats as "nothing
 * to show".
 */
export async function readAuthorization(
  db: Executor,
  accountId: string,
  paymentIntentId: string,
): Promise<View> {
  const row = await selectViews(db)
    .innerJoin('payment_intents as pi', 'pi.latest_charge_id', 'c.id')
    .where('pi.id', '=', paymentIntentId)
    .where('pi.account_id', '=', accountId)
    .where((eb) => eb.or([eb('pi.capture_method', '=', 'manual'), eb('fo.status', '=', 'review')]))
    .where('c.status', '=', 'succeeded')
    .executeTakeFirst();
  if (!row) throw appError('authorization_missing');
  return toView(row);
}
