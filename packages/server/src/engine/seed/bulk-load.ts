import type { PGlite } from '@electric-sql/pglite';
import { assert } from '@paydesk/domain';
import { sql } from 'kysely';
import { type DatabaseHandle, type Db, embeddedDatabaseOf, postgresPoolOf } from '../../db/database.ts';
import { runUpkeepStep } from '../../db/upkeep.ts';
import type { Executor } from '../ledger.ts';

/**
 * Bulk loading for the seeder on the embedded database: the secondary indexes of the tables it
 * fills are dropped before the history is written and built again at the end, as a restore
 * does. Maintaining nine B-trees of balance_transactions row by row costs more than sorting
 * each once (docs/performance.md, "Seeding"). Only the embedded database does this: its
 * process holds the database alone, so no reader meets the missing indexes, while a PostgreSQL
 * database may be serving the store as the seeder runs.
 *
 * The dropped definitions are saved in an option first, so a run that dies midway leaves a
 * record: the next seed run, or `restoreDeferredIndexes`, builds them again.
 */

/** The tables the seeder writes in bulk. */
export const BULK_TABLES = [
  'orders',
  'payment_intents',
  'charges',
  'refunds',
  'disputes',
  'fraud_outcomes',
  'timeline_events',
  'balance_transactions',
  // Written by the ledger's trigger (migration 0026), row for row with the payments.
  'payment_risk',
  // Written by the payouts' sweeps, row for row with the ledger (migration 0049).
  'ledger_payouts',
] as const;

/**
 * Indexes read while the seeder writes: the reader-fee service between batches, and a payout
 * sweep moving its rows in the daily cube (a payment's repayment is found by its charge).
 */
const KEPT_INDEXES: ReadonlySet<string> = new Set(['charges_reader_idx', 'bt_charge_idx']);

/** `maintenance_work_mem` for building a deferred index on PostgreSQL. */
const INDEX_BUILD_MEMORY = '512MB';

/** The option that holds the definitions of dropped indexes until they are built again. */
export const DEFERRED_INDEXES_OPTION = 'seed_deferred_indexes';

export interface DeferredIndex {
  name: string;
  /** `CREATE INDEX …` as pg_get_indexdef gives it. */
  definition: string;
}

/** The secondary indexes of the bulk tables: not unique, not backing a constraint, not kept. */
async function secondaryIndexes(db: Executor): Promise<DeferredIndex[]> {
  const result = await sql<DeferredIndex>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace
      and t.relname = any(${[...BULK_TABLES]}::text[])
      and not x.indisunique and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by t.relname, i.relname`.execute(db);
  return result.rows.filter((index) => !KEPT_INDEXES.has(index.name));
}

async function savedDefinitions(db: Executor): Promise<DeferredIndex[]> {
  const row = await db
    .selectFrom('options')
    .select('value')
    .where('name', '=', DEFERRED_INDEXES_OPTION)
    .executeTakeFirst();
  return (row?.value as DeferredIndex[] | undefined) ?? [];
}

/**
 * Drops the bulk tables' secondary indexes, recording them first (added to any record left by an
 * interrupted run, whose indexes are already gone). Answers how many were dropped.
 */
export async function deferIndexes(db: Executor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const indexes = await secondaryIndexes(trx);
    const saved = await savedDefinitions(trx);
    const record = [...saved, ...indexes.filter((index) => !saved.some((s) => s.name === index.name))];
    await trx
      .insertInto('options')
      .values({ name: DEFERRED_INDEXES_OPTION, value: JSON.stringify(record) })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ value: sql`excluded.value`, updated_at: new Date() }),
      )
      .execute();
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    return indexes.length;
  });
}

/**
 * Builds every recorded index that is missing, then clears the record. Safe to run at any time:
 * without a record it does nothing. Answers the indexes built.
 */
export async function restoreDeferredIndexes(db: Db): Promise<string[]> {
  const saved = await savedDefinitions(db);
  const built: string[] = [];
  // A PostgreSQL server sorts a large index in memory when given some; the embedded database
  // keeps its default, as its memory is the process's own.
  const sortMemory = postgresPoolOf(db)
    ? sql`set local maintenance_work_mem = '${sql.raw(INDEX_BUILD_MEMORY)}'`
    : undefined;
  for (const index of saved) {
    const create = index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ');
    assert(create !== index.definition, `deferred index ${index.name} is a plain CREATE INDEX`);
    await db.transaction().execute(async (trx) => {
      if (sortMemory) await sortMemory.execute(trx);
      await sql.raw(create).execute(trx);
    });
    built.push(index.name);
  }
  await db.deleteFrom('options').where('name', '=', DEFERRED_INDEXES_OPTION).execute();
  return built;
}

/** Every table a seeder batch writes (BULK_TABLES and the few rows of the others). */
const WRITTEN_TABLES = [
  ...BULK_TABLES,
  // Written by the charges' and orders' triggers (migration 0041), a row per new document.
  'charge_documents',
  'payouts',
  'jobs',
  'ledger_rollups',
  'ledger_cube',
  'ledger_cube_hours',
  'ledger_customers',
  'ledger_customer_letters',
  'ledger_unswept',
  // Written by the unswept list's triggers (migration 0055).
  'ledger_unswept_hours',
  'loans',
  'notes',
];

/**
 * Triggers a bulk load may skip: the job queue's wake-up (migration 0025) only shortens the wait
 * for a queued job; jobs the seeder writes are found by the worker's next poll instead.
 */
const SKIPPABLE_TRIGGERS = ['jobs_notify'];

/**
 * Whether the seeder's batches may run in replica mode, which skips every trigger not enabled
 * ALWAYS, the per-row foreign-key checks among them (checkForeignKeys checks them at the end
 * instead): only when the written tables carry no such trigger but the foreign keys' own and the
 * skippable ones, so a trigger added later is never skipped silently, and the user may set the
 * mode (a superuser, as on PGlite). A trigger enabled ALWAYS (the ledger's payment_risk) fires in
 * replica mode too.
 */
export async function maySkipKeyChecks(db: Executor): Promise<boolean> {
  const result = await sql<{ triggers: number; superuser: boolean }>`
    select current_setting('is_superuser') = 'on' as superuser,
      (select count(*)::int from pg_trigger g join pg_class t on t.oid = g.tgrelid
       where t.relnamespace = current_schema()::regnamespace
         and t.relname = any(${WRITTEN_TABLES}::text[])
         and not (g.tgisinternal and g.tgconstraint <> 0)
         and g.tgenabled <> 'A'
         and g.tgname <> all(${SKIPPABLE_TRIGGERS}::text[])) as triggers`.execute(db);
  return result.rows[0]!.superuser && result.rows[0]!.triggers === 0;
}

/**
 * Checks every foreign key of the written tables over all their rows, as adding the constraint
 * after a restore would: the batches that skipped the checks must not have left an orphan.
 * Throws naming the first key that is broken.
 */
export async function checkForeignKeys(db: Executor): Promise<void> {
  const keys = await sql<{ name: string; child: string; parent: string; pairs: string[][] }>`
    select con.conname as name, c.relname as child, p.relname as parent,
      json_agg(json_build_array(ca.attname, pa.attname) order by k.n) as pairs
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_class p on p.oid = con.confrelid
    cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(child_att, parent_att, n)
    join pg_attribute ca on ca.attrelid = con.conrelid and ca.attnum = k.child_att
    join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = k.parent_att
    where con.contype = 'f' and c.relnamespace = current_schema()::regnamespace
      and c.relname = any(${WRITTEN_TABLES}::text[])
    group by con.conname, c.relname, p.relname
    order by con.conname`.execute(db);
  for (const key of keys.rows) {
    const present = sql.join(
      key.pairs.map(([child]) => sql`c.${sql.id(child!)} is not null`),
      sql` and `,
    );
    const matches = sql.join(
      key.pairs.map(([child, parent]) => sql`p.${sql.id(parent!)} = c.${sql.id(child!)}`),
      sql` and `,
    );
    const orphan = await sql`select 1 from ${sql.id(key.child)} c where ${present}
      and not exists (select 1 from ${sql.id(key.parent)} p where ${matches}) limit 1`.execute(db);
    assert(orphan.rows.length === 0, `seeded rows of ${key.child} break foreign key ${key.name}`);
  }
}

/** The `json` type, which the bulk statements' documents are cast to (`$1::json`). */
const JSON_TYPE_OID = 114;

/**
 * Sends `json` parameters to the embedded database as UTF-8 bytes in the binary format (for
 * json, the same text) instead of as text. PGlite measures a text parameter's UTF-8 length in a
 * JavaScript loop over its characters, twice, before copying it: for the seeder's documents of
 * megabytes that was a fifth of a run. TextEncoder does the same natively. Answers a function
 * that puts the previous serializer back.
 */
export function sendJsonAsBytes(pglite: Pick<PGlite, 'serializers'>): () => void {
  const previous = pglite.serializers[JSON_TYPE_OID];
  const encoder = new TextEncoder();
  const serialize = (value: unknown) =>
    typeof value === 'string' ? encoder.encode(value) : (previous ?? JSON.stringify)(value);
  // PGlite sends a serializer's Uint8Array as it is, in the binary format.
  pglite.serializers[JSON_TYPE_OID] = serialize as unknown as PGlite['serializers'][number];
  return () => {
    if (previous) pglite.serializers[JSON_TYPE_OID] = previous;
    else delete pglite.serializers[JSON_TYPE_OID];
  };
}

/** What the end of a bulk load did: the indexes it built, and the time it took. */
export interface BulkLoadFinish {
  /** Indexes dropped for the run and built again at its end. */
  indexes: number;
  /** Building them, checking the foreign keys, gathering the tables' statistics. */
  ms: number;
}

/**
 * Runs the seeder's writes under the bulk loading chosen for this run: the secondary indexes
 * deferred to the end (or an interrupted run's left-over ones built first), JSON sent as bytes
 * to the embedded database, the foreign keys checked at the end when the writes skipped their
 * per-row checks, and the written tables vacuumed and analyzed.
 */
export async function bulkLoading(
  database: Pick<DatabaseHandle, 'db' | 'pglite'>,
  mode: { deferring: boolean; skipKeyChecks: boolean },
  write: () => Promise<void>,
): Promise<BulkLoadFinish> {
  const { db } = database;
  // An earlier run that was interrupted may have left indexes to build: deferring adds to its
  // record, and not deferring builds them now.
  if (mode.deferring) await deferIndexes(db);
  else await restoreDeferredIndexes(db);
  let indexes = 0;
  let ms = 0;
  const restoreSerializer = database.pglite ? sendJsonAsBytes(database.pglite) : () => {};
  try {
    await write();
  } finally {
    restoreSerializer();
    if (mode.deferring) {
      const began = performance.now();
      indexes = (await restoreDeferredIndexes(db)).length;
      ms = performance.now() - began;
    }
  }
  const began = performance.now();
  if (mode.skipKeyChecks) await checkForeignKeys(db);
  await vacuumWrittenTables(db);
  return { indexes, ms: ms + performance.now() - began };
}

/**
 * Gathers the planner's statistics of every table the seeder wrote, as after a restore, and on
 * the embedded database vacuums them too. A new store's tables have no statistics until
 * autovacuum comes round, and without them the planner guesses: `ledger:check` over a freshly
 * seeded million rows was planned as a nested loop of index scans that ran for minutes instead
 * of seconds. PostgreSQL's autovacuum then vacuums the new rows in the background; the embedded
 * database's upkeep (db/upkeep.ts) counts only what its own process wrote, and would leave the
 * seeded pages unvacuumed (not marked all-visible) until the store grew by a tenth.
 * Tables a store's schema does not have yet are passed over: a migration's test seeds a store of
 * an older schema. Outside a transaction only.
 */
export async function vacuumWrittenTables(db: Db): Promise<void> {
  const vacuum = embeddedDatabaseOf(db) !== undefined;
  for (const name of await presentTables(db, WRITTEN_TABLES))
    await runUpkeepStep(db, { table: name, vacuum, analyze: true });
}

/**
 * Which of `tables` the store's schema has: a migration's test seeds a store of an older schema,
 * which lacks the tables of later migrations.
 */
export async function presentTables(db: Db, tables: readonly string[]): Promise<string[]> {
  const present = await sql<{ name: string }>`
    select t as name from unnest(${tables}::text[]) as t where to_regclass(t) is not null`.execute(db);
  return present.rows.map((row) => row.name);
}
