import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import { registeredErrorBody } from './errors.ts';

/**
 * Requests per minute that one credential may make to one REST route, by kind of request
 * (docs/configuration.md, "Rate limits"). Generous for a person using the admin, which makes a
 * handful of requests per page, and for a busy store's checkout; tight enough that a leaked
 * credential cannot scrape or hammer the API at the server's full speed.
 */
export interface RateLimits {
  /** GET and HEAD. */
  readsPerMinute: number;
  /** Every other method, except checkouts. */
  writesPerMinute: number;
  /** `POST {base}/payment_intents`: the store's checkout. */
  checkoutsPerMinute: number;
}

export const RATE_LIMITS: RateLimits = {
  readsPerMinute: 1200,
  writesPerMinute: 600,
  checkoutsPerMinute: 3000,
};

/** The counting window: limits are per minute, counted in whole clock minutes. */
export const RATE_WINDOW_MS = 60_000;

const CHECKOUT_ROUTE = `${PAYMENTS_BASE}/payment_intents`;

type RequestKind = keyof RateLimits;

function requestKind(method: string, route: string): RequestKind {
  if (method === 'GET' || method === 'HEAD') return 'readsPerMinute';
  return method === 'POST' && route === CHECKOUT_ROUTE ? 'checkoutsPerMinute' : 'writesPerMinute';
}

/** Counts one request in a bucket's window and answers the bucket's count so far. */
export interface HitCounter {
  hit(bucket: string, windowStart: Date): Promise<number>;
}

/**
 * In the process's memory: the embedded database is held by one process (its data folder is
 * locked), so the process sees every request. Windows other than the current one are dropped.
 */
export function memoryCounter(): HitCounter {
  let window = 0;
  let counts = new Map<string, number>();
  return {
    async hit(bucket, windowStart) {
      if (windowStart.getTime() !== window) {
        window = windowStart.getTime();
        counts = new Map();
      }
      const hits = (counts.get(bucket) ?? 0) + 1;
      counts.set(bucket, hits);
      return hits;
    },
  };
}

/**
 * In PostgreSQL, one statement per request, so processes sharing the database share the counts.
 * Each process deletes the windows before the previous one when it first sees a new window.
 */
export function databaseCounter(database: DatabaseHandle): HitCounter {
  let pruned = 0;
  return {
    async hit(bucket, windowStart) {
      if (windowStart.getTime() !== pruned) {
        pruned = windowStart.getTime();
        await sql`delete from rate_limit_hits where window_start < ${new Date(pruned - RATE_WINDOW_MS)}`.execute(
          database.db,
        );
      }
      const row = await sql<{ hits: number }>`
        insert into rate_limit_hits (bucket, window_start, hits) values (${bucket}, ${windowStart}, 1)
        on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
        returning hits
      `.execute(database.db);
      return row.rows[0]!.hits;
    },
  };
}

/** Who is asking, for the bucket: the session, or the user's application passwords. */
function credentialKey(request: FastifyRequest): string | undefined {
  if (request.session) return `session:${request.session.tokenHash}`;
  if (request.user) return `user:${request.user.id}:application_password`;
  return undefined;
}

/**
 * The REST routes' rate limit, run once the caller is known: over the limit answers 429
 * `rest_too_many_requests` with `Retry-After` (seconds to the next window) and nothing runs.
 * `limits: false` turns it off (load tests and benchmarks that measure the server at full
 * speed).
 */
export function rateLimitHook(options: {
  limits: RateLimits | false;
  counter: HitCounter;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const limits = options.limits;
    if (limits === false) return;
    const credential = credentialKey(request);
    if (credential === undefined) return;
    const route = request.routeOptions.url ?? 'unknown';
    const kind = requestKind(request.method, route);
    const at = now();
    const windowStart = at - (at % RATE_WINDOW_MS);
    const hits = await options.counter.hit(`${credential} ${request.method} ${route}`, new Date(windowStart));
    if (hits <= limits[kind]) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - at) / 1000));
    return reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .send(registeredErrorBody('rest_too_many_requests'));
  };
}
