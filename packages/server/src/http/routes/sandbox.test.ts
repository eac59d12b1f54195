import { HOUR_MS } from '@paydesk/domain/time';
import { expect, it } from 'vitest';
import { clockNow, DAY_MS } from '../../engine/clock.ts';
import { pay, payoutsOf, setAccount } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/** `POST {base}/sandbox/clock/advance`: the CLI's `clock:advance` over HTTP. */

const URL = '/wp-json/wc/v3/payments/sandbox/clock/advance';

describeEachDatabase('sandbox clock over HTTP', (use) => {
  const api = testApi(use, { account: true });
  const advance = (payload: unknown) =>
    api.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: api.admin.basic, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it.each([
    ['nothing to move', {}],
    ['zero hours', { days: 0, hours: 0 }],
    ['more than 365 days', { days: 366 }],
    ['365 days and an hour', { days: 365, hours: 1 }],
    ['more hours than a year', { hours: 365 * 24 + 1 }],
    ['a fraction of a day', { days: 1.5 }],
    ['a negative move', { days: -1 }],
    ['days as text', { days: '1' }],
    ['an unknown field', { days: 1, minutes: 5 }],
    ['not an object', [1]],
  ])('refuses %s with 400 and leaves the clock alone', async (_name, payload) => {
    const before = (await clockNow(use().db)).getTime();
    const res = await advance(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('rest_invalid_param');
    // The wall clock moves on while the test runs; the offset must not have moved by an hour.
    expect((await clockNow(use().db)).getTime() - before).toBeLessThan(HOUR_MS);
  });

  it('moves the clock by days and hours and answers the new time', async () => {
    const before = (await clockNow(use().db)).getTime();
    const res = await advance({ days: 1, hours: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { now: number; jobs_run: number };
    const moved = body.now - before;
    expect(moved).toBeGreaterThanOrEqual(DAY_MS + 2 * HOUR_MS);
    expect(moved).toBeLessThan(DAY_MS + 3 * HOUR_MS);
    expect(Math.abs((await clockNow(use().db)).getTime() - body.now)).toBeLessThan(HOUR_MS);
  });

  it('runs the jobs that fall due on the way: a payment is paid out', async () => {
    await pay(api.app, api.admin.basic, 4_200);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(0);
    const res = await advance({ days: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { jobs_run: number }).jobs_run).toBeGreaterThan(0);
    const payouts = await payoutsOf(use(), api.account.id);
    expect(payouts.map((p) => [p.amount > 0, p.status])).toEqual([[true, 'paid']]);
  });

  it('accepts the bounds: one hour, and 365 days', async () => {
    expect((await advance({ hours: 1 })).statusCode).toBe(200);
    expect((await advance({ days: 365 })).statusCode).toBe(200);
  });

  it('refuses a live account with 403 wcpay_live_account and leaves the clock alone', async () => {
    await setAccount(use(), api.account.id, { mode: 'live' });
    const before = (await clockNow(use().db)).getTime();
    const res = await advance({ days: 1 });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('wcpay_live_account');
    expect((await clockNow(use().db)).getTime() - before).toBeLessThan(HOUR_MS);
    await setAccount(use(), api.account.id, { mode: 'test' });
  });
});
