import { type CompiledQuery, Kysely, type LogEvent, PGliteDialect, PostgresDialect } from 'kysely';
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
