import type { payouts, transactions } from '@paydesk/domain/contracts';
import {
  type CsvFormat,
  FRAUD_OUTCOME_CSV_HEADERS,
  fraudOutcomeCsvCells,
  PAYOUT_CSV_HEADERS,
  payoutCsvCells,
  TRANSACTION_CSV_HEADERS,
  transactionCsvCells,
} from '@paydesk/domain/exports/columns';
import { csvRecord } from '@paydesk/domain/exports/csv';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Db, embeddedDatabaseOf } from '../../db/database.ts';
import { withEmbeddedFile } from '../../db/file-content.ts';
import type { Database } from '../../db/schema.ts';
import { chargeRows } from '../document-rows.ts';
import type { Executor } from '../ledger.ts';
import { orderPayouts, payoutsQuery } from '../payouts/query.ts';
import { payoutView } from '../payouts/read.ts';
import { fraudOutcomeRows, fraudOutcomesQuery, fraudOutcomeView } from '../transactions/fraud-outcomes.ts';
import { transactionView } from '../transactions/list.ts';
import {
  chargeLast4Sql,
  orderTransactionRows,
  orderTransactions,
  TRANSACTION_LIST_COLUMNS,
  type TransactionListRow,
  transactionsQuery,
} from '../transactions/query.ts';

/**
 * Writes an export's CSV into `export_chunks`. Rows are read in keyset batches in the list's
 * default order (newest first), each batch through the list's own query and row mapping, so
 * the file has exactly the rows and values the list shows. A batch is one short query that
 * resumes after the last row of the one before, instead of a cursor held open for the whole
 * file: on the embedded database a cursor's fetches cost far more than the same rows read by
 * index ranges (docs/performance.md).
 */

/** The keys a ledger row `b` is linked to its order and its charge by. */
interface LinkKeys {
  order_id: string | null;
  charge_id: string;
}

/**
 * Joins each ledger row `b` to its order (`o.link_order_id`, `o.link_order_number`) and to its
 * charge's last four digits (`c.link_last4`), the links a transactions file writes. Each is a
 * lateral lookup by primary key with `limit 1`, which PostgreSQL cannot flatten into a plain join:
 * a plain join of thousands of rows is planned as a hash join that reads the whole orders and
 * charges tables, where these probe their keys. The row writer's batches and the COPY writer's
 * ranges both join this way.
 *
 * `window`: the orders most of the rows belong to, by id (`OrderWindow`). Their orders and
 * charges are then read by one range of `orders_pkey` and `charges_order_idx` and joined by hash,
 * and only a row whose order or charge is outside it is looked up by key, so a range of rows
 * written in time order costs a few index ranges instead of a probe per row.
 */
export function joinLinksByKey<O>(
  db: Executor,
  query: SelectQueryBuilder<Database & { b: LinkKeys }, 'b', O>,
  window?: OrderWindow,
) {
  if (!window) return joinLinksLaterally(db, query);
  const windowed = query
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('orders')
          .select(['id as window_order_id', 'number as window_order_number'])
          .where('id', '>=', window.from)
          .where('id', '<=', window.to)
          .as('ow'),
      (join) => join.onRef('ow.window_order_id', '=', 'b.order_id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom(chargeRows(db, 'charges', 'joined'))
          .select(['id as window_charge_id', chargeLast4Sql.as('window_last4')])
          .where('order_id', '>=', window.from)
          .where('order_id', '<=', window.to)
          .as('cw'),
      (join) => join.onRef('cw.window_charge_id', '=', 'b.charge_id'),
    );
  // The lookups by key run only for a row the window did not link: a condition on the joined row
  // alone is evaluated before the index is read. The query keeps the rows' type: what the window
  // joined is read through `linkedSql`, as `o` and `c` are.
  return joinLinksLaterally(db, windowed as unknown as typeof query, {
    orders: sql<SqlBool>`ow.window_order_id is null`,
    charges: sql<SqlBool>`cw.window_charge_id is null`,
  });
}

/**
 * The order number and card digits `joinLinksByKey` linked a row `b` to, as SQL: from the window
 * when it linked them, else from the lookups by key.
 */
export function linkedSql(window: OrderWindow | undefined) {
  if (!window)
    return {
      orderNumber: sql<string | null>`o.link_order_number`,
      last4: sql<string | null>`c.link_last4`,
    };
  return {
    orderNumber: sql<string | null>`coalesce(ow.window_order_number, o.link_order_number)`,
    last4: sql<
      string | null
    >`case when cw.window_charge_id is null then c.link_last4 else cw.window_last4 end`,
  };
}

/** The order ids, inclusive, whose orders and charges a range of ledger rows reads by index range. */
export interface OrderWindow {
  from: number;
  to: number;
}

/** The lateral lookups of `joinLinksByKey`, each made only where its `only` condition holds. */
function joinLinksLaterally<O>(
  db: Executor,
  query: SelectQueryBuilder<Database & { b: LinkKeys }, 'b', O>,
  only: { orders?: RawBuilder<SqlBool>; charges?: RawBuilder<SqlBool> } = {},
) {
  return query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders')
          .select(['id as link_order_id', 'number as link_order_number'])
          .whereRef('orders.id', '=', 'b.order_id')
          .$if(only.orders !== undefined, (lookup) => lookup.where(only.orders!))
          .limit(1)
          .as('o'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(chargeRows(db))
          .select(chargeLast4Sql.as('link_last4'))
          .whereRef('charges.id', '=', 'b.charge_id')
          .$if(only.charges !== undefined, (lookup) => lookup.where(only.charges!))
          .limit(1)
          .as('c'),
      (join) => join.onTrue(),
    );
}

/** Rows read per query. */
export const EXPORT_BATCH_ROWS = 5_000;
/** Bytes of CSV gathered before they are stored as one chunk. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

/**
 * Gathers CSV text and stores it in chunks of about EXPORT_CHUNK_BYTES, or stores chunks of bytes
 * gathered elsewhere (`storeBytes`).
 */
export class ChunkSink {
  private parts: string[] = [];
  private pending = 0;
  private seq = 0;
  size_bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly exportId: string,
  ) {}

  add(text: string): void {
    this.parts.push(text);
    this.pending += text.length;
  }

  /** Stores what was gathered once it is large enough, or whatever there is with `force`. */
  async flush(force = false): Promise<void> {
    if (this.pending === 0 || (!force && this.pending < EXPORT_CHUNK_BYTES)) return;
    const data = this.parts.join('');
    this.parts = [];
    this.pending = 0;
    await this.db
      .insertInto('export_chunks')
      .values({ export_id: this.exportId, seq: this.seq, data })
      .execute();
    this.seq++;
    this.size_bytes += Buffer.byteLength(data, 'utf8');
  }

  /**
   * Stores UTF-8 bytes of whole records as the next chunk, after the text added before, checking
   * they are UTF-8, so the bytes never become a string here. On PostgreSQL `pg` sends a Buffer
   * parameter in binary format, which for a text column is the text's UTF-8 bytes (the server
   * checks them). The embedded database would make a string of a Buffer parameter without checking
   * it; there the bytes become a file of its in-memory file system, which one statement reads and
   * checks (`convert_from`), as db/file-content.ts writes files.
   */
  async storeBytes(data: Buffer): Promise<void> {
    await this.flush(true);
    if (embeddedDatabaseOf(this.db)) {
      // The buffer is gathered into again for the next chunk: the file system gets a copy.
      await withEmbeddedFile(this.db, data, { handOver: false }, async (path) => {
        await sql`insert into export_chunks (export_id, seq, data)
          values (${this.exportId}, ${this.seq}, convert_from(pg_read_binary_file(${path}), 'UTF8'))`.execute(
          this.db,
        );
      });
    } else {
      await sql`insert into export_chunks (export_id, seq, data) values (${this.exportId}, ${this.seq}, ${data})`.execute(
        this.db,
      );
    }
    this.seq++;
    this.size_bytes += data.length;
  }
}

/**
 * A transaction of an export batch as `row_to_json` writes it: times are ISO 8601 text, int8
 * columns plain JSON numbers (amounts are far inside the exact range), and the links joined in.
 */
type JsonExportRow = Omit<TransactionListRow, 'created_at' | 'available_on'> & {
  created_at: string;
  available_on: string;
  cursor_at: string;
  link_order_id: number | null;
  link_order_number: string | null;
  link_last4: string | null;
};

export interface WrittenFile {
  row_count: number;
  size_bytes: number;
}

/** Writes the transactions list's rows that `filters` select. */
export async function writeTransactionsCsv(
  db: Db,
  exportId: string,
  accountId: string,
  filters: transactions.TTransactionFilters,
  format: CsvFormat,
  batchRows = EXPORT_BATCH_ROWS,
): Promise<WrittenFile> {
  const sink = new ChunkSink(db, exportId);
  sink.add(csvRecord(TRANSACTION_CSV_HEADERS));
  // `after` is the last row's time as PostgreSQL writes it, so the resumption keeps microseconds.
  const batch = async (after: { at: string; seq: number } | undefined) => {
    let query = transactionsQuery(db, accountId, filters).select([
      ...TRANSACTION_LIST_COLUMNS,
      sql<string>`created_at::text`.as('cursor_at'),
    ]);
    if (after) {
      const { at, seq } = after;
      // Spelled out rather than as a row comparison, which PostgreSQL cannot match to the
      // descending list indexes; the first condition is the index range.
      query = query.where(
        sql<SqlBool>`created_at <= ${at}::timestamptz and (created_at < ${at}::timestamptz or seq < ${seq})`,
      );
    }
    const rows = orderTransactions(query, 'date', 'desc').limit(batchRows);
    // Of the links the list joins to its page, the file writes only the order and the card's
    // last four digits (transactionCsvCells); those two are joined here, with the order window
    // a whole batch reads by range, and the deposits and loans are not read at all.
    const linked = joinLinksByKey(db, db.selectFrom(rows.as('b')))
      .selectAll('b')
      .select(['o.link_order_id', 'o.link_order_number', 'c.link_last4']);
    // The batch comes back as one JSON array in the list's order, parsed at once, instead of
    // thousands of rows of some thirty fields: the embedded database decodes each field of a result
    // on its own, which cost more than reading the rows did (docs/performance.md, "Exports").
    const result = await db
      .selectFrom(linked.as('r'))
      .select(sql<string>`row_to_json(r)::text`.as('json'))
      .$call((q) => orderTransactionRows(q, 'r', 'date', 'desc'))
      .execute();
    return result.map(({ json }) => {
      const row = JSON.parse(json) as JsonExportRow;
      return { ...row, created_at: new Date(row.created_at), available_on: new Date(row.available_on) };
    });
  };
  let row_count = 0;
  let rows = await batch(undefined);
  for (;;) {
    const last = rows.at(-1);
    // The next batch is asked for before this one is formatted: on PostgreSQL the database
    // reads it on another connection meanwhile.
    const next = last && rows.length === batchRows ? batch({ at: last.cursor_at, seq: last.seq }) : undefined;
    // Its failure is thrown where it is awaited below; this keeps it from counting as
    // unhandled while the current batch is still being read.
    next?.catch(() => undefined);
    let text = '';
    for (const row of rows) {
      const view = transactionView(row, {
        order:
          row.link_order_id === null || row.link_order_number === null
            ? undefined
            : {
                number: row.link_order_number,
                // The file writes the order's number only.
                url: null,
                customer_url: null,
                subscriptions: [],
              },
        last4: row.link_last4,
        // Not columns of the file.
        deposit: undefined,
        loan_public_id: undefined,
      });
      text += csvRecord(transactionCsvCells(view, format));
    }
    sink.add(text);
    row_count += rows.length;
    await sink.flush();
    if (!next) break;
    rows = await next;
  }
  await sink.flush(true);
  return { row_count, size_bytes: sink.size_bytes };
}

/** Writes the blocked (or held) payments that `filters` select. */
export async function writeFraudOutcomesCsv(
  db: Db,
  exportId: string,
  accountId: string,
  filters: transactions.TFraudOutcomeFilters,
  format: CsvFormat,
): Promise<WrittenFile> {
  const sink = new ChunkSink(db, exportId);
  sink.add(csvRecord(FRAUD_OUTCOME_CSV_HEADERS));
  let row_count = 0;
  let after: { at: string; id: number } | undefined;
  for (;;) {
    let keys = fraudOutcomesQuery(db, accountId, filters).select('id');
    if (after) {
      const { at, id } = after;
      keys = keys.where(
        sql<SqlBool>`created_at <= ${at}::timestamptz and (created_at < ${at}::timestamptz or id < ${id})`,
      );
    }
    const rows = await fraudOutcomeRows(db)
      .select(sql<string>`f.created_at::text`.as('cursor_at'))
      .where('f.id', 'in', keys.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(EXPORT_BATCH_ROWS))
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
    let text = '';
    for (const row of rows)
      text += csvRecord(fraudOutcomeCsvCells(fraudOutcomeView(row), filters.status, format));
    sink.add(text);
    row_count += rows.length;
    await sink.flush();
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_ROWS) break;
    after = { at: last.cursor_at, id: last.id };
  }
  await sink.flush(true);
  return { row_count, size_bytes: sink.size_bytes };
}

/**
 * Writes the payouts that `filters` select, newest first as the list shows them. An account has
 * about one payout a day per currency, so the pages are few; each is one short offset query
 * over `payouts_arrival_idx`.
 */
export async function writePayoutsCsv(
  db: Db,
  exportId: string,
  accountId: string,
  filters: payouts.TPayoutFilters,
  format: CsvFormat,
): Promise<WrittenFile> {
  const sink = new ChunkSink(db, exportId);
  sink.add(csvRecord(PAYOUT_CSV_HEADERS));
  let row_count = 0;
  for (;;) {
    const rows = await orderPayouts(payoutsQuery(db, accountId, filters).selectAll(), 'date', 'desc')
      .limit(EXPORT_BATCH_ROWS)
      .offset(row_count)
      .execute();
    let text = '';
    for (const row of rows) text += csvRecord(payoutCsvCells(payoutView(row), format));
    sink.add(text);
    row_count += rows.length;
    await sink.flush();
    if (rows.length < EXPORT_BATCH_ROWS) break;
  }
  await sink.flush(true);
  return { row_count, size_bytes: sink.size_bytes };
}
