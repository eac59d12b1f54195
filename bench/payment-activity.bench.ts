/**
 * The Overview's payment activity at scale: p50 and p95 over HTTP (app.inject through the whole
 * server) for each period preset, on a seeded database, with the plans of its statements when
 * `--explain` is given.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/payment-activity.bench.ts [--explain]
 *   DATA_DIR=/path/to/data npx tsx bench/payment-activity.bench.ts [--explain]
 *
 * Seed first: `npm run cli -- seed --transactions 1000000 --days 365` with the same variable. The
 * run adds one administrator with an application password and runs `vacuum analyze` on the
 * tables it reads (as autovacuum would after a bulk load).
 */
import { PERIOD_PRESETS, presetRange } from '@paydesk/domain/overview/payment-activity';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS, explainStatements, recordingApp } from './lib/http.ts';
import { measure } from './lib/stats.ts';

const BASE = '/wp-json/wc/v3/payments';
const RUNS = Number(process.env.RUNS ?? 100);
const TIMEZONE = process.env.BENCH_TIMEZONE ?? 'America/New_York';
const explain = process.argv.includes('--explain');

const handle = await openBenchDatabase();
const { db } = handle;
for (const table of ['balance_transactions', 'ledger_rollups', 'accounts']) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
const counts = await sql<{ rows: string; rollups: string }>`
  select (select count(*) from balance_transactions)::text as rows,
         (select count(*) from ledger_rollups)::text as rollups`.execute(db);
const auth = await benchAdministrator(handle, 'activitybench');

const recorder = await recordingApp(handle);
const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();
const account = await db.selectFrom('accounts').select('created_at').executeTakeFirstOrThrow();
// The seeder's history ends at the engine's time; read the periods from the last ledger row.
const last = await db
  .selectFrom('balance_transactions')
  .select(sql<Date>`max(created_at)`.as('at'))
  .executeTakeFirstOrThrow();
const now_ms = new Date(last.at).getTime();

const { rows, rollups } = counts.rows[0]!;
console.log(
  `${handle.kind}, ${Number(rows).toLocaleString('en-US')} ledger rows, ${Number(rollups).toLocaleString('en-US')} rollup rows, ${TIMEZONE}, ${RUNS} runs each`,
);
console.log('| Period | HTTP p50 | HTTP p95 | points |');
console.log('| --- | --- | --- | --- |');
for (const preset of PERIOD_PRESETS) {
  const range = presetRange(preset, now_ms, TIMEZONE, new Date(account.created_at).getTime());
  const url = `${BASE}/reporting/payment_activity?${new URLSearchParams({ ...range, timezone: TIMEZONE })}`;
  const { response, statements } = await recorder.record(url, auth);
  const points = (response.json() as { series: unknown[] }).series.length;
  const time = await measure(
    () => app.inject({ method: 'GET', url, headers: { authorization: auth } }),
    RUNS,
    5,
  );
  console.log(`| ${preset} | ${time.p50_ms.toFixed(2)} ms | ${time.p95_ms.toFixed(2)} ms | ${points} |`);
  if (explain) console.log(`\n${await explainStatements(db, statements)}`);
}
await Promise.all([app.close(), recorder.close()]);
await handle.close();
