import type { transactions } from '@paydesk/domain/contracts';
import { HOUR_MS, utcDateTime } from '@paydesk/domain/time';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKey } from '../accounts.ts';
import { chargeRows } from '../document-rows.ts';
import type { Executor } from '../ledger.ts';
import { periodOfPosition } from './period-walk.ts';
import {
  chargeLast4Sql,
  dateRanges,
  orderTransactionRows,
  orderTransactions,
  payoutRowKeys,
  TRANSACTION_LIST_COLUMNS,
  type TransactionListRow,
  transactionsQuery,
} from './query.ts';
import { rollupEligible, rollupTypeAndCurrency, selectsEveryRow } from './summary.ts';
import { columnSortPageKeys, sortLedByAColumn } from './value-pages.ts';

type TTransaction = transactions.TTransaction;
type ListQuery = transactions.TTransactionsListQuery;

/**
 * Below this offset a page simply skips rows in the index; beyond it, hours are skipped first
 * (the date sort), or the sorted value's runs (a sort by a column alone).
 */
export const DEEP_PAGE_MIN_OFFSET = 2_000;

/**
 * Where a deep page of the date-sorted list starts, found from the hourly rollups instead of
 * counting ledger rows: walking the hours from the newest (or the oldest), the first hour in
 * which the running count passes `offset`. Answers that hour's bounds and how many rows to skip
 * inside it. The rollups count every ledger row in the same database transaction as its write,
 * so the counts are exact. Only for filters the rollups can answer, without date rules.
 */
async function hourOfOffset(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery,
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ hour: Date; skip: number } | undefined> {
  const hours = db
    .selectFrom('ledger_rollups')
    .select(['hour as start', sql<string>`sum(count)`.as('rows')])
    .where('account_id', '=', accountId)
    .where((eb) => rollupTypeAndCurrency(eb, query))
    .groupBy('hour');
  const found = await periodOfPosition(db, hours, direction, offset);
  return found && { hour: found.start, skip: found.skip };
}

/**
 * One page of the transactions list. The page's keys are found first from the narrowest index
 * that answers the filters and sort (for the default list an index-only scan of `bt_list_idx`),
 * then only those rows are read: a deferred join, with what they link to. A deep page of the
 * date-sorted list first skips whole hours with the rollups (`hourOfOffset`), so page 2,000
 * reads about as few index entries as page 1; a deep page of a sort led by a column starts
 * where that column's index and the cubes place it (`columnSortPageKeys`), without reading the
 * rows before it. `accountId` may be `currentAccountId`: the page is
 * then one statement.
 */
export async function listTransactions(
  db: Executor,
  accountId: AccountKey,
  query: ListQuery,
  options: { deepPageMinOffset?: number } = {},
): Promise<TTransaction[]> {
  const direction = query.direction ?? 'desc';
  let offset = (query.page - 1) * query.pagesize;
  let keys = transactionsQuery(db, accountId, query).select('seq');
  const deep = offset >= (options.deepPageMinOffset ?? DEEP_PAGE_MIN_OFFSET);
  if (deep && query.sort === 'date' && rollupEligible(query) && dateRanges(query).length === 0) {
    const start = await hourOfOffset(db, accountId, query, direction, offset);
    if (!start) return [];
    const edge = direction === 'desc' ? new Date(start.hour.getTime() + HOUR_MS) : start.hour;
    keys = keys.where('created_at', direction === 'desc' ? '<' : '>=', edge);
    offset = start.skip;
  }
  const { deposit_id } = query;
  // A payout's rows in date order are walked from the payout's index (`payoutRowKeys`); the
  // hour skip above never applies to them, as `rollupEligible` refuses `deposit_id`.
  const ordered =
    deposit_id !== undefined && query.sort === 'date'
      ? payoutRowKeys(db, accountId, { ...query, deposit_id }, direction)
      : orderTransactions(keys, query.sort, direction);
  const { sort } = query;
  // A deep page of a sort led by a column starts where its index says (`columnSortPageKeys`).
  const fromIndex =
    deep && sortLedByAColumn(sort) && selectsEveryRow(query)
      ? await columnSortPageKeys(db, accountId, { ...query, sort }, direction, offset)
      : undefined;
  if (fromIndex === null) return [];
  const page = fromIndex ?? ordered.limit(query.pagesize).offset(offset);
  const rows = await db
    .selectFrom(
      db.selectFrom('balance_transactions').select(TRANSACTION_LIST_COLUMNS).where('seq', 'in', page).as('b'),
    )
    .$call((linked) => joinTransactionLinks(db, linked))
    .$call((linked) => orderTransactionRows(linked, 'b', query.sort, direction))
    .execute();
  return rows.map((row) =>
    transactionView(row, {
      order:
        row.link_order_number === null
          ? undefined
          : {
              number: row.link_order_number,
              url: row.link_order_url,
              customer_url: row.link_order_customer_url,
              subscriptions: row.link_order_subscriptions ?? [],
            },
      deposit:
        row.link_deposit_id === null || row.link_deposit_status === null
          ? undefined
          : { id: row.link_deposit_id, status: row.link_deposit_status },
      last4: row.link_last4,
      loan_public_id: row.link_loan_public_id,
    }),
  );
}

/**
 * Joins each of a page's ledger rows `b` to what the row does not carry: its order, the payout
 * that swept it and that payout's status, its charge's card (or IBAN) digits and its loan's
 * public id. Each is a lateral lookup by key with `limit 1`, made for the page's rows only, so
 * the page and its links are one statement: a round trip per kind of link cost more than the
 * lookups themselves (docs/performance.md, "Transactions lists").
 */
function joinTransactionLinks<O>(
  db: Executor,
  query: SelectQueryBuilder<Database & { b: TransactionListRow }, 'b', O>,
) {
  return query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders')
          .select([
            'number as link_order_number',
            'url as link_order_url',
            'customer_url as link_order_customer_url',
            'subscriptions as link_order_subscriptions',
          ])
          .whereRef('orders.id', '=', 'b.order_id')
          .limit(1)
          .as('o'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ledger_payouts as lp')
          .innerJoin('payouts as p', 'p.id', 'lp.payout_id')
          .select(['p.id as link_deposit_id', 'p.status as link_deposit_status'])
          .whereRef('lp.seq', '=', 'b.seq')
          .limit(1)
          .as('d'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(chargeRows(db))
          .select(chargeLast4Sql.as('link_last4'))
          .whereRef('charges.id', '=', 'b.charge_id')
          .limit(1)
          .as('c'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('loans')
          .select('stripe_loan_id as link_loan_public_id')
          .whereRef('loans.id', '=', 'b.loan_id')
          .limit(1)
          .as('l'),
      (join) => join.onTrue(),
    )
    .selectAll('b')
    .select([
      'o.link_order_number',
      'o.link_order_url',
      'o.link_order_customer_url',
      'o.link_order_subscriptions',
      'd.link_deposit_id',
      'd.link_deposit_status',
      'c.link_last4',
      'l.link_loan_public_id',
    ]);
}

/** What a transaction shows from other tables: its order, payout, card digits and loan. */
export interface TransactionLinks {
  order:
    | {
        number: string;
        url: string | null;
        customer_url: string | null;
        subscriptions: { number: string; url: string }[];
      }
    | undefined;
  /** The payout that swept the row (`ledger_payouts`), none while unswept. */
  deposit: { id: string; status: NonNullable<TTransaction['deposit_status']> } | undefined;
  last4: string | null | undefined;
  loan_public_id: string | null | undefined;
}

/**
 * One ledger row and what it links to as the contract's transaction fields. The list joins every
 * link into its page's statement; the CSV export joins the ones its file writes into its batches.
 */
export function transactionView(row: TransactionListRow, links: TransactionLinks): TTransaction {
  const { order } = links;
  return {
    transaction_id: row.id,
    payment_intent_id: row.payment_intent_id,
    charge_id: row.charge_id,
    date: utcDateTime(row.created_at),
    type: row.type,
    channel: row.channel as TTransaction['channel'],
    source: row.source,
    source_identifier: (row.charge_id && links.last4) ?? null,
    source_device: row.source_device as TTransaction['source_device'],
    order: order
      ? {
          number: order.number,
          url: order.url,
          customer_url: order.customer_url,
          subscriptions: order.subscriptions,
        }
      : null,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_country: row.customer_country,
    customer_currency: row.customer_currency,
    customer_amount: row.customer_amount,
    currency: row.currency,
    amount: row.amount,
    fees: row.fee,
    net: row.net,
    risk_level: row.risk_level,
    deposit_id: links.deposit?.id ?? null,
    available_on: utcDateTime(row.available_on),
    deposit_status: links.deposit?.status ?? null,
    loan_id: (row.loan_id && links.loan_public_id) ?? null,
    metadata: { charge_type: row.type === 'card_reader_fee' ? 'card_reader_fee' : null },
  };
}
