/**
 * Disputes at scale: p50 and p95 over HTTP (app.inject through the whole server) beside the bare
 * SQL of each request (`measureGets`) for the disputes list (page 1, filtered, searched), its
 * summary and the win rate by reason, and a 4 MB evidence upload with the server's memory
 * growth, on a seeded database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB node --expose-gc --import tsx bench/disputes.bench.ts [--explain]
 *   DATA_DIR=/path/to/data node --expose-gc --import tsx bench/disputes.bench.ts [--explain]
 *
 * Seed first: `npm run cli -- seed --transactions 1000000` with the same variable. The run adds
 * one administrator with an application password, applies pending migrations, runs `vacuum
 * analyze` on the tables it reads, and deletes the files it uploaded.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS, measureGets } from './lib/http.ts';
import { measure } from './lib/stats.ts';

const BASE = '/wp-json/wc/v3/payments';
const RUNS = Number(process.env.RUNS ?? 200);
const UPLOADS = Number(process.env.UPLOADS ?? 20);
const UPLOAD_BYTES = 4_000_000;

const handle = await openBenchDatabase();
const { db } = handle;
for (const table of ['disputes', 'charges', 'orders']) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
const count = await db
  .selectFrom('disputes')
  .select(sql<string>`count(*)::text`.as('n'))
  .executeTakeFirstOrThrow();
const auth = await benchAdministrator(handle, 'dispbench');
const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();

const scenarios: [string, string][] = [
  ['disputes page 1', '/disputes'],
  ['disputes page 1, awaiting response', '/disputes?filter=awaiting_response'],
  ['disputes page 1, lost, by amount', '/disputes?status_is=lost&sort=amount&direction=asc'],
  ['disputes page 1, by customer name', '/disputes?sort=customer_name&direction=asc'],
  ['disputes page 1, by country', '/disputes?sort=customer_country&direction=asc'],
  ['disputes page 1, searched by name', '/disputes?search[]=smi'],
  ['disputes page 1, searched by a name that matches', '/disputes?search[]=harper'],
  ['disputes page 1, searched by an order number', '/disputes?search[]=%231234'],
  ['disputes summary', '/disputes/summary'],
  ['disputes summary, awaiting response', '/disputes/summary?filter=awaiting_response'],
  ['disputes summary, searched by a name that matches', '/disputes/summary?search[]=harper'],
  ['win rate by reason', '/disputes/outcomes'],
];

console.log(`${handle.kind}, ${Number(count.n).toLocaleString('en-US')} disputes; ${RUNS} runs each`);
await measureGets(handle, app, auth, BASE, scenarios, RUNS);

// A 4 MB PDF sent as the admin sends evidence: multipart, parts purpose and file. Its body is
// random bytes, as a PDF's compressed streams and scanned images are: the database cannot
// compress it (a file of one repeated byte would measure the compression instead).
const pdf = randomBytes(UPLOAD_BYTES);
pdf.write('%PDF-1.7\n', 0, 'latin1');
const boundary = 'paydeskBenchBoundary';
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ndispute_evidence\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="evidence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  pdf,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const uploaded: string[] = [];
const upload = async () => {
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/file`,
    headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  uploaded.push((res.json() as { id: string }).id);
};
await upload();
const time = await measure(upload, UPLOADS, 0);
console.log(
  `| 4,000,000-byte PDF upload (${UPLOADS} runs) | ${time.p50_ms.toFixed(2)} ms | ${time.p95_ms.toFixed(2)} ms |`,
);
// Memory: one upload at a time from a collected heap (run with --expose-gc), the resident size
// sampled while it runs; the largest growth of five.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  let worst = 0;
  for (let i = 0; i < 5; i++) {
    gc();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 1);
    await upload();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    worst = Math.max(worst, peak - before);
  }
  console.log(
    `Resident memory growth during one upload: at most ${(worst / 2 ** 20).toFixed(1)} MB, ${(worst / UPLOAD_BYTES).toFixed(2)}× the file.`,
  );
} else {
  console.log('Memory not measured: run with node --expose-gc --import tsx.');
}
await db.deleteFrom('files').where('id', 'in', uploaded).execute();
await app.close();
await handle.close();
