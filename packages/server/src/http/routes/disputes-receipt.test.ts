import { formatExplicitCurrency } from '@paydesk/domain';
import { expect, it } from 'vitest';
import { createAccount } from '../../engine/accounts.ts';
import { clockNow, DAY_MS } from '../../engine/clock.ts';
import { randomIds } from '../../engine/ids.ts';
import { testApi } from '../../testing/api.ts';
import { makeUser, sessionNonce, signIn } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { pdfText } from '../../testing/pdf.ts';

const BASE = '/wp-json/wc/v3/payments';
/** A card whose payments are disputed as fraudulent at once (docs/test-cards.md). */
const DISPUTED_CARD = '4000000000000259';

/** `POST {base}/disputes/{id}/receipt`: a PDF receipt of the disputed payment's order. */
describeEachDatabase('dispute receipt API', (use) => {
  const api = testApi(use, { account: true });

  const post = (url: string, headers: Record<string, string> = { authorization: api.admin.basic }) =>
    api.app.inject({ method: 'POST', url: `${BASE}${url}`, headers });
  /** A disputed payment of 123.45 USD; answers its dispute, charge and order number. */
  const disputedPayment = async () => {
    const base = cardCheckout(DISPUTED_CARD, { amount: 12_345 });
    const body = {
      ...base,
      order: {
        ...base.order,
        items_count: 3,
        customer: { name: 'Rita Receipt', email: 'rita@example.test' },
        shipping_address: { country: 'US', line1: '9 Ship Lane', city: 'Portside', postal_code: '54321' },
      },
    };
    const res = await api.checkout(body);
    expect(res.statusCode, res.body).toBe(200);
    const charge = await use()
      .db.selectFrom('charges')
      .select(['id', 'dispute_id'])
      .where('id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    return { dispute: charge.dispute_id!, charge: charge.id, order: body.order.number };
  };

  it("writes a PDF receipt of the order, stored as the account's evidence file, and leaves the dispute as it was", async () => {
    const paid = await disputedPayment();
    const before = await use()
      .db.selectFrom('disputes')
      .selectAll()
      .where('id', '=', paid.dispute)
      .executeTakeFirstOrThrow();
    const res = await post(`/disputes/${paid.dispute}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json();
    expect(stored).toMatchObject({ filename: `receipt-order-${paid.order}.pdf`, type: 'application/pdf' });
    expect(stored.id).toMatch(/^file_/);

    const row = await use()
      .db.selectFrom('files')
      .innerJoin('users', 'users.id', 'files.user_id')
      .select(['files.account_id', 'files.purpose', 'files.mime_type', 'files.size', 'users.login'])
      .where('files.id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      account_id: api.account.id,
      purpose: 'dispute_evidence',
      mime_type: 'application/pdf',
      size: stored.size,
      login: api.admin.login,
    });

    const file = await api.get(`${BASE}/file/${stored.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(stored.size);
    const text = await pdfText(file.rawPayload);
    for (const expected of [
      `Receipt for order #${paid.order}`,
      formatExplicitCurrency(12_345, 'usd', 'en_US'),
      'Rita Receipt',
      'rita@example.test',
      '1 Main St',
      '9 Ship Lane',
      'Visa ending in 0259',
      paid.charge,
      'My Store',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Items\s+3/);

    const after = await use()
      .db.selectFrom('disputes')
      .selectAll()
      .where('id', '=', paid.dispute)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('answers 404 for an unknown dispute and 400 for a malformed id', async () => {
    const unknown = await post('/disputes/dp_NoSuchDispute1/receipt');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('wcpay_dispute_not_found');
    expect((await post('/disputes/dp_x.y/receipt')).statusCode).toBe(400);
  });

  it('answers 409 once the evidence is submitted, or past its deadline, storing nothing', async () => {
    const submitted = await disputedPayment();
    const submit = await api.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${submitted.dispute}`,
      headers: { authorization: api.admin.basic },
      payload: { evidence: { uncategorized_text: 'Delivered.' }, submit: true },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const late = await disputedPayment();
    await use()
      .db.updateTable('disputes')
      .set({ due_by: new Date((await clockNow(use().db)).getTime() - DAY_MS) })
      .where('id', '=', late.dispute)
      .execute();
    const count = async () =>
      (await use().db.selectFrom('files').select('id').where('account_id', '=', api.account.id).execute())
        .length;
    const files = await count();
    for (const [dispute, code] of [
      [submitted.dispute, 'wcpay_dispute_not_editable'],
      [late.dispute, 'wcpay_dispute_past_due'],
    ] as const) {
      const res = await post(`/disputes/${dispute}/receipt`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe(code);
    }
    expect(await count()).toBe(files);
  });

  it('answers 409 wcpay_dispute_no_order for a payment without an order', async () => {
    const paid = await disputedPayment();
    await use().db.updateTable('charges').set({ order_id: null }).where('id', '=', paid.charge).execute();
    const res = await post(`/disputes/${paid.dispute}/receipt`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'wcpay_dispute_no_order',
      message: 'This payment has no order, so no receipt can be created from it. Upload a receipt instead.',
    });
  });

  it('needs the nonce in X-WP-Nonce with a session cookie; a link nonce does not do for a POST', async () => {
    const paid = await disputedPayment();
    const { cookie } = await signIn(api.app, api.admin);
    const nonce = await sessionNonce(use(), cookie);
    expect((await post(`/disputes/${paid.dispute}/receipt`, {})).statusCode).toBe(401);
    expect((await post(`/disputes/${paid.dispute}/receipt`, { cookie })).statusCode).toBe(403);
    expect((await post(`/disputes/${paid.dispute}/receipt?_wpnonce=${nonce}`, { cookie })).statusCode).toBe(
      403,
    );
    const res = await post(`/disputes/${paid.dispute}/receipt`, { cookie, 'x-wp-nonce': nonce });
    expect(res.statusCode, res.body).toBe(200);
    const customer = await makeUser(use(), 'customer');
    expect(
      (await post(`/disputes/${paid.dispute}/receipt`, { authorization: customer.basic })).statusCode,
    ).toBe(403);
  });

  // Last: it makes another account the store's.
  it("answers 404 for another account's dispute", async () => {
    const paid = await disputedPayment();
    await createAccount(use().db, randomIds, {
      mode: 'live',
      status: 'complete',
      country: 'US',
      currency: 'usd',
      businessName: 'Later Store',
      createdAt: new Date((await clockNow(use().db)).getTime() + 1_000),
    });
    const res = await post(`/disputes/${paid.dispute}/receipt`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('wcpay_dispute_not_found');
  });
});
