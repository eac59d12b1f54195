import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../../testing/engine.ts';
import { chargeRows } from '../document-rows.ts';

describeEachDatabase('checkout API', (use) => {
  const api = testApi(use);

  const count = async (table: 'payment_intents' | 'charges' | 'orders' | 'balance_transactions') =>
    Number(
      (
        await use()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a payment before the store has an account, writing nothing', async () => {
    const res = await api.checkout(cardCheckout());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_account_not_found');
    expect(await count('orders')).toBe(0);
    await connectSandboxAccount(use());
  });

  it('charges 4242 and records it in the ledger with its fee', async () => {
    const res = await api.checkout(cardCheckout('4242 4242 4242 4242', { amount: 10_000 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'succeeded',
      amount: 10_000,
      currency: 'usd',
      last_payment_error: null,
      fraud_outcome: 'allow',
    });
    expect(body.id).toMatch(/^pi_/);
    expect(body.charge.id).toMatch(/^ch_/);
    const txn = await use()
      .db.selectFrom('balance_transactions')
      .selectAll()
      .where('charge_id', '=', body.charge.id)
      .executeTakeFirstOrThrow();
    expect(txn).toMatchObject({ type: 'charge', amount: 10_000, fee: 320, net: 9680, currency: 'usd' });
    // The capture's event is its ledger entry: nothing else is stored for it, and the timeline
    // shows it (payment-detail/read.test.ts).
    const stored = await use()
      .db.selectFrom('timeline_events')
      .select('type')
      .where('payment_intent_id', '=', body.id)
      .execute();
    expect(stored).toEqual([]);
    const timeline = await api.get(`/wp-json/wc/v3/payments/timeline/${body.id}`);
    expect(timeline.json().data.map((e: { type: string }) => e.type)).toEqual(['captured']);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'card_declined'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
    ['4000002500003155', 'authentication_required'],
    ['4242424242424241', 'incorrect_number'],
  ])('declines %s with %s and writes no ledger row', async (number, code) => {
    const before = await count('balance_transactions');
    const res = await api.checkout(cardCheckout(number));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code } });
    expect(await count('balance_transactions')).toBe(before);
  });

  it('authorizes with manual capture, then captures less than authorized', async () => {
    const res = await api.checkout(
      cardCheckout('4242424242424242', { capture_method: 'manual', amount: 5000 }),
    );
    const body = res.json();
    expect(body.status).toBe('requires_capture');
    const over = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${body.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: body.id, amount_to_capture: 6000 },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'wcpay_capture_error' });
    const small = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${body.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: body.id, amount_to_capture: 10 },
    });
    expect(small.json()).toMatchObject({
      code: 'wcpay_capture_error',
      data: { error_type: 'amount_too_small', minimum_amount: '0.50', currency: 'USD' },
    });
    const ok = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${body.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: body.id, amount_to_capture: 3000 },
    });
    expect(ok.json()).toEqual({ id: body.id, status: 'succeeded' });
    const again = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${body.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: body.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('wcpay_payment_uncapturable');
    const charge = await use()
      .db.selectFrom('charges')
      .selectAll()
      .where('id', '=', body.charge.id)
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ amount: 5000, amount_captured: 3000, captured: true });
  });

  it('answers the error codes for a missing order and a mismatched intent, and cancels', async () => {
    const a = (await api.checkout(cardCheckout('4242424242424242', { capture_method: 'manual' }))).json();
    const b = (await api.checkout(cardCheckout('4242424242424242', { capture_method: 'manual' }))).json();
    const missing = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payments/orders/999999/capture_authorization',
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: a.id },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('wcpay_missing_order');
    const mismatch = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${b.order.id}/cancel_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: a.id },
    });
    expect(mismatch.json().code).toBe('wcpay_intent_order_mismatch');
    const cancel = await api.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/payments/orders/${a.order.id}/cancel_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: a.id },
    });
    expect(cancel.json()).toEqual({ id: a.id, status: 'canceled' });
  });

  it('refuses bad input with per-field reasons and writes nothing', async () => {
    const before = await count('orders');
    const res = await api.checkout({
      ...cardCheckout(),
      amount: -5,
      currency: 'dollars',
    } as never);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.params).sort()).toEqual(['amount', 'currency']);
    const ideal = await api.checkout({
      ...cardCheckout(),
      payment_method_data: { type: 'ideal' },
    });
    expect(ideal.statusCode).toBe(400);
    expect(ideal.json().data.params).toHaveProperty('currency');
    expect(await count('orders')).toBe(before);
  });

  it("keeps the store's pages of the order and its customer, and refuses other addresses", async () => {
    const body = cardCheckout();
    const orderUrl = 'https://shop.example.test/wp-admin/post.php?post=77&action=edit';
    const customerUrl = 'https://shop.example.test/wp-admin/user-edit.php?user_id=9';
    const paid = await api.checkout({
      ...body,
      order: { ...body.order, url: orderUrl, customer_url: customerUrl },
    });
    expect(paid.statusCode).toBe(200);
    const chargeId: string = paid.json().charge.id;
    const listed = await api.get(`/wp-json/wc/v3/payments/transactions?search[]=${chargeId}`);
    expect(listed.json().data[0].order).toMatchObject({ url: orderUrl, customer_url: customerUrl });
    const charge = await api.get(`/wp-json/wc/v3/payments/charges/${chargeId}`);
    expect(charge.json().order.url).toBe(orderUrl);

    const guest = cardCheckout();
    const { url: _omitted, ...withoutPage } = guest.order;
    const unlinked = await api.checkout({ ...guest, order: withoutPage });
    const plain = await api.get(`/wp-json/wc/v3/payments/charges/${unlinked.json().charge.id}`);
    expect(plain.json().order).toMatchObject({ number: guest.order.number, url: null });

    const before = await count('orders');
    for (const bad of ['javascript:alert(1)', '/wp-admin/post.php?post=1', 'https://']) {
      const refused = await api.checkout({ ...body, order: { ...body.order, url: bad } });
      expect(refused.statusCode, bad).toBe(400);
      expect(JSON.stringify(refused.json().data.params), bad).toContain('url');
    }
    expect(await count('orders')).toBe(before);
  });

  it('pays with local methods in their currencies', async () => {
    for (const [type, currency] of [
      ['ideal', 'eur'],
      ['sepa_debit', 'eur'],
      ['klarna', 'usd'],
      ['au_becs_debit', 'aud'],
    ] as const) {
      const res = await api.checkout({
        ...cardCheckout(),
        currency,
        payment_method_data: { type },
      });
      expect(res.json()).toMatchObject({ status: 'succeeded' });
      expect(res.json().charge.id).toMatch(/^py_/);
      const charge = await use()
        .db.selectFrom(chargeRows(use().db))
        .select(['payment_method_details', 'exchange_rate'])
        .where('id', '=', res.json().charge.id)
        .executeTakeFirstOrThrow();
      expect(charge.payment_method_details).toHaveProperty('type', type);
      expect(charge.payment_method_details).toHaveProperty(type);
      expect(charge.exchange_rate === null).toBe(currency === 'usd');
    }
  });
});
