import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './schema.ts';
import { splitSql } from './split-sql.ts';

/** Any constant works; several processes starting at once on PostgreSQL queue behind it. */
const MIGRATION_LOCK_KEY = 727_372_001;

export interface Migration {
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Applies pending SQL migrations in name order and records them, all in one transaction: a
 * failing migration rolls back the whole run, so the database is left as it was found.
 * Migrations are forward-only: an applied one is never edited, a new file is added instead.
 */
export async function migrate(db: Kysely<Database>, migrations = listMigrations()): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    // Created under the lock: two processes running "create table if not exists" at once on an
    // empty PostgreSQL database collide on the catalog (duplicate key in pg_type).
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const done = new Set(
      (await sql<{ name: string }>`select name from schema_migrations`.execute(trx)).rows.map((r) => r.name),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      for (const statement of splitSql(migration.sql)) await sql.raw(statement).execute(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      applied.push(migration.name);
    }
  });
  return applied;
}
