import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { makeTestApp, makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { memoryCounter, RATE_WINDOW_MS } from './rate-limit.ts';

const LIMITS = { readsPerMinute: 4, writesPerMinute: 3, checkoutsPerMinute: 5 };

describeEachDatabase('REST rate limits', (use, kind) => {
  const api = testApi(use, { server: { rateLimits: LIMITS } });
  let other: TestUser;
  beforeAll(async () => {
    other = await makeUser(use(), 'administrator');
  });

  const get = (user: TestUser, path: string) =>
    api.app.inject({ method: 'GET', url: `${PAYMENTS_BASE}${path}`, headers: { authorization: user.basic } });

  it('refuse a credential past its reads of one route with 429 and Retry-After, and no other', async () => {
    const answers = [];
    for (let i = 0; i < LIMITS.readsPerMinute + 2; i++)
      answers.push(await get(api.admin, '/deposits/overview-all'));
    const statuses = answers.map((res) => res.statusCode);
    // A window may end between two requests; then the count starts again.
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(statuses.filter((status) => status !== 429).length).toBeGreaterThanOrEqual(LIMITS.readsPerMinute);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ code: 'rest_too_many_requests', data: { status: 429 } });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(RATE_WINDOW_MS / 1000);
    }
    // Another route, and another credential on the same route, still answer.
    expect((await get(api.admin, '/deposits/summary')).statusCode).not.toBe(429);
    expect((await get(other, '/deposits/overview-all')).statusCode).not.toBe(429);
  });

  it('count writes too, even those the contract refuses', async () => {
    const statuses = [];
    for (let i = 0; i < LIMITS.writesPerMinute + 3; i++) {
      const res = await api.app.inject({
        method: 'POST',
        url: `${PAYMENTS_BASE}/refund`,
        headers: { authorization: other.basic, 'content-type': 'application/json' },
        payload: { charge_id: 'ch_missing', amount: 'not a number' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(
      LIMITS.writesPerMinute * 2,
    );
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
  });

  it('hold under concurrency: of many requests at once, at most the limit get through', async () => {
    const user = await makeUser(use(), 'administrator');
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(user, '/deposits/summary')));
    const through = answers.filter((res) => res.statusCode !== 429).length;
    // Requests that straddle a window boundary may count in two windows.
    expect(through).toBeGreaterThanOrEqual(LIMITS.readsPerMinute);
    expect(through).toBeLessThanOrEqual(LIMITS.readsPerMinute * 2);
  });

  if (kind === 'postgres') {
    it('hold across server processes sharing one PostgreSQL database', async () => {
      const user = await makeUser(use(), 'administrator');
      const second = await makeTestApp(use(), undefined, { rateLimits: LIMITS });
      try {
        const statuses = [];
        for (let i = 0; i < LIMITS.readsPerMinute + 2; i++) {
          const target = i % 2 === 0 ? api.app : second;
          const res = await target.inject({
            method: 'GET',
            url: `${PAYMENTS_BASE}/deposits/summary`,
            headers: { authorization: user.basic },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(
          LIMITS.readsPerMinute * 2,
        );
        expect(statuses).toContain(429);
        const rows = await sql<{ n: string }>`select count(*)::text as n from rate_limit_hits`.execute(
          use().db,
        );
        expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    });
  }

  it('are off when the server is built without them', async () => {
    const open = await makeTestApp(use(), undefined, { rateLimits: false });
    try {
      const user = await makeUser(use(), 'administrator');
      for (let i = 0; i < LIMITS.readsPerMinute * 3; i++) {
        const res = await open.inject({
          method: 'GET',
          url: `${PAYMENTS_BASE}/deposits/summary`,
          headers: { authorization: user.basic },
        });
        expect(res.statusCode).not.toBe(429);
      }
    } finally {
      await open.close();
    }
  });
});

describe('the in-memory hit counter', () => {
  it('counts per bucket within a window and starts again in the next', async () => {
    const counter = memoryCounter();
    const first = new Date(0);
    const next = new Date(RATE_WINDOW_MS);
    expect(await counter.hit('a', first)).toBe(1);
    expect(await counter.hit('a', first)).toBe(2);
    expect(await counter.hit('b', first)).toBe(1);
    expect(await counter.hit('a', next)).toBe(1);
    expect(await counter.hit('b', next)).toBe(1);
  });
});
