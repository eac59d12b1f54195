/**
 * CSV export of the whole transactions list on a seeded database: the request goes through the
 * server (app.inject), the `export.csv` job writes the file into the database, then the file is
 * read back the way the download route serves it. Reports rows per second for writing and for
 * serving, how far the process's resident memory rose above where it started, and while writing
 * how far the V8 heap in use and the memory outside it (Buffers) rose.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/exports.bench.ts
 *   DATA_DIR=/path/to/data npx tsx bench/exports.bench.ts
 *
 * Seed first: `npm run cli -- seed --transactions 1000000` with the same variable. `QUERY` adds
 * list filters to the export (for example `QUERY='type_is=charge'`). `EXPORT_RUNS` (3) exports
 * the file that many times in the one process: the first run finds every cache cold, the ones
 * after it warm, as in a server that has been running; both are reported, and the memory of the
 * first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { freeDeletedRows } from '../packages/server/src/db/upkeep.ts';
import { exportFileStream, runExportJob } from '../packages/server/src/engine/exports/service.ts';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS } from './lib/http.ts';

const BASE = '/wp-json/wc/v3/payments';
const MB = 1024 * 1024;

/**
 * Samples memory every 50 ms while a piece of work runs: resident memory, and apart the V8 heap in
 * use and the memory outside it (Buffers), to tell which of them a rise is.
 */
async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peak_bytes: number; peak_heap_bytes: number; peak_external_bytes: number }> {
  let peak = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    peak = {
      ...peak,
      rss: Math.max(peak.rss, now.rss),
      heapUsed: Math.max(peak.heapUsed, now.heapUsed),
      external: Math.max(peak.external, now.external),
    };
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return {
      result,
      peak_bytes: peak.rss,
      peak_heap_bytes: peak.heapUsed,
      peak_external_bytes: peak.external,
    };
  } finally {
    clearInterval(timer);
  }
}

const handle = await openBenchDatabase();
const { db } = handle;
for (const table of ['balance_transactions', 'orders', 'payouts', 'charges', 'loans']) {
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
const auth = await benchAdministrator(handle, 'exportbench');
const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS });
await app.ready();
const outbox = mkdtempSync(join(tmpdir(), 'paydesk-export-bench-'));
const mail = { outboxDir: outbox, smtpUrl: undefined, from: 'Paydesk <paydesk@localhost>' };

const query = process.env.QUERY ?? '';
const runs = Number(process.env.EXPORT_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('EXPORT_RUNS must be a whole number of 1 or more.');

/** Asks for the export through the API and writes it as the worker would, timing the write. */
async function exportOnce() {
  const started = await app.inject({
    method: 'POST',
    url: `${BASE}/transactions/download${query ? `?${query}` : ''}`,
    headers: { authorization: auth },
  });
  if (started.statusCode !== 200)
    throw new Error(`export request failed: ${started.statusCode} ${started.body}`);
  const { export_id } = started.json() as { export_id: string };
  // The worker would claim the job; the bench runs it directly so only the export is timed.
  await db.deleteFrom('jobs').where('unique_key', '=', `export.csv:${export_id}`).execute();
  global.gc?.();
  const before = process.memoryUsage();
  const writeStart = performance.now();
  const write = await withPeakMemory(() => runExportJob(db, { export_id }, mail));
  const write_ms = performance.now() - writeStart;
  const row = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', export_id)
    .executeTakeFirstOrThrow();
  if (row.status !== 'success') throw new Error(`export ended ${row.status}: ${row.error}`);
  return { row, write, write_ms, before };
}

/** Rows written per second. */
const rate = (rows: number, ms: number) => Math.round((rows * 1000) / ms).toLocaleString('en-US');

// The first export runs in a process that has read nothing yet; the ones after it find the
// database's caches and the compiled code warm, as a server that has been running does.
const written: Awaited<ReturnType<typeof exportOnce>>[] = [];
for (let run = 0; run < runs; run++) {
  if (run > 0) {
    // The file is deleted and its space freed, as its expiry does, so each run writes into a table
    // of the same size.
    const done = written[run - 1]!.row;
    await db.deleteFrom('export_chunks').where('export_id', '=', done.id).execute();
    await db.deleteFrom('exports').where('id', '=', done.id).execute();
    await freeDeletedRows(db, 'export_chunks');
  }
  written.push(await exportOnce());
}
const { row, write, before } = written[0]!;
const { rss: baseline, heapUsed: baselineHeap, external: baselineExternal } = before;

const serveStart = performance.now();
const serve = await withPeakMemory(async () => {
  let bytes = 0;
  for await (const chunk of exportFileStream(db, written[runs - 1]!.row)) bytes += (chunk as Buffer).length;
  return bytes;
});
const serve_ms = performance.now() - serveStart;

const rows = row.row_count ?? 0;
const warm = written.slice(1).map((run) => run.write_ms);
warm.sort((a, b) => a - b);
const lines = [
  `database: ${handle.kind}${query ? `, filters: ${query}` : ''}`,
  `rows exported: ${rows.toLocaleString('en-US')}, file ${((row.size_bytes ?? 0) / MB).toFixed(1)} MB`,
  `write (query, format, store in chunks, mail), first run: ${(written[0]!.write_ms / 1000).toFixed(2)} s = ${rate(rows, written[0]!.write_ms)} rows/s`,
  ...(warm.length > 0
    ? [
        `write, the ${warm.length} run(s) after it: ${warm.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}; median ${rate(rows, warm[Math.floor(warm.length / 2)]!)} rows/s`,
      ]
    : []),
  `serve (read the stored chunks): ${(serve_ms / 1000).toFixed(2)} s = ${rate(rows, serve_ms)} rows/s (${(serve.result / MB / (serve_ms / 1000)).toFixed(0)} MB/s)`,
  `RSS, first run: ${(baseline / MB).toFixed(0)} MB before, peak ${(write.peak_bytes / MB).toFixed(0)} MB writing (+${((write.peak_bytes - baseline) / MB).toFixed(0)} MB), peak ${(serve.peak_bytes / MB).toFixed(0)} MB serving (+${((serve.peak_bytes - baseline) / MB).toFixed(0)} MB)`,
  `of which, writing: V8 heap in use +${((write.peak_heap_bytes - baselineHeap) / MB).toFixed(0)} MB, outside the heap +${((write.peak_external_bytes - baselineExternal) / MB).toFixed(0)} MB (peaks)`,
];
console.log(lines.join('\n'));

const last = written[runs - 1]!.row;
await db.deleteFrom('export_chunks').where('export_id', '=', last.id).execute();
await db.deleteFrom('exports').where('id', '=', last.id).execute();
await freeDeletedRows(db, 'export_chunks');
await app.close();
await handle.close();
rmSync(outbox, { recursive: true, force: true });
