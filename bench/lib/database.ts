import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledQuery, Kysely, type LogEvent, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../packages/server/src/db/database.ts';
import type { Database } from '../../packages/server/src/db/schema.ts';
import { createAppPassword } from '../../packages/server/src/store/app-passwords.ts';
import { createUser } from '../../packages/server/src/store/users.ts';

/** The seeded database a benchmark reads: `DATABASE_URL` (PostgreSQL) or `DATA_DIR` (PGlite). */
export function openBenchDatabase(options?: { migrate?: boolean }): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL)
    return openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL }, options);
  if (process.env.DATA_DIR) return openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR }, options);
  throw new Error('Set DATABASE_URL or DATA_DIR to a seeded database.');
}

/** A second Kysely on the same connection(s) that records every statement it runs. */
export function recordingDb(handle: DatabaseHandle, into: CompiledQuery[]): Kysely<Database> {
  const dialect =
    handle.kind === 'postgres'
      ? new PostgresDialect({ pool: handle.pool! })
      : new PGliteDialect({ pglite: handle.pglite! });
  return new Kysely<Database>({
    dialect,
    log: (event: LogEvent) => {
      if (event.level === 'query') into.push(event.query);
    },
  });
}

/** A new administrator with an application password; answers its Basic authorization header. */
export async function benchAdministrator(handle: DatabaseHandle, prefix: string): Promise<string> {
  const login = `${prefix}${Date.now()}`;
  await createUser(handle.db, {
    login,
    email: `${login}@example.test`,
    role: 'administrator',
    password: 'bench-password-1',
  });
  const password = await createAppPassword(handle.db, login, 'bench');
  return `Basic ${Buffer.from(`${login}:${password.password}`).toString('base64')}`;
}

/**
 * Runs `work` with the URL of a new database on the PostgreSQL server of `url` (named `name`),
 * and drops that database afterwards whatever `work` did. The user of `url` needs CREATEDB.
 */
export async function withNewPostgresDatabase<T>(
  url: string,
  name: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const server = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
  try {
    await sql`create database ${sql.id(name)}`.execute(server.db);
    try {
      const scratch = new URL(url);
      scratch.pathname = `/${name}`;
      return await work(scratch.toString());
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db);
    }
  } finally {
    await server.close();
  }
}

/**
 * The ledger rows of the store `DATABASE_URL` or `DATA_DIR` names, without creating or migrating
 * it: 0 when the data folder holds no database yet or the store has no ledger table.
 */
export async function countLedgerRows(): Promise<number> {
  const dataDir = process.env.DATABASE_URL ? undefined : process.env.DATA_DIR;
  if (dataDir !== undefined) {
    const pgData = join(dataDir, 'pglite');
    if (!existsSync(pgData) || readdirSync(pgData).length === 0) return 0;
  }
  const handle = await openBenchDatabase({ migrate: false });
  try {
    const table = await sql<{
      name: string | null;
    }>`select to_regclass('balance_transactions')::text as name`.execute(handle.db);
    if (!table.rows[0]?.name) return 0;
    const count = await handle.db
      .selectFrom('balance_transactions')
      .select(sql<string>`count(*)::text`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(count.n);
  } finally {
    await handle.close();
  }
}
