/**
 * Payouts at scale: p50 and p95 over HTTP (app.inject through the whole server) beside the bare
 * SQL of each request (`measureGets`) for the payouts list and summary, the largest payout's
 * transactions page and summary and its reconciliation, and matching a 10,000-line bank
 * statement, on a seeded database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/payouts.bench.ts [--explain]
 *   DATA_DIR=/path/to/data npx tsx bench/payouts.bench.ts [--explain]
 *
 * Seed first: `npm run cli -- seed --transactions 1000000` with the same variable. The run adds
 * one administrator with an application password, applies pending migrations, and runs
 * `vacuum analyze` on the tables it reads.
 */
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS, measureGets } from './lib/http.ts';
import { measure } from './lib/stats.ts';

const BASE = '/wp-json/wc/v3/payments';
const RUNS = Number(process.env.RUNS ?? 200);

const handle = await openBenchDatabase();
const { db } = handle;
for (const table of [
  'balance_transactions',
  'ledger_payouts',
  'payouts',
  'ledger_rollups',
  'ledger_unswept',
  'ledger_unswept_hours',
]) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
const rows = await db
  .selectFrom('balance_transactions')
  .select(sql<string>`count(*)::text`.as('n'))
  .executeTakeFirstOrThrow();
const largest = await db
  .selectFrom('ledger_payouts')
  .select(['payout_id', sql<string>`count(*)::text`.as('n')])
  .groupBy('payout_id')
  .orderBy(sql`count(*)`, 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
const payouts = await db
  .selectFrom('payouts')
  .select(sql<string>`count(*)::text`.as('n'))
  .executeTakeFirstOrThrow();
const auth = await benchAdministrator(handle, 'poutbench');
const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();

const scenarios: [string, string][] = [
  ['payouts page 1', '/deposits'],
  ['payouts page 1 by status', '/deposits?sort=status'],
  ['payouts summary', '/deposits/summary'],
  ['balances (the Overview and payouts pages)', '/deposits/overview-all'],
  ["largest payout's transactions page 1", `/transactions?deposit_id=${largest.payout_id}`],
  ["largest payout's transactions summary", `/transactions/summary?deposit_id=${largest.payout_id}`],
  ['reconciliation of the largest payout', `/deposits/${largest.payout_id}/reconciliation`],
];

console.log(
  `${handle.kind}, ${Number(rows.n).toLocaleString('en-US')} ledger rows, ${payouts.n} payouts, the largest sweeping ${Number(largest.n).toLocaleString('en-US')} rows; ${RUNS} runs each`,
);
await measureGets(handle, app, auth, BASE, scenarios, RUNS);

// Matching a 10,000-line statement: every payout of the store as the bank shows it (reference
// included on every other line), and lines no payout explains, spread over the same dates.
const STATEMENT_LINES = 10_000;
const all = await db
  .selectFrom('payouts')
  .select(['amount', 'currency', 'arrival_date', 'bank_reference_key', 'type'])
  .where('status', 'not in', ['failed', 'canceled'])
  .orderBy('arrival_date')
  .limit(STATEMENT_LINES)
  .execute();
const major = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.trunc(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const day = (date: Date) => date.toISOString().slice(0, 10);
const lines = all.map(
  (p, i) =>
    `${day(p.arrival_date)},${major(p.type === 'withdrawal' ? -p.amount : p.amount)},${p.currency.toUpperCase()},${i % 2 ? `STRIPE ${p.bank_reference_key}` : 'STRIPE PAYOUT'}`,
);
const first = all[0]?.arrival_date.getTime() ?? Date.now();
const span = (all.at(-1)?.arrival_date.getTime() ?? first) - first;
for (let i = lines.length; i < STATEMENT_LINES; i++) {
  const when = new Date(first + Math.floor((span * i) / STATEMENT_LINES));
  lines.push(`${day(when)},${major(1_000 + i * 7)},USD,CARD PAYMENT ${i}`);
}
const csv = `date,amount,currency,reference\n${lines.join('\n')}\n`;
const boundary = 'paydeskBenchBoundary';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  Buffer.from(csv),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const reconcile = () =>
  app.inject({
    method: 'POST',
    url: `${BASE}/deposits/reconcile`,
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
const answer = await reconcile();
if (answer.statusCode !== 200) throw new Error(`reconcile: ${answer.statusCode} ${answer.body}`);
const matched = (answer.json() as { matched: unknown[] }).matched.length;
const time = await measure(reconcile, Math.min(RUNS, 20), 2);
console.log(
  `| matching a ${STATEMENT_LINES.toLocaleString('en-US')}-line statement (${Buffer.byteLength(csv).toLocaleString('en-US')} bytes, ${matched.toLocaleString('en-US')} lines matched) | ${time.p50_ms.toFixed(2)} ms | ${time.p95_ms.toFixed(2)} ms |`,
);

await app.close();
await handle.close();
