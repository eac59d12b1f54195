/**
 * Times GET requests through two checkouts of the server in one process, against one store: this
 * checkout and another (`OTHER`, the path of a second working tree, e.g. made by `git worktree
 * add /tmp/other <commit>` with its `node_modules` linked to this one's). Both apps are built on
 * the same database handle, and their requests alternate in blocks of `BLOCK` (default 15) for
 * `ROUNDS` (default 12) rounds, each round starting with the other app, so that a machine whose
 * speed drifts during the run (docs/performance.md, "Reproducing these figures") slows both
 * alike. Prints one Markdown row per path: its p50 through the other checkout and through this
 * one.
 *
 *   OTHER=/tmp/other PATHS='/transactions/summary,/deposits/summary' \
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/compare.ts
 *
 * `PATHS` are under the payments base (`/wp-json/wc/v3/payments`), comma-separated; each must
 * answer 200 through both before it is timed. With `OWN_POOLS=1` the other checkout's app runs on
 * a database handle that checkout opened (PostgreSQL, `DATABASE_URL`), to compare changes to the
 * database layer itself.
 */
import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { openDatabase } from '../packages/server/src/db/database.ts';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS } from './lib/http.ts';
import { percentile } from './lib/stats.ts';

const other = process.env.OTHER;
const paths = process.env.PATHS?.split(',').filter((path) => path !== '');
if (!other || !paths || paths.length === 0) {
  console.error('OTHER (a second checkout) and PATHS (comma-separated) are required.');
  process.exit(2);
}
if (process.env.OWN_POOLS === '1' && !process.env.DATABASE_URL) {
  console.error('OWN_POOLS=1 compares PostgreSQL pools: set DATABASE_URL.');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const BLOCK = Number(process.env.BLOCK ?? 15);

const { buildApp: buildOther } = (await import(`${other}/packages/server/src/http/app.ts`)) as {
  buildApp: typeof buildApp;
};
const handle = await openBenchDatabase();
const otherHandle =
  process.env.OWN_POOLS === '1'
    ? await (
        (await import(`${other}/packages/server/src/db/database.ts`)) as { openDatabase: typeof openDatabase }
      ).openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '' })
    : handle;
const authorization = await benchAdministrator(handle, 'comparebench');
const apps: Record<'other' | 'this', FastifyInstance> = {
  other: await buildOther({ database: otherHandle, rateLimits: BENCH_RATE_LIMITS }),
  this: await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS }),
};
for (const app of Object.values(apps)) await app.ready();

const get = (app: FastifyInstance, path: string) =>
  app.inject({ method: 'GET', url: `${PAYMENTS_BASE}${path}`, headers: { authorization } });
const p50 = (times: number[]) => percentile(times, 50);

console.log(`| Request (HTTP p50) | ${other} | this checkout |`);
console.log('| --- | --- | --- |');
for (const path of paths) {
  const times: Record<'other' | 'this', number[]> = { other: [], this: [] };
  for (const [name, app] of Object.entries(apps)) {
    const res = await get(app, path);
    if (res.statusCode !== 200)
      throw new Error(`${name}: GET ${path} answered ${res.statusCode}: ${res.body}`);
    for (let i = 0; i < 5; i++) await get(app, path);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const)) {
      for (let i = 0; i < BLOCK; i++) {
        const started = performance.now();
        await get(apps[name], path);
        times[name].push(performance.now() - started);
      }
    }
  }
  console.log(`| ${path} | ${p50(times.other).toFixed(2)} ms | ${p50(times.this).toFixed(2)} ms |`);
}
for (const app of Object.values(apps)) await app.close();
if (otherHandle !== handle) await otherHandle.close();
await handle.close();
