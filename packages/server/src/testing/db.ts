import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { type DatabaseHandle, type Db, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_DATABASE_KINDS
 * (comma-separated, e.g. `postgres`) keeps only the kinds it names; naming one that is not
 * available is an error, so a suite is never skipped without a word.
 */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = testDatabaseKinds();

function testDatabaseKinds(): TestDatabaseKind[] {
  const available: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const chosen = process.env.TEST_DATABASE_KINDS?.split(',').map((kind) => kind.trim());
  if (!chosen) return available;
  const missing = chosen.filter((kind) => !available.includes(kind as TestDatabaseKind));
  if (missing.length > 0)
    throw new Error(
      `TEST_DATABASE_KINDS names ${missing.join(', ')}; available: ${available.join(', ')} (postgres needs TEST_DATABASE_URL)`,
    );
  return available.filter((kind) => chosen.includes(kind));
}

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated embedded database image, made once per test worker and copied for each suite. */
function migratedPgliteImage(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      const image = await handle.pglite!.dumpDataDir('none');
      return image;
    } finally {
      await handle.close();
    }
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database of the given kind: an in-memory PGlite, or a new schema on the
 * PostgreSQL of TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase(
      { kind: 'pglite', dataDir: undefined, loadDataDir: await migratedPgliteImage() },
      { migrate: false },
    );
    await migrate(handle.db);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const handle = await openDatabase({ kind: 'postgres', url, schema, poolSize: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    },
  };
}

/**
 * Marks the database's state now and answers a function that brings it back there: every table
 * empty now is emptied again, in one statement. Append-only tables (guarded against truncation:
 * the audit log) keep what was written to them; rows of tables that were not empty (the clock,
 * the users) are the caller's to put back. Sequences go on counting.
 */
export async function emptyTablesAgain(db: Db): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string }>`select c.relname as name
      from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgtype & 32 <> 0)
      order by c.relname`.execute(db);
  const empty: string[] = [];
  for (const { name } of rows) {
    const { rows: any } = await sql`select 1 from ${sql.table(name)} limit 1`.execute(db);
    if (any.length === 0) empty.push(name);
  }
  // One statement deleting from every table: the foreign keys are checked at its end, when all
  // are empty, so no order is needed (on PostgreSQL this is many times cheaper than TRUNCATE).
  const deleteAll = sql`with ${sql.join(
    empty.map((name, i) => sql`${sql.id(`emptied_${i}`)} as (delete from ${sql.table(name)})`),
  )} select 1`;
  return async () => {
    await deleteAll.execute(db);
  };
}

/**
 * Runs a suite once per database kind with a fresh database per suite. `use()` answers the
 * current handle inside tests.
 */
export function describeEachDatabase(
  name: string,
  suite: (use: () => DatabaseHandle, kind: TestDatabaseKind) => void,
): void {
  for (const kind of TEST_DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await createTestDatabase(kind);
      }, 60_000);
      afterAll(async () => {
        await handle?.close();
      });
      suite(() => {
        if (!handle) throw new Error('database not ready');
        return handle;
      }, kind);
    });
  }
}
