/**
 * Storage: each table's data and indexes on disk and the store's bytes per ledger row, after a
 * `vacuum analyze` (docs/performance.md, "Storage"). On the embedded database also the data
 * folder's table files (`pglite/base`, every table and index with the database's own catalogs)
 * and its write-ahead log (`pglite/pg_wal`), as they are on disk.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/storage.bench.ts
 *   DATA_DIR=/path/to/data npx tsx bench/storage.bench.ts
 *
 * Seed first: `npm run cli -- seed --transactions 1000000` with the same variable (with
 * `--defer-indexes` on PostgreSQL, as the figures were). KB and MB are 1,024 and 1,048,576 bytes.
 *
 * Then the index of `IDS` new ids (default 1,000,000), written 1,000 at a time into a new
 * table (dropped after) as a store writes them: as the engine makes them (their time first, and
 * within a millisecond one more than the last), with their random part drawn anew within a
 * millisecond, and with the time drawn at random too, which makes them random whole. Prints the
 * size of each primary key.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { folderBytes } from '../packages/server/src/db/shared-buffers.ts';
import { TIME_CHARS, timeOrderedIds } from '../packages/server/src/engine/ids.ts';
import { openBenchDatabase } from './lib/database.ts';

/** The largest tables get a line each; the rest are summed in one. */
const LISTED = 12;

const handle = await openBenchDatabase();
try {
  const { db } = handle;
  await sql`vacuum analyze`.execute(db);
  const ledger = await db
    .selectFrom('balance_transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = Number(ledger.n);
  if (rows === 0) throw new Error('The store has no ledger rows: seed it first.');
  const tables = (
    await sql<{ name: string; data: string; indexes: string; total: string }>`
      select c.relname as name, pg_table_size(c.oid)::text as data,
             pg_indexes_size(c.oid)::text as indexes, pg_total_relation_size(c.oid)::text as total
        from pg_class c
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
       order by pg_total_relation_size(c.oid) desc, c.relname`.execute(db)
  ).rows.map((t) => ({
    name: t.name,
    data: Number(t.data),
    indexes: Number(t.indexes),
    total: Number(t.total),
  }));

  const mb = (bytes: number) => `${Math.round(bytes / 1_048_576).toLocaleString('en-US')} MB`;
  const perRow = (bytes: number) => `${(bytes / rows / 1024).toFixed(2)} KB`;
  console.log(`${handle.kind}, ${rows.toLocaleString('en-US')} ledger rows`);
  console.log('| Table | Data | Indexes | Total | Per ledger row |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const t of tables.slice(0, LISTED))
    console.log(`| \`${t.name}\` | ${mb(t.data)} | ${mb(t.indexes)} | ${mb(t.total)} | ${perRow(t.total)} |`);
  const rest = tables.slice(LISTED).reduce((sum, t) => sum + t.total, 0);
  const all = tables.reduce((sum, t) => sum + t.total, 0);
  console.log(`| everything else (${tables.length - LISTED} tables) | | | ${mb(rest)} | ${perRow(rest)} |`);
  console.log(`| all tables | | | ${mb(all)} | **${perRow(all)}** |`);

  if (handle.kind === 'pglite') {
    const folder = join(process.env.DATA_DIR!, 'pglite');
    const base = folderBytes(join(folder, 'base'));
    console.log(
      `pglite/base ${base.toLocaleString('en-US')} bytes, ${perRow(base)} per ledger row; ` +
        `pglite/pg_wal ${mb(folderBytes(join(folder, 'pg_wal')))}`,
    );
  }

  const count = Number(process.env.IDS ?? 1_000_000);
  const start = Date.now();
  const clock = () => start + performance.now();
  // A new source for each id draws its random part anew, as separate processes would.
  const fresh = (now: () => number) => ({ next: (prefix: 'ch') => timeOrderedIds(now).next(prefix) });
  const orders = {
    'as the engine makes them': timeOrderedIds(clock),
    'their time first, drawn anew within a millisecond': fresh(clock),
    'random whole': fresh(() => Math.floor(Math.random() * 62 ** TIME_CHARS)),
  };
  for (const [name, ids] of Object.entries(orders)) {
    await sql`drop table if exists bench_ids`.execute(db);
    await sql`create table bench_ids (id text primary key)`.execute(db);
    for (let done = 0; done < count; done += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - done) }, () => ids.next('ch'));
      await sql`insert into bench_ids select unnest(${batch}::text[])`.execute(db);
    }
    const size = await sql<{ bytes: string }>`
      select pg_relation_size('bench_ids_pkey')::text as bytes`.execute(db);
    console.log(
      `${count.toLocaleString('en-US')} new ids, ${name}: primary key ${mb(Number(size.rows[0]?.bytes))}`,
    );
  }
  await sql`drop table bench_ids`.execute(db);
} finally {
  await handle.close();
}
