import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assert } from '@paydesk/domain';
import { type DialectAdapter, Kysely, PostgresDialect, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { auditedDialect } from './audit.ts';
import type { Database } from './schema.ts';

/**
 * `COPY … FROM STDIN` for bulk writes on PostgreSQL (the seeder's batches): a database pinned to
 * one connection of the pool, whose transactions may also stream rows into tables over that
 * same connection, inside the transaction. Kysely hides its connections, so the pinned database
 * is a Kysely over a pool of that one client; `copyInOf` finds the copy function of a
 * transaction on it, as `postgresPoolOf` finds a pool.
 */

/** Streams COPY text-format data into `table`'s `columns`. */
export type CopyIn = (table: string, columns: readonly string[], data: Iterable<string>) => Promise<void>;

const copiers = new WeakMap<DialectAdapter, CopyIn>();

/** The COPY function of a database or transaction pinned by `pinConnection`; else undefined. */
export function copyInOf(db: Kysely<Database> | Transaction<Database>): CopyIn | undefined {
  return copiers.get(db.getExecutor().adapter);
}

export interface PinnedConnection {
  /** Runs every statement, and every transaction, on the pinned connection. */
  db: Kysely<Database>;
  /** Gives the connection back to the pool (broken, when `error` is given). */
  release(error?: Error): void;
}

/** Takes one connection from `pool` for a database whose statements and COPYs all run on it. */
export async function pinConnection(pool: pg.Pool): Promise<PinnedConnection> {
  const client = await pool.connect();
  // Kysely gives back what it takes after each statement or transaction; the pinned client is
  // kept until `release`.
  const held = new Proxy(client, {
    get(target, property) {
      if (property === 'release') return () => {};
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const onePool = { connect: async () => held, end: async () => {} } as unknown as pg.Pool;
  const db = new Kysely<Database>({ dialect: auditedDialect(new PostgresDialect({ pool: onePool })) });
  const copyIn: CopyIn = async (table, columns, data) => {
    const list = columns.map(quoteIdentifier).join(', ');
    const stream = client.query(copyFrom(`copy ${quoteIdentifier(table)} (${list}) from stdin`));
    await pipeline(Readable.from(data, { objectMode: false }), stream);
  };
  copiers.set(db.getExecutor().adapter, copyIn);
  let released = false;
  return {
    db,
    release(error) {
      if (released) return;
      released = true;
      client.release(error ?? false);
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Rows per piece of COPY data handed to the stream: about a megabyte of charges. */
const PIECE_ROWS = 500;

/**
 * The rows as COPY text-format data (one line per row, tab between columns, `\N` for null), in
 * pieces of a few hundred rows. Values are written as the bulk JSON statements send them:
 * dates as ISO 8601, JSON columns' objects as their JSON text (a string there is JSON text
 * already), everything else as its text.
 */
export function* copyText(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  jsonColumns: ReadonlySet<string>,
): Generator<string> {
  let piece = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let line = '';
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      if (c > 0) line += '\t';
      line += copyValue(row[column], jsonColumns.has(column));
    }
    piece += `${line}\n`;
    if ((i + 1) % PIECE_ROWS === 0) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

const SPECIAL = /[\\\n\r\t]/;

/**
 * A JSON column's value as the text a bulk write sends: a string is JSON text already (as an
 * insert takes it), anything else is written as JSON.
 */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function copyValue(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (json) text = jsonText(value);
  else if (typeof value === 'string') text = value;
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'number') {
    assert(Number.isFinite(value), 'COPY: a finite number');
    text = String(value);
  } else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else if (typeof value === 'bigint') text = value.toString();
  else assert(false, 'COPY: an object goes to a JSON column only');
  return SPECIAL.test(text) ? escapeCopy(text) : text;
}

function escapeCopy(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}
