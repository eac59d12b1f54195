import { beforeAll, expect, it } from 'vitest';
import { advanceDays } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';

const BASE = '/wp-json/wc/v3/payments';

describeEachDatabase('disputes won and lost by reason', (use) => {
  const api = testApi(use, { account: true });
  const as = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    api.app.inject({ method, url: `${BASE}${url}`, headers: { authorization: user.basic }, payload });
  const outcomes = async (query = '') => {
    const res = await as(api.admin, 'GET', `/disputes/outcomes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const disputed = async (number: string, currency = 'usd') => {
    const res = await api.checkout(cardCheckout(number, { amount: 3_000, currency }));
    expect(res.statusCode, res.body).toBe(200);
    const row = await use()
      .db.selectFrom('charges')
      .select('dispute_id')
      .where('id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    return row.dispute_id!;
  };
  const submit = async (id: string, text: string) => {
    const res = await as(api.admin, 'POST', `/disputes/${id}`, {
      evidence: { uncategorized_text: text },
      submit: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const accept = async (id: string) =>
    expect((await as(api.admin, 'POST', `/disputes/${id}/close`)).statusCode).toBe(200);

  beforeAll(async () => {
    // Fraudulent: one won on evidence, one accepted (lost), one still open. Product not
    // received, in euros: lost on evidence. An inquiry closed: never decided.
    await submit(await disputed('4000000000000259'), 'winning_evidence');
    await accept(await disputed('4000000000000259'));
    await submit(await disputed('4000000000002685', 'eur'), 'losing_evidence');
    await accept(await disputed('4000000000001976'));
    await advanceDays(use(), 8);
    // Opened after the others were decided, with its deadline ahead.
    await disputed('4000000000000259');
  }, 120_000);

  it('counts the decided disputes of each reason, and only those', async () => {
    expect(await outcomes()).toEqual({
      reasons: [
        { reason: 'fraudulent', won: 1, lost: 1 },
        { reason: 'product_not_received', won: 0, lost: 1 },
      ],
      won: 1,
      lost: 2,
    });
  });

  it('follows the filters of the list', async () => {
    expect(await outcomes('?store_currency_is=eur')).toEqual({
      reasons: [{ reason: 'product_not_received', won: 0, lost: 1 }],
      won: 0,
      lost: 1,
    });
    expect(await outcomes('?status_is=won')).toEqual({
      reasons: [{ reason: 'fraudulent', won: 1, lost: 0 }],
      won: 1,
      lost: 0,
    });
    expect(await outcomes('?date_before=2000-01-01')).toEqual({ reasons: [], won: 0, lost: 0 });
    const bad = await as(api.admin, 'GET', '/disputes/outcomes?date_before=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('answers only those who manage the store', async () => {
    const customer = await makeUser(use(), 'customer');
    expect((await as(customer, 'GET', '/disputes/outcomes')).statusCode).toBe(403);
  });
});
