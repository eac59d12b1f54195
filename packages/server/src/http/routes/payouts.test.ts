import { expect, it } from 'vitest';
import type { Account } from '../../engine/accounts.ts';
import { advanceDays, pay, payoutsOf, setAccount } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';

/**
 * The payouts list (`GET {base}/deposits`) over payouts the engine made from real payments, and
 * the account fields the Overview's payout notices read from `GET {base}/accounts`.
 */

const BASE = '/wp-json/wc/v3/payments';

interface ListAnswer {
  data: { id: string; date: number; amount: number; currency: string; status: string }[];
  total_count: number;
}

describeEachDatabase('payouts list', (use) => {
  const api = testApi(use);
  let account: Account;
  const get = (url: string) => api.get(url);
  const list = async (query: string) => {
    const res = await get(`${BASE}/deposits${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListAnswer;
  };

  it('answers 409 before the store has an account', async () => {
    const res = await get(`${BASE}/deposits`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_account_not_found');
  });

  it('lists the payouts newest first, pages them and counts them', async () => {
    account = await connectSandboxAccount(use());
    // One payment a day for five days, then the delay: five daily payouts of different sizes.
    for (const amount of [1_000, 5_000, 2_000, 4_000, 3_000]) {
      await pay(api.app, api.admin.basic, amount);
      await advanceDays(use(), 1);
    }
    await advanceDays(use(), 8);
    const made = await payoutsOf(use(), account.id);
    expect(made).toHaveLength(5);

    const all = await list('');
    expect(all.total_count).toBe(5);
    const dates = all.data.map((p) => p.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(all.data.map((p) => p.id))).toEqual(new Set(made.map((p) => p.id)));

    const recent = await list('?store_currency_is=USD&sort=date&direction=desc&pagesize=3');
    expect(recent.data.map((p) => p.id)).toEqual(all.data.slice(0, 3).map((p) => p.id));
    expect(recent.total_count).toBe(5);
    const second = await list('?pagesize=3&page=2');
    expect(second.data.map((p) => p.id)).toEqual(all.data.slice(3).map((p) => p.id));

    const byAmount = await list('?sort=amount&direction=asc');
    const amounts = byAmount.data.map((p) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(amounts).size).toBe(5);
  });

  it('filters by currency and status', async () => {
    expect(await list('?store_currency_is=eur')).toEqual({ data: [], total_count: 0 });
    const paid = await list('?status_is=paid');
    expect(paid.total_count).toBeGreaterThan(0);
    expect(paid.data.every((p) => p.status === 'paid')).toBe(true);
    const notPaid = await list('?status_is_not=paid');
    expect(notPaid.data.every((p) => p.status !== 'paid')).toBe(true);
    expect(paid.total_count + notPaid.total_count).toBe(5);
  });

  it('refuses malformed parameters with a 400 naming them', async () => {
    for (const query of [
      '?pagesize=101',
      '?pagesize=0',
      '?page=abc',
      '?sort=fee',
      '?direction=up',
      '?store_currency_is=dollars',
      '?status_is=lost',
      '?orderby=date',
    ]) {
      const res = await get(`${BASE}/deposits${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
    }
    const unknown = (await get(`${BASE}/deposits?per_page=3`)).json();
    expect(unknown.data.params).toEqual({ per_page: 'Unknown parameter.' });
  });

  it("gives the account's payout state to the Overview", async () => {
    await setAccount(use(), account.id, {
      deposit_minimum_amounts: JSON.stringify({ usd: 1_500 }),
      deposit_completed_waiting_period: false,
    });
    const body = (await get(`${BASE}/accounts`)).json();
    expect(body.deposits).toEqual({
      status: 'enabled',
      interval: 'daily',
      restrictions: 'deposits_unrestricted',
      minimum_scheduled_deposit_amounts: { usd: 1_500 },
      completed_waiting_period: false,
    });
    await setAccount(use(), account.id, { deposits_blocked: true });
    const blocked = (await get(`${BASE}/accounts`)).json();
    expect(blocked.deposits).toMatchObject({ status: 'blocked', restrictions: 'deposits_blocked' });
  });
});
