import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../packages/server/src/db/database.ts';
import type { Database } from '../../packages/server/src/db/schema.ts';
import { buildApp } from '../../packages/server/src/http/app.ts';
import type { RateLimits } from '../../packages/server/src/http/rate-limit.ts';
import { recordingDb } from './database.ts';
import { measure } from './stats.ts';

/**
 * The statements a request's handler ran, captured by a recording app: the access check's (the
 * user, the session or application password, the options it reads) and the rate limit's count
 * as HTTP; the handler's (the account, the rows, what they link to) are the bare SQL.
 */
export function handlerStatements(captured: readonly CompiledQuery[]): CompiledQuery[] {
  return captured.filter(
    (query) =>
      !/"(users|app_passwords|sessions|options|user_preferences)"|\brate_limit_hits\b/.test(query.sql),
  );
}

/** `explain (analyze, buffers)` of each statement, as text: the statement, then its plan. */
export async function explainStatements(
  db: Kysely<Database>,
  statements: readonly CompiledQuery[],
): Promise<string> {
  const out: string[] = [];
  for (const statement of statements) {
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers, costs off) ${statement.sql}`, [...statement.parameters]),
    );
    out.push(`${statement.sql}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
  }
  return out.join('\n');
}

/**
 * A second app over a recording database: `record` answers a GET, which must answer 200, with the
 * statements its handler ran (`handlerStatements`).
 */
export async function recordingApp(handle: DatabaseHandle) {
  const captured: CompiledQuery[] = [];
  const app = await buildApp({
    database: { ...handle, db: recordingDb(handle, captured) },
    rateLimits: BENCH_RATE_LIMITS,
  });
  await app.ready();
  return {
    async record(url: string, authorization: string) {
      captured.length = 0;
      const response = await app.inject({ method: 'GET', url, headers: { authorization } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { response, statements: handlerStatements(captured) };
    },
    close: () => app.close(),
  };
}

/**
 * Times GET requests through the whole server (`app.inject`: access check, validation,
 * serialisation) beside the bare SQL of the same request (the statements its handler ran,
 * captured once through a recording app and replayed in order), and prints one Markdown table
 * row per request: HTTP p50 and p95 and SQL p50 over `runs` (or the request's own `maxRuns`, if
 * fewer) after as many warm-up runs (at most 10), and their ratio. Each must answer 200 first. With `--explain` on the command line, each request's plans
 * follow the table; `ONLY=<regular expression>` runs only the requests whose names match it.
 */
export async function measureGets(
  handle: DatabaseHandle,
  app: FastifyInstance,
  authorization: string,
  base: string,
  scenarios: readonly (readonly [name: string, path: string, maxRuns?: number])[],
  runs: number,
): Promise<void> {
  const recorder = await recordingApp(handle);
  const plans: string[] = [];
  console.log('| Request | HTTP p50 | HTTP p95 | SQL p50 | ratio |');
  console.log('| --- | --- | --- | --- | --- |');
  // ONLY (a regular expression) runs the requests whose names match it, as a slow one with fewer RUNS.
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  for (const [name, path, maxRuns] of scenarios) {
    if (only && !only.test(name)) continue;
    // A request that reads many rows (a deep page no index serves) is timed fewer times.
    const times = Math.min(runs, maxRuns ?? runs);
    const warmup = Math.min(10, times);
    const url = `${base}${path}`;
    const { statements } = await recorder.record(url, authorization);
    const http = await measure(
      () => app.inject({ method: 'GET', url, headers: { authorization } }),
      times,
      warmup,
    );
    const bare = await measure(
      async () => {
        for (const statement of statements) await handle.db.executeQuery(statement);
      },
      times,
      warmup,
    );
    console.log(
      `| ${name} | ${http.p50_ms.toFixed(2)} ms | ${http.p95_ms.toFixed(2)} ms | ${bare.p50_ms.toFixed(2)} ms | ${(http.p50_ms / bare.p50_ms).toFixed(1)}× |`,
    );
    if (process.argv.includes('--explain')) {
      plans.push(`### ${name}: GET ${url}\n\n${await explainStatements(handle.db, statements)}`);
    }
  }
  await recorder.close();
  for (const plan of plans) console.log(`\n${plan}`);
}

/**
 * Rate limits no benchmark reaches: the requests are still counted, as in production, so the
 * figures include the limiter's cost, but hundreds of runs of one route never answer 429.
 */
export const BENCH_RATE_LIMITS: RateLimits = {
  readsPerMinute: Number.MAX_SAFE_INTEGER,
  writesPerMinute: Number.MAX_SAFE_INTEGER,
  checkoutsPerMinute: Number.MAX_SAFE_INTEGER,
};
