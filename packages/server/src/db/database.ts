import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type DialectAdapter, Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { auditedDialect } from './audit.ts';
import { acquireDataDirLock } from './lock.ts';
import { migrate } from './migrate.ts';
import { INT8_OID, parseInt8 } from './parse.ts';
import { preparedStatements } from './prepared.ts';
import type { Database } from './schema.ts';
import {
  relationBytes,
  SHARED_BUFFERS_PATTERN,
  sharedBuffersFor,
  sharedBuffersSetting,
} from './shared-buffers.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A pg pool for streaming and COPY on PostgreSQL; undefined on PGlite. */
  pool: pg.Pool | undefined;
  /** The PGlite instance on the embedded database; undefined on PostgreSQL. */
  pglite: PGlite | undefined;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      loadDataDir?: Blob;
      /**
       * The embedded database's `shared_buffers`: a PostgreSQL setting (`64MB`), `by-size` to
       * size them from the data folder (db/shared-buffers.ts), or PGlite's default (128 MB) when
       * absent.
       */
      sharedBuffers?: string;
    };

pg.types.setTypeParser(INT8_OID, parseInt8);

/**
 * The PGlite instance behind an embedded database, by the dialect adapter that the database and
 * every transaction on it share, for the few writes that hand it bytes directly
 * (db/file-content.ts).
 */
const embedded = new WeakMap<DialectAdapter, PGlite>();

/** The PGlite instance behind a database or a transaction on it; undefined on PostgreSQL. */
export function embeddedDatabaseOf(db: Db | Transaction<Database>): PGlite | undefined {
  return embedded.get(db.getExecutor().adapter);
}

/** The pg pool behind a database on PostgreSQL, by its dialect adapter as above. */
const pools = new WeakMap<DialectAdapter, pg.Pool>();

/** The pool behind a database or a transaction on it, for COPY; undefined on the embedded one. */
export function postgresPoolOf(db: Db | Transaction<Database>): pg.Pool | undefined {
  return pools.get(db.getExecutor().adapter);
}

/** Opens the database, takes the data-folder lock for the embedded one, and applies migrations. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const handle = target.kind === 'postgres' ? openPostgres(target) : await openPglite(target);
  if (options.migrate !== false) {
    try {
      await migrate(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/**
 * Settings of every connection to PostgreSQL, before the operator's own (`PGOPTIONS`), which
 * may override them. JIT compilation is off: Paydesk's statements read a few rows by index, and
 * where the planner misjudges one (a statement over rows written since the last `ANALYZE`, a
 * join it estimates row by row) its cost passes `jit_above_cost` and compiling it takes longer
 * than running it: 0.8 s of a payout sweep's 0.82 s while seeding, 35–50 ms of a 0.1 ms page
 * at 10M rows (docs/decisions.md, "No JIT compilation on Paydesk's connections").
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off';

/**
 * The `options` of a connection: ours, then the operator's (the `options` of `DATABASE_URL`, as
 * libpq reads it, else `PGOPTIONS`), then the schema. Given at all, the pool's `options` would
 * otherwise replace the operator's.
 */
export function postgresOptions(
  url: string,
  schema: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  let operator = env.PGOPTIONS;
  try {
    operator = new URL(url).searchParams.get('options') ?? operator;
  } catch {
    // Not a URL (a key=value string): PGOPTIONS alone.
  }
  return [POSTGRES_SESSION_OPTIONS, operator, schema ? `-c search_path=${schema}` : undefined]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
}

function openPostgres(target: { url: string; schema?: string; poolSize?: number }): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    options: postgresOptions(target.url, target.schema),
  });
  // PostgreSQL ends connections when it restarts or crashes, or an operator terminates them; the
  // client of each then emits 'error', and an 'error' no one listens to ends the process. A query
  // running on it fails by itself (its request answers 500, and an idempotent retry finds the key
  // free or the change made), and the pool drops the broken client when it is released, or at
  // once when idle, and opens a new connection when next asked. So the process only says so:
  // each client's listener does, for the whole of its life; the pool's repeats an idle one's.
  // Statements sent again and again are kept prepared on each connection (db/prepared.ts).
  const prepare = preparedStatements();
  pool.on('connect', (client) => {
    prepare(client);
    client.on('error', (error) => {
      process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
    });
  });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: auditedDialect(new PostgresDialect({ pool })) });
  pools.set(db.getExecutor().adapter, pool);
  return {
    db,
    kind: 'postgres',
    pool,
    pglite: undefined,
    close: () => db.destroy(),
  };
}

/**
 * The embedded database's write-ahead log, kept small. PostgreSQL keeps up to `max_wal_size` of
 * log segments (1 GB unless told) for reuse after a checkpoint: after a 100k-row seed that was
 * 561 MB of log beside 481 MB of tables and indexes, and 1.1 GB at 1M rows, all of it on the
 * merchant's disk and in every copy of the data folder. A checkpoint now comes every 128 MB of
 * log, which also bounds what recovery after a crash replays; the seed took no measurably longer
 * (docs/performance.md, "Storage").
 */
const EMBEDDED_WAL_PARAMS = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];

async function openPglite(target: {
  dataDir: string | undefined;
  loadDataDir?: Blob;
  sharedBuffers?: string;
}): Promise<DatabaseHandle> {
  let release = () => {};
  let dataPath: string | undefined;
  if (target.dataDir) {
    release = acquireDataDirLock(target.dataDir);
    dataPath = join(target.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  try {
    const sharedBuffers = sharedBuffersOf(target.sharedBuffers, dataPath);
    const pglite = await PGlite.create({
      ...(dataPath ? { dataDir: dataPath } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      startParams: [
        ...PGlite.defaultStartParams,
        ...EMBEDDED_WAL_PARAMS,
        ...(sharedBuffers ? ['-c', `shared_buffers=${sharedBuffers}`] : []),
      ],
      parsers: { [INT8_OID]: parseInt8 },
    });
    const db = new Kysely<Database>({ dialect: auditedDialect(new PGliteDialect({ pglite })) });
    embedded.set(db.getExecutor().adapter, pglite);
    return {
      db,
      kind: 'pglite',
      pool: undefined,
      pglite,
      close: async () => {
        try {
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The `shared_buffers` setting asked for, or undefined for PGlite's default. */
function sharedBuffersOf(asked: string | undefined, dataPath: string | undefined): string | undefined {
  if (asked === undefined) return undefined;
  if (asked === 'by-size')
    return sharedBuffersSetting(sharedBuffersFor(dataPath ? relationBytes(dataPath) : 0));
  if (!SHARED_BUFFERS_PATTERN.test(asked)) {
    throw new Error(`shared_buffers must be a size such as 64MB, 512kB or 1GB, not "${asked}"`);
  }
  return asked;
}
