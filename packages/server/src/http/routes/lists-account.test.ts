import { PAYMENTS_BASE } from '@paydesk/domain/contracts';
import { expect, it } from 'vitest';
import { resetAccount } from '../../engine/onboarding/reset.ts';
import { pay } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';

/**
 * The lists and summaries that find the store's account inside their own statements
 * (`readCurrentAccount`, `currentAccountRef`): they still refuse a store without an account,
 * answer an empty list or summary for a new one, and show the rows of the account the store has
 * now, never of one a reset replaced.
 */

const LISTS = [
  '/transactions',
  '/transactions/fraud-outcomes?status=block',
  '/authorizations',
  '/deposits',
  '/disputes',
] as const;

const SUMMARIES = [
  '/transactions/summary',
  '/transactions/summary?store_currency_is=usd',
  '/transactions/fraud-outcomes/summary?status=block',
  '/authorizations/summary',
  '/deposits/summary',
  '/deposits/summary?store_currency_is=usd',
  '/disputes/summary',
  '/disputes/outcomes',
] as const;

describeEachDatabase('lists read by the current account', (use) => {
  const api = testApi(use);

  it('answers 409 wcpay_account_not_found before the store has an account', async () => {
    for (const list of [...LISTS, ...SUMMARIES]) {
      const res = await api.get(`${PAYMENTS_BASE}${list}`);
      expect(res.statusCode, list).toBe(409);
      expect(res.json().code, list).toBe('wcpay_account_not_found');
    }
  });

  it("lists the current account's rows, and none of an account a reset replaced", async () => {
    await connectSandboxAccount(use());
    for (const list of LISTS) {
      const res = await api.get(`${PAYMENTS_BASE}${list}`);
      expect(res.statusCode, list).toBe(200);
      expect(res.json().data, list).toEqual([]);
    }
    for (const summary of SUMMARIES) {
      const res = await api.get(`${PAYMENTS_BASE}${summary}`);
      expect(res.statusCode, summary).toBe(200);
      const body = res.json();
      if ('count' in body) expect(body.count, summary).toBe(0);
      if ('currency' in body) expect(body.currency, summary).toBe('usd');
    }
    const payment = await pay(api.app, api.admin.basic);
    const before = (await api.get(`${PAYMENTS_BASE}/transactions`)).json().data;
    expect(before.map((row: { payment_intent_id: string }) => row.payment_intent_id)).toEqual([payment.id]);
    const summed = (await api.get(`${PAYMENTS_BASE}/transactions/summary`)).json();
    expect(summed).toMatchObject({ count: 1, currency: 'usd', total: before[0].amount });

    expect(await resetAccount(use().db)).toBe(true);
    const gone = await api.get(`${PAYMENTS_BASE}/transactions`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('wcpay_account_not_found');
    for (const summary of SUMMARIES) {
      const res = await api.get(`${PAYMENTS_BASE}${summary}`);
      expect(res.statusCode, summary).toBe(409);
    }

    await connectSandboxAccount(use());
    const after = await api.get(`${PAYMENTS_BASE}/transactions`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toEqual([]);
    const empty = (await api.get(`${PAYMENTS_BASE}/transactions/summary`)).json();
    expect(empty).toMatchObject({ count: 0, total: 0, currency: 'usd' });
  });
});
