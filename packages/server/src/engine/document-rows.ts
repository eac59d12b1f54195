import { assert } from '@paydesk/domain';
import { type InferResult, type RawBuilder, sql } from 'kysely';
import { jsonText } from '../db/copy-in.ts';
import type { ChargeOutcome, ChargesTable, OrdersTable } from '../db/schema.ts';
import type { Executor } from './ledger.ts';

/*
 * The JSON documents of charges and orders are each kept once in `charge_documents` (migration
 * 0041), and a row names them. This module is the one place that reads them back. The table's
 * name is the charges' because it began as their fee rates (`fee_rate_sets`); an order's
 * addresses, the documents of the payment's order, are kept there alike.
 */

/**
 * The documents each table keeps in `charge_documents`, a row naming each by `<column>_id`. The
 * types below are these lists, so a document column added to a table and not here leaves its id
 * unread, which `EVERY_CHARGE_COLUMN_READ` and `EVERY_ORDER_COLUMN_READ` do not compile.
 */
const KEPT_DOCUMENTS = {
  charges: ['outcome', 'payment_method_details', 'billing_details', 'fee_rates'],
  orders: ['billing_address', 'shipping_address'],
} as const;

/** The column of a row that names its document `column` in `charge_documents`. */
function idColumnOf<C extends string>(column: C): `${C}_id` {
  return `${column}_id`;
}

/** The JSON documents of a charge. */
type ChargeDocument = (typeof KEPT_DOCUMENTS.charges)[number];
/** The JSON documents of an order. */
type OrderDocument = (typeof KEPT_DOCUMENTS.orders)[number];

/**
 * How a read takes the documents it reads. `by key`: each looked up by its key
 * (`charge_documents_pkey`) for each charge read, cheapest to plan for a few charges; `joined`:
 * left joins, which PostgreSQL can answer by hashing the documents once, for reads of many
 * charges (a whole export). Measured in docs/performance.md, "Storage".
 */
export type DocumentReads = 'by key' | 'joined';

/**
 * A document of the row `table` (`c` a charge, `o` an order) as read: the row's own copy when it
 * was written before its documents moved, else the `charge_documents` row it names. Either way
 * it is read only when the query around reads it.
 */
function document<T>(
  table: 'c' | 'o',
  column: ChargeDocument | OrderDocument,
  reads: DocumentReads = 'by key',
): RawBuilder<T> {
  const kept =
    reads === 'joined'
      ? sql.ref(`d_${column}.doc`)
      : sql`(select d.doc from charge_documents as d where d.id = ${sql.ref(`${table}.${idColumnOf(column)}`)})`;
  return sql<T>`coalesce(${sql.ref(`${table}.${column}`)}, ${kept})`;
}

/**
 * Charges as every read sees them: each column of `charges`, with its documents in place of the
 * ids that name them. Read charges as `selectFrom(chargeRows(db))`, never `selectFrom('charges')`
 * where a document is read: its column there is null. `alias` names it (default `charges`).
 *
 * PostgreSQL folds the query into the one around it, so conditions on it use the charges'
 * indexes. Read `by key`, `forUpdate()` locks the charge alone.
 */
export function chargeRows<A extends string = 'charges'>(
  db: Executor,
  alias?: A,
  reads: DocumentReads = 'by key',
) {
  return selectCharges(db, reads).as(alias ?? ('charges' as A));
}

function selectCharges(db: Executor, reads: DocumentReads) {
  return db
    .selectFrom('charges as c')
    .$if(reads === 'joined', (query) =>
      query
        .leftJoin('charge_documents as d_outcome', 'd_outcome.id', 'c.outcome_id')
        .leftJoin(
          'charge_documents as d_payment_method_details',
          'd_payment_method_details.id',
          'c.payment_method_details_id',
        )
        .leftJoin('charge_documents as d_billing_details', 'd_billing_details.id', 'c.billing_details_id')
        .leftJoin('charge_documents as d_fee_rates', 'd_fee_rates.id', 'c.fee_rates_id'),
    )
    .select([
      'c.id',
      'c.account_id',
      'c.payment_intent_id',
      'c.order_id',
      'c.amount',
      'c.amount_captured',
      'c.amount_refunded',
      'c.currency',
      'c.status',
      'c.paid',
      'c.captured',
      'c.refunded',
      'c.failure_code',
      'c.failure_message',
      'c.risk_level',
      'c.payment_method_id',
      'c.payment_method_type',
      'c.channel',
      'c.source_device',
      'c.reader_id',
      'c.settlement_currency',
      'c.exchange_rate',
      'c.application_fee_amount',
      'c.refunds_fail',
      'c.scripted_dispute',
      'c.ip_address',
      'c.ip_country',
      'c.statement_descriptor',
      'c.dispute_id',
      'c.authorization_expires_at',
      'c.captured_at',
      'c.created_at',
      document<ChargeOutcome>('c', 'outcome', reads).as('outcome'),
      document<Record<string, unknown>>('c', 'payment_method_details', reads).as('payment_method_details'),
      document<Record<string, unknown>>('c', 'billing_details', reads).as('billing_details'),
      document<Record<string, unknown> | null>('c', 'fee_rates', reads).as('fee_rates'),
    ]);
}

/** A charge as read (`chargeRows`): its documents in place, not the ids that name them. */
export type ChargeRow = InferResult<ReturnType<typeof selectCharges>>[number];

/** Every column of `charges` is read, but the documents' ids: one added there and not above fails here. */
type Unread = Exclude<keyof ChargesTable, keyof ChargeRow | `${ChargeDocument}_id`>;
export const EVERY_CHARGE_COLUMN_READ: [Unread] extends [never] ? true : Unread = true;

/**
 * Orders as reads of their addresses see them: each column of `orders`, with its addresses in
 * place of the ids that name them. `alias` names it (default `orders`).
 */
export function orderRows<A extends string = 'orders'>(db: Executor, alias?: A) {
  return selectOrders(db).as(alias ?? ('orders' as A));
}

function selectOrders(db: Executor) {
  return db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.number',
      'o.status',
      'o.currency',
      'o.total',
      'o.items_count',
      'o.customer_name',
      'o.customer_email',
      'o.customer_country',
      'o.subscriptions',
      'o.url',
      'o.customer_url',
      'o.created_at',
      document<Record<string, string>>('o', 'billing_address').as('billing_address'),
      document<Record<string, string>>('o', 'shipping_address').as('shipping_address'),
    ]);
}

/** An order as read (`orderRows`): its addresses in place, not the ids that name them. */
export type OrderRow = InferResult<ReturnType<typeof selectOrders>>[number];

type UnreadOfOrders = Exclude<keyof OrdersTable, keyof OrderRow | `${OrderDocument}_id`>;
export const EVERY_ORDER_COLUMN_READ: [UnreadOfOrders] extends [never] ? true : UnreadOfOrders = true;

/**
 * Deletes the documents no charge or order names any more, after charges were deleted (an
 * account's reset): a customer's billing details and card go with the last charge that had them.
 * Orders are the store's and stay, with their addresses.
 */
export async function deleteUnusedDocuments(db: Executor): Promise<void> {
  const used = Object.entries(KEPT_DOCUMENTS).flatMap(([table, columns]) =>
    columns.map((column) => sql`select ${sql.ref(idColumnOf(column))} as id from ${sql.table(table)}`),
  );
  await sql`delete from charge_documents as d where not exists (
      select from (${sql.join(used, sql` union all `)}) as used where used.id = d.id)`.execute(db);
}

/**
 * Keeps the JSON documents of rows about to be written in bulk (the seeder's batches) before they
 * are written: each distinct document among them is looked up, or added, once, by the function
 * the tables' triggers call for each row and column (`paydesk_charge_document`, migration 0041),
 * and each row then names it by its id, its own column null. That is what the trigger makes of
 * each row, for one call per distinct document instead of one per row and column, and without
 * the database reading the same JSON text again for every row. A value is JSON text, or a value
 * written as JSON, as an insert takes it. The rows are changed in place: they are the writer's.
 */
export async function keepDocuments(
  db: Executor,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (!Object.hasOwn(KEPT_DOCUMENTS, table)) return;
  const columns = KEPT_DOCUMENTS[table as keyof typeof KEPT_DOCUMENTS].map(
    (column) => [column, idColumnOf(column)] as const,
  );
  const indexOf = new Map<string, number>();
  const slots: Record<string, unknown>[] = [];
  const slotColumns: (readonly [column: string, idColumn: string])[] = [];
  const slotIndexes: number[] = [];
  for (const row of rows) {
    for (const pair of columns) {
      const column = pair[0];
      const value = row[column];
      if (value === null || value === undefined) continue;
      const text = jsonText(value);
      let index = indexOf.get(text);
      if (index === undefined) {
        index = indexOf.size;
        indexOf.set(text, index);
      }
      slots.push(row);
      slotColumns.push(pair);
      slotIndexes.push(index);
    }
  }
  if (indexOf.size === 0) return;
  // The distinct texts as one JSON array (quoted natively), in their order: the function runs
  // for each as the elements come.
  const result = await sql<{ id: string }>`
    select paydesk_charge_document(t.doc::jsonb)::text as id
    from json_array_elements_text(${JSON.stringify([...indexOf.keys()])}::json) with ordinality as t(doc, n)
    order by t.n`.execute(db);
  assert(result.rows.length === indexOf.size, 'a document id for each document');
  const ids = result.rows.map((row) => Number(row.id));
  for (let i = 0; i < slots.length; i++) {
    const row = slots[i]!;
    const [column, idColumn] = slotColumns[i]!;
    // Null, not left out: an insert would give the column its default, a document of its own.
    row[column] = null;
    row[idColumn] = ids[slotIndexes[i]!];
  }
}
