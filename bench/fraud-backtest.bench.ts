/**
 * The fraud rule backtest at scale: the time to answer `POST {base}/fraud_protection/backtest`
 * over HTTP (app.inject through the whole server) for the page's 30 days, with every filter
 * the page offers, on a seeded database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/fraud-backtest.bench.ts
 *   DATA_DIR=/path/to/data npx tsx bench/fraud-backtest.bench.ts
 *
 * Seed first: `npm run cli -- seed --transactions 1000000 --days 90` with the same variable
 * (about a third of the rows fall in the last 30 days). The run adds one administrator.
 */
import { EXAMPLE_FRAUD_RULES } from '@paydesk/domain/fraud/example-rules';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS } from './lib/http.ts';
import { measure } from './lib/stats.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const DAYS = Number(process.env.BACKTEST_DAYS ?? 30);

const RULES = Object.values(EXAMPLE_FRAUD_RULES);

const handle = await openBenchDatabase();
for (const table of ['balance_transactions', 'charges', 'orders']) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(handle.db);
}
const auth = await benchAdministrator(handle, 'backtestbench');
const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();

const run = async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/payments/fraud_protection/backtest',
    headers: { authorization: auth },
    payload: { days: DAYS, rules: RULES },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { tested: { count: number }; total: { count: number } };
};
const answer = await run();
const time = await measure(run, RUNS, 1);
const memory = process.memoryUsage().rss;
console.log(
  `${handle.kind}: backtest of ${DAYS} days, ${answer.tested.count.toLocaleString('en-US')} payments tested, ${answer.total.count.toLocaleString('en-US')} caught; p50 ${time.p50_ms.toFixed(0)} ms, p95 ${time.p95_ms.toFixed(0)} ms (${RUNS} runs); RSS ${(memory / 2 ** 20).toFixed(0)} MB`,
);
await app.close();
await handle.close();
