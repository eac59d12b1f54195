import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

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
