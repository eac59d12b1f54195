/**
 * The embedded database's upkeep (packages/server/src/db/upkeep.ts) at the store's size: which
 * tables are due when the store opens, then how long one step holds the store on each of its
 * largest tables, as the server runs it between requests: `ANALYZE`, `VACUUM` (with little to do:
 * the seeder leaves the tables vacuumed) and both in one pass. The first run of each is reported
 * apart from the median of the runs after it.
 *
 *   DATA_DIR=/path/to/data npx tsx bench/upkeep.bench.ts
 *
 * `RUNS` (3) runs of each statement, on the `TABLES` (6) largest tables.
 */
import { sql } from 'kysely';
import { dueUpkeep, runUpkeepStep, type UpkeepStep } from '../packages/server/src/db/upkeep.ts';
import { openBenchDatabase } from './lib/database.ts';
import { parseCount } from './lib/suite.ts';

const RUNS = parseCount('RUNS', process.env.RUNS, 3);
const TABLES = parseCount('TABLES', process.env.TABLES, 6);

const handle = await openBenchDatabase();
try {
  if (handle.kind !== 'pglite') {
    throw new Error('The upkeep runs on the embedded database only: set DATA_DIR, not DATABASE_URL.');
  }
  const { db } = handle;
  const ledger = await sql<{ n: number }>`select count(*)::int8 as n from balance_transactions`.execute(db);
  const due = await dueUpkeep(db);
  console.log(`pglite, ${Number(ledger.rows[0]!.n).toLocaleString('en-US')} ledger rows`);
  console.log(
    `Due when the store opened: ${
      due.length === 0
        ? 'nothing'
        : due
            .map(
              (step) =>
                `${step.table} (${[step.vacuum && 'vacuum', step.analyze && 'analyze'].filter(Boolean).join(', ')})`,
            )
            .join('; ')
    }`,
  );
  const largest = await sql<{ table: string; bytes: number }>`
    select c.relname as "table", pg_total_relation_size(c.oid)::int8 as bytes
      from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
     order by bytes desc
     limit ${TABLES}`.execute(db);

  const time = async (step: UpkeepStep) => {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await runUpkeepStep(db, step);
      samples.push(performance.now() - started);
    }
    const [first, ...after] = samples;
    const median = [...after].sort((a, b) => a - b)[Math.floor(after.length / 2)];
    return `${first!.toFixed(0)} ms${median === undefined ? '' : ` / ${median.toFixed(0)} ms`}`;
  };
  console.log('\n| Table | Size | ANALYZE (first / after) | VACUUM | VACUUM (ANALYZE) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const { table, bytes } of largest.rows) {
    const analyze = await time({ table, vacuum: false, analyze: true });
    const vacuum = await time({ table, vacuum: true, analyze: false });
    const both = await time({ table, vacuum: true, analyze: true });
    console.log(
      `| ${table} | ${(Number(bytes) / 1024 / 1024).toFixed(0)} MB | ${analyze} | ${vacuum} | ${both} |`,
    );
  }
} finally {
  await handle.close();
}
