import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../../packages/server/src/http/rate-limit.ts';
import { measure } from './stats.ts';

/**
 * Times GET requests through the whole server (app.inject) and prints one Markdown table row per
 * request: p50 and p95 over `runs` after 10 warm-up runs. Each must answer 200 first.
 */
export async function measureGets(
  app: FastifyInstance,
  authorization: string,
  base: string,
  scenarios: readonly (readonly [name: string, path: string])[],
  runs: number,
): Promise<void> {
  console.log('| Request | HTTP p50 | HTTP p95 |');
  console.log('| --- | --- | --- |');
  for (const [name, path] of scenarios) {
    const url = `${base}${path}`;
    const request = () => app.inject({ method: 'GET', url, headers: { authorization } });
    const first = await request();
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    const time = await measure(request, runs, 10);
    console.log(`| ${name} | ${time.p50_ms.toFixed(2)} ms | ${time.p95_ms.toFixed(2)} ms |`);
  }
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
