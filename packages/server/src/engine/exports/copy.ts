import type { transactions } from '@paydesk/domain/contracts';
import { ZERO_DECIMAL_CURRENCIES } from '@paydesk/domain/currencies';
import { type CsvFormat, TRANSACTION_CSV_HEADERS } from '@paydesk/domain/exports/columns';
import {
  csvRecord,
  FORMULA_TRIGGERS,
  fixedOffsetMinutes,
  neutralizeFormula,
} from '@paydesk/domain/exports/csv';
import { PAYMENT_METHOD_LABELS } from '@paydesk/domain/payments/messages';
import { CHANNEL_LABELS } from '@paydesk/domain/transactions/list-labels';
import { riskLevelLabel, TRANSACTION_TYPE_LABELS } from '@paydesk/domain/transactions/status';
import { type CompiledQuery, type RawBuilder, type SqlBool, sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Db, embeddedDatabaseOf } from '../../db/database.ts';
import { chargeRows } from '../document-rows.ts';
import {
  chargeLast4Sql,
  customerCurrencyOf,
  orderTransactionRows,
  TRANSACTION_LIST_COLUMNS,
  transactionsQuery,
} from '../transactions/query.ts';
import {
  ChunkSink,
  EXPORT_CHUNK_BYTES,
  joinLinksByKey,
  linkedSql,
  type OrderWindow,
  type WrittenFile,
} from './writer.ts';

/**
 * The transactions file through COPY. On PostgreSQL one `COPY (SELECT …) TO STDOUT` in CSV
 * format writes it, so no row becomes a JavaScript object. The SELECT computes each cell exactly as
 * `transactionCsvCells` writes it (labels, amounts in major units, dates in the requested zone,
 * formula neutralisation); COPY quotes a cell holding a quote, comma or line break, as the row
 * writer does, and writes an absent cell (NULL) empty. What COPY cannot do is end a record with
 * CRLF, so its LF record ends are rewritten as the bytes stream by (`CrlfRecords`). The embedded
 * database writes the same SELECT, range by range, with `COPY … TO '/dev/blob'`
 * (`writeTransactionsCsvByEmbeddedCopy`). The row writer (writer.ts) stays the reference: a test
 * compares the files byte for byte on both databases.
 */

/** Neutralises a text cell in SQL as `neutralizeFormula` does, and makes an empty cell absent. */
function textCellSql(value: RawBuilder<string | null>): RawBuilder<string | null> {
  const triggers = sql.join(FORMULA_TRIGGERS.map((trigger) => sql.lit(trigger.codePointAt(0))));
  // `ascii` reads the first character without building a string of it.
  return sql<
    string | null
  >`nullif(case when ascii(${value}) in (${triggers}) then '''' || ${value} else ${value} end, '')`;
}

/**
 * A label from a table of the list's labels, or the value itself when the table has none, as a
 * text cell. The labels are neutralised here, so only a value without a label is looked at per row.
 */
function labelSql(
  column: RawBuilder<string | null>,
  labels: Readonly<Record<string, string>>,
): RawBuilder<string | null> {
  const cases = Object.entries(labels).map(
    ([value, label]) => sql`when ${sql.lit(value)} then ${sql.lit(neutralizeFormula(label))}`,
  );
  return sql<string | null>`case ${column} ${sql.join(cases, sql` `)} else ${textCellSql(column)} end`;
}

/** An amount in major units with the currency's decimals, absent without an amount or currency. */
function moneySql(
  amount: RawBuilder<number | null>,
  currency: RawBuilder<string | null>,
): RawBuilder<string> {
  const zeroDecimal = sql.join(ZERO_DECIMAL_CURRENCIES.map((code) => sql.lit(code)));
  // `* 0.01` gives a numeric of scale 2, which PostgreSQL writes with both decimals: -5 → -0.05.
  return sql<string>`case when ${currency} is null or ${currency} = '' then null
    when lower(${currency} collate "C") in (${zeroDecimal}) then ${amount}::text
    else (${amount} * 0.01)::text end`;
}

/**
 * A `timestamptz` column as wall-clock time in the export's zone, as `zonedDateTimeFormatter`
 * reads the zone: a fixed offset, UTC for none, else a zone name. Undefined when the database does
 * not know a name JavaScript knows (`known` asks it): that file is written row by row.
 */
async function wallClockSql(
  timeZone: string | null,
  known: (zone: string) => Promise<boolean>,
): Promise<WallClock | undefined> {
  const fixed_minutes = fixedOffsetMinutes(timeZone);
  if (fixed_minutes !== undefined)
    return (column) =>
      sql<Date>`((${column} at time zone 'UTC') + make_interval(mins => ${sql.lit(fixed_minutes)}))`;
  let zone = 'UTC';
  if (timeZone && timeZone !== 'UTC') {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      zone = timeZone;
    } catch (error) {
      // An unknown name is written in UTC, as the row writer does.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  if (zone !== 'UTC' && !(await known(zone))) return undefined;
  return (column) => sql<Date>`(${column} at time zone ${sql.lit(zone)})`;
}

type WallClock = (column: RawBuilder<Date>) => RawBuilder<Date>;

/** The list's rows for an account and filters, as `transactionsQuery` selects them. */
type Bt = ReturnType<typeof transactionsQuery>;

/** The query that asks whether the database knows a time zone by a name. */
const ZONE_KNOWN_SQL = 'select 1 from pg_timezone_names where name = $1';

/** Reads the rows of a query given as text, with its parameters written into it. */
type ReadRows = <R>(text: string) => Promise<R[]>;

/**
 * The names of the countries of the rows `rows` selects, made by the row writer's formatter and
 * neutralised, by code; undefined when a currency code of those rows is not ASCII. Currency codes
 * are changed in case byte by byte, which is what JavaScript does for ASCII only; the engine
 * writes ISO codes, and a selection with any other is written row by row.
 */
async function countryNamesOf(
  rows: Bt,
  read: ReadRows,
  escapeLiteral: (text: string) => string,
  format: CsvFormat,
): Promise<Record<string, string> | undefined> {
  const countries = await read<{ code: string | null; wide: boolean }>(
    inlineParameters(
      rows
        .select([
          'customer_country as code',
          sql<boolean>`bool_or(octet_length(currency) <> length(currency)
            or octet_length(customer_currency) <> length(customer_currency))`.as('wide'),
        ])
        .groupBy('customer_country')
        .compile(),
      escapeLiteral,
    ),
  );
  if (countries.some((row) => row.wide)) return undefined;
  return Object.fromEntries(
    countries
      .flatMap(({ code }) => (code ? [{ code }] : []))
      .map(({ code }) => [code, neutralizeFormula(format.countryName(code))] as const)
      .filter(([, name]) => name !== ''),
  );
}

/**
 * Writes a compiled query's parameters into its text, for COPY, which takes none. `pg` sends
 * every parameter as text of unknown type, so a quoted literal is read exactly as the parameter
 * would have been.
 */
export function inlineParameters(query: CompiledQuery, escapeLiteral: (text: string) => string): string {
  return query.sql.replace(/\$(\d+)/g, (_, position: string) => {
    const value = query.parameters[Number(position) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'string') return escapeLiteral(value);
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
      return escapeLiteral(String(value));
    if (value instanceof Date) return escapeLiteral(value.toISOString());
    throw new Error(`A COPY query cannot take a parameter of type ${typeof value}`);
  });
}

/** Bytes of COPY's output read ahead while a chunk is stored. */
const COPY_READ_BYTES = 64 * 1024;

const LF = 0x0a;
const QUOTE = 0x22;
const CR = 0x0d;

/**
 * COPY's CSV output with CRLF record ends, gathered into chunks of whole records. A line feed
 * inside a quoted cell is data; one outside ends the record. A quoted cell's own quotes are
 * doubled, so counting quotes tells which is which.
 *
 * The bytes are converted into one of two buffers allocated once: `take` hands out the whole
 * records of one as a view and goes on in the other, so a file is gathered without a new buffer
 * or string per chunk, and the chunk handed out stays as it is while it is stored.
 */
export class CrlfRecords {
  private quoted = false;
  /** Converted bytes not taken yet; `whole` of them are whole records. */
  private out: Buffer;
  /** The buffer of the chunk taken last. */
  private spare: Buffer;
  private length = 0;
  private whole = 0;
  records = 0;

  /** `capacity`: the bytes a chunk and the data pushed after it reached its size come to. */
  constructor(capacity = 64 * 1024) {
    this.out = Buffer.allocUnsafe(capacity);
    this.spare = Buffer.allocUnsafe(capacity);
  }

  /** Bytes of whole records of the file's own, such as its header, written as they are. */
  write(records: Buffer): void {
    this.reserve(records.length);
    this.length += records.copy(this.out, this.length);
    this.whole = this.length;
  }

  push(data: Buffer): void {
    this.reserve(data.length + data.length / 2);
    let start = 0;
    let quote = data.indexOf(QUOTE);
    for (let from = 0; ; ) {
      const lf = data.indexOf(LF, from);
      const end = lf === -1 ? data.length : lf;
      while (quote !== -1 && quote < end) {
        this.quoted = !this.quoted;
        quote = data.indexOf(QUOTE, quote + 1);
      }
      if (lf === -1) break;
      if (!this.quoted) {
        this.reserve(lf - start + 2);
        this.length += data.copy(this.out, this.length, start, lf);
        this.out[this.length++] = CR;
        this.out[this.length++] = LF;
        this.whole = this.length;
        this.records++;
        start = lf + 1;
      }
      from = lf + 1;
    }
    this.reserve(data.length - start);
    this.length += data.copy(this.out, this.length, start);
  }

  /** Bytes of whole records gathered and not taken yet. */
  get wholeBytes(): number {
    return this.whole;
  }

  /**
   * The whole records gathered, as bytes that stay as they are until the next call: the records
   * that follow are gathered in the other buffer.
   */
  take(): Buffer {
    const chunk = this.out.subarray(0, this.whole);
    if (this.spare.length < this.out.length) this.spare = Buffer.allocUnsafe(this.out.length);
    this.length = this.out.copy(this.spare, 0, this.whole, this.length);
    this.whole = 0;
    [this.out, this.spare] = [this.spare, this.out];
    return chunk;
  }

  /** Whether bytes of an unfinished record are gathered. */
  get unfinished(): boolean {
    return this.length > this.whole;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.out.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, Math.ceil(this.length + bytes)));
    this.out.copy(grown, 0, 0, this.length);
    this.out = grown;
  }
}

/**
 * Writes the transactions list's rows that `filters` select through COPY, or answers undefined
 * when the export's time zone is one only the row writer can write.
 */
export async function writeTransactionsCsvByCopy(
  db: Db,
  pool: pg.Pool,
  exportId: string,
  accountId: string,
  filters: transactions.TTransactionFilters,
  options: { timeZone: string | null; format: CsvFormat },
): Promise<WrittenFile | undefined> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    const wallClock = await wallClockSql(options.timeZone, async (zone) => {
      const known = await client.query(ZONE_KNOWN_SQL, [zone]);
      return known.rowCount !== 0;
    });
    if (!wallClock) return undefined;
    // One snapshot for the countries read first and the rows read after.
    await client.query('begin isolation level repeatable read read only');
    // Dates are written as PostgreSQL's ISO text of a timestamp cut to the second.
    await client.query(`set local datestyle = 'ISO, YMD'`);
    const escapeLiteral = (text: string) => client.escapeLiteral(text);
    const countryNames = await countryNamesOf(
      transactionsQuery(db, accountId, filters),
      async (text) => (await client.query(text)).rows,
      escapeLiteral,
      options.format,
    );
    if (!countryNames) {
      await client.query('rollback');
      return undefined;
    }
    const query = copyQuery(db, transactionsQuery(db, accountId, filters), wallClock, countryNames, 'joined');
    const sink = new ChunkSink(db, exportId);
    // A chunk's records and the data read while it reaches its size.
    const records = new CrlfRecords(EXPORT_CHUNK_BYTES + COPY_READ_BYTES * 4);
    records.write(Buffer.from(csvRecord(TRANSACTION_CSV_HEADERS)));
    const stream = client.query(
      copyTo(`copy (${inlineParameters(query, escapeLiteral)}) to stdout with (format csv)`, {
        highWaterMark: COPY_READ_BYTES,
      }),
    );
    // A chunk is stored while COPY goes on with the next; one at a time, so chunks keep their
    // order and a chunk's bytes are not gathered over before they are sent.
    let storing: Promise<void> = Promise.resolve();
    for await (const data of stream) {
      records.push(data as Buffer);
      if (records.wholeBytes >= EXPORT_CHUNK_BYTES) {
        await storing;
        storing = sink.storeBytes(records.take());
        // Its failure is thrown where it is awaited; this keeps it from counting as unhandled.
        storing.catch(() => undefined);
      }
    }
    await storing;
    if (records.unfinished) throw new Error('COPY ended inside a record');
    if (records.wholeBytes > 0) await sink.storeBytes(records.take());
    await client.query('commit');
    return { row_count: records.records, size_bytes: sink.size_bytes };
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // A connection that failed in the middle of COPY is not given back to the pool.
    if (failure !== undefined) client.release(failure instanceof Error ? failure : true);
    else client.release();
  }
}

/** Rows a piece of the file has on the embedded database, read by one COPY. */
export const EMBEDDED_PIECE_ROWS = 10_000;

/**
 * Where a piece of the file starts, its first row's key in the list's default order, and the
 * orders most of its rows belong to (`OrderWindow`), when they are few enough to read as a range.
 */
interface PieceStart {
  at: string;
  seq: number;
  window: OrderWindow | undefined;
}

/**
 * The most order ids a window spans, per row of its piece: a wider one would read more orders by
 * range than its rows would look up by key (the orders of other accounts, or of a piece whose
 * rows are mostly refunds of older orders).
 */
const WINDOW_IDS_PER_ROW = 2;

/**
 * Writes the transactions list's rows that `filters` select through COPY on the embedded
 * database, or answers undefined when the file is one only the row writer can write (as
 * `writeTransactionsCsvByCopy`).
 *
 * The embedded database serves every request of the server one statement at a time, so the
 * file is not read in one transaction, which would hold it for the whole file: the rows are
 * numbered once in the list's order by their keys alone (the list's index holds them), and every
 * `pieceRows`-th row's key starts a piece that one COPY to `/dev/blob` writes, each a short
 * transaction of its own. Rows added after the export started are not written: every query is
 * bounded by the largest `seq` at the start (`seq` only grows, and the embedded database runs
 * one transaction at a time). A row changed while the file is written is written as it is when
 * its piece is read; its country's name is written only if a row of the selection had that
 * country when the names were read at the start.
 */
export async function writeTransactionsCsvByEmbeddedCopy(
  db: Db,
  exportId: string,
  accountId: string,
  filters: transactions.TTransactionFilters,
  options: { timeZone: string | null; format: CsvFormat },
  pieceRows = EMBEDDED_PIECE_ROWS,
): Promise<WrittenFile | undefined> {
  const pglite = embeddedDatabaseOf(db);
  if (!pglite) throw new Error('Not an embedded database');
  const wallClock = await wallClockSql(options.timeZone, async (zone) => {
    const known = await pglite.query(ZONE_KNOWN_SQL, [zone]);
    return known.rows.length > 0;
  });
  if (!wallClock) return undefined;
  const last = await db
    .selectFrom('balance_transactions')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirstOrThrow();
  const lastSeq = last.seq === null ? 0 : Number(last.seq);
  const rows = () => transactionsQuery(db, accountId, filters).where('seq', '<=', lastSeq);
  const escapeLiteral = (text: string) => pg.escapeLiteral(text);
  const countryNames = await countryNamesOf(
    rows(),
    async <R>(text: string) => (await pglite.query<R>(text)).rows,
    escapeLiteral,
    options.format,
  );
  if (!countryNames) return undefined;
  // One pass over the rows' keys numbers them in the list's order, and each piece's first key
  // starts it. `at` is the time as the database writes it, so the ranges keep microseconds (as the
  // row writer's resumption does). Order ids grow with time, so the orders made while a piece's
  // rows were written are those after the newest order of the next (older) piece, up to its own
  // newest: its window. A refund or a late capture in it belongs to an older order, which is
  // looked up by key; so is every order of the oldest piece, which has no older piece to bound it.
  // The size is written into the text, so the grouping and the order are the same expression.
  const size = sql.lit(pieceRows);
  const piece = sql<number>`(n - 1) / ${size}`;
  const starts = await db
    .selectFrom(
      rows()
        .select([
          'created_at',
          'seq',
          'order_id',
          sql<number>`row_number() over (order by created_at desc, seq desc)`.as('n'),
        ])
        .as('k'),
    )
    .select([
      sql<string>`(min(created_at) filter (where (n - 1) % ${size} = 0))::text`.as('at'),
      sql<string>`(min(seq) filter (where (n - 1) % ${size} = 0))::text`.as('seq'),
      sql<string | null>`max(order_id)::text`.as('newest'),
    ])
    .groupBy(piece)
    .orderBy(piece)
    .execute();
  const pieces: PieceStart[] = starts.map(({ at, seq, newest }, index) => {
    const older = starts[index + 1]?.newest;
    let window: OrderWindow | undefined;
    if (older != null && newest !== null) {
      window = { from: Number(older) + 1, to: Number(newest) };
      if (window.to < window.from || window.to - window.from >= pieceRows * WINDOW_IDS_PER_ROW)
        window = undefined;
    }
    return { at, seq: Number(seq), window };
  });
  const sink = new ChunkSink(db, exportId);
  const records = new CrlfRecords(EXPORT_CHUNK_BYTES + COPY_READ_BYTES * 4);
  records.write(Buffer.from(csvRecord(TRANSACTION_CSV_HEADERS)));
  for (const [index, start] of pieces.entries()) {
    const next = pieces[index + 1];
    // Spelled out as the row writer's resumption is, so the list's index gives the range.
    let range = rows().where(
      sql<SqlBool>`created_at <= ${start.at}::timestamptz and (created_at < ${start.at}::timestamptz or seq <= ${start.seq})`,
    );
    if (next)
      range = range.where(
        sql<SqlBool>`created_at >= ${next.at}::timestamptz and (created_at > ${next.at}::timestamptz or seq > ${next.seq})`,
      );
    const query = copyQuery(db, range, wallClock, countryNames, start.window ?? 'by key');
    const text = `copy (${inlineParameters(query, escapeLiteral)}) to '/dev/blob' with (format csv)`;
    const blob = await pglite.transaction(async (tx) => {
      // Dates are written as PostgreSQL's ISO text of a timestamp cut to the second.
      await tx.query(`set local datestyle = 'ISO, YMD'`);
      return (await tx.query(text)).blob;
    });
    // A piece without rows writes nothing, and then there is no blob.
    const data = blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0);
    for (let offset = 0; offset < data.length; offset += COPY_READ_BYTES) {
      records.push(data.subarray(offset, offset + COPY_READ_BYTES));
      if (records.wholeBytes >= EXPORT_CHUNK_BYTES) await sink.storeBytes(records.take());
    }
    if (records.unfinished) throw new Error('COPY ended inside a record');
  }
  if (records.wholeBytes > 0) await sink.storeBytes(records.take());
  return { row_count: records.records, size_bytes: sink.size_bytes };
}

/**
 * The SELECT whose rows, written by COPY as CSV, are the file's records: the list's rows that
 * `rows` selects (`transactionsQuery`, perhaps narrowed to a range) in the row writer's order
 * (`orderTransactionRows`), so a filter the list learns reaches this file with no change here.
 *
 * `lookups`: how the order number and card digits are found. `joined` joins the orders and the
 * charges, which for a whole file PostgreSQL does by hash; `by key` looks each up by its primary
 * key (a lateral subquery with `limit 1`, which the planner cannot flatten into a join), for a
 * range of rows, where a hash join would read both tables whole for every range; a window reads
 * its orders and their charges by index range and looks up by key only the rest
 * (`joinLinksByKey`).
 */
function copyQuery(
  db: Db,
  rows: Bt,
  wallClock: WallClock,
  countryNames: Record<string, string>,
  lookups: 'joined' | 'by key' | OrderWindow,
): CompiledQuery {
  const window = typeof lookups === 'object' ? lookups : undefined;
  const linked = linkedSql(window);
  const col = <T>(name: string) => sql<T>`${sql.ref(`b.${name}`)}`;
  const customerCurrency = customerCurrencyOf((column) => sql.ref(`b.${column}`));
  // As the list does, a payment shows the card's last four digits only when it has a charge.
  const last4 = sql<string | null>`nullif(case when b.charge_id <> '' then ${linked.last4} end, '')`;
  const method = sql<string | null>`case when b.source is null or b.source = '' then null
    else ${labelSql(col('source'), PAYMENT_METHOD_LABELS)} || coalesce(${' •••• '} || ${last4}, '') end`;
  // The label starts the cell and is never empty, so neutralising it neutralises the cell.
  const riskLabels = [0, 1, 2].map(
    (level) => sql`when ${sql.lit(level)} then ${sql.lit(neutralizeFormula(riskLevelLabel(level)))}`,
  );
  const cells = [
    sql`date_trunc('second', ${wallClock(col('created_at'))})::text`,
    labelSql(col('type'), TRANSACTION_TYPE_LABELS),
    labelSql(col('channel'), CHANNEL_LABELS),
    moneySql(col('amount'), col('currency')),
    // The table shows fees as what they take away; the file does the same.
    moneySql(sql`(-b.fee)`, col('currency')),
    moneySql(col('net'), col('currency')),
    textCellSql(linked.orderNumber),
    method,
    textCellSql(col('customer_name')),
    textCellSql(col('customer_email')),
    sql`(${JSON.stringify(countryNames)}::jsonb ->> b.customer_country)`,
    sql`case when b.customer_amount is not null then ${moneySql(col('customer_amount'), customerCurrency)} end`,
    sql`case b.risk_level ${sql.join(riskLabels, sql` `)} else ${sql.lit(neutralizeFormula(riskLevelLabel(null)))} end`,
    sql`${wallClock(col('available_on'))}::date::text`,
    textCellSql(sql`upper(b.currency collate "C")`),
    sql`case when b.customer_amount is not null then ${textCellSql(sql`upper(${customerCurrency} collate "C")`)} end`,
    textCellSql(col('id')),
  ];
  const listed = db.selectFrom(rows.select(TRANSACTION_LIST_COLUMNS).as('b'));
  const joined =
    lookups === 'joined'
      ? listed
          .leftJoin(
            (eb) => eb.selectFrom('orders').select(['id', 'number as link_order_number']).as('o'),
            (join) => join.onRef('o.id', '=', 'b.order_id'),
          )
          // The digits are taken out of the charge where it is read: a whole-file export joins by
          // hash, and a hash of ids and digits is a sixth of the size of one holding the charges' JSON.
          .leftJoin(
            (eb) =>
              eb
                .selectFrom(chargeRows(db, 'charges', 'joined'))
                .select(['id', chargeLast4Sql.as('link_last4')])
                .as('c'),
            (join) => join.onRef('c.id', '=', 'b.charge_id'),
          )
      : joinLinksByKey(db, listed, window);
  return joined
    .select(cells.map((cell, index) => cell.as(`c${index}`)))
    .$call((q) => orderTransactionRows(q, 'b', 'date', 'desc'))
    .compile();
}
