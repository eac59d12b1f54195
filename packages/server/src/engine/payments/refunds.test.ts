import { describe, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { advanceClock } from '../clock.ts';
import { JOB_HANDLERS } from '../context.ts';
import { runDueJobs } from '../jobs.ts';

const REFUND_URL = '/wp-json/wc/v3/payments/refund';

describeEachDatabase('refunds before the store has an account', (use) => {
  const api = testApi(use);

  it('refuses a refund', async () => {
    const res = await api.post(REFUND_URL, { charge_id: 'ch_missing' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_account_not_found');
  });
});

describeEachDatabase('refunds API', (use) => {
  const api = testApi(use, { account: true });
  const db = () => use().db;

  const refund = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.post(REFUND_URL, payload, headers);

  /** Pays with a card and answers the charge id, intent id and order id. */
  async function pay(number = '4242424242424242', overrides: Parameters<typeof cardCheckout>[1] = {}) {
    const res = await api.checkout(cardCheckout(number, overrides));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return {
      chargeId: body.charge.id as string,
      intentId: body.id as string,
      orderId: body.order.id as number,
    };
  }

  const chargeRow = (id: string) =>
    db().selectFrom('charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderStatus = async (id: number) =>
    (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const ledgerOf = (chargeId: string) =>
    db()
      .selectFrom('balance_transactions')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .orderBy('seq')
      .execute();
  const refundsOf = (chargeId: string) =>
    db().selectFrom('refunds').selectAll().where('charge_id', '=', chargeId).orderBy('created_at').execute();
  const timelineOf = (intentId: string) =>
    db()
      .selectFrom('timeline_events')
      .select(['type', 'data'])
      .where('payment_intent_id', '=', intentId)
      .orderBy('id')
      .execute();

  it('refunds in full what remains when no amount is given', async () => {
    const { chargeId, intentId, orderId } = await pay();
    const res = await refund({ charge_id: chargeId, reason: 'requested_by_customer' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
      charge: chargeId,
      reason: 'requested_by_customer',
    });
    expect(body.id).toMatch(/^re_/);

    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect(await orderStatus(orderId)).toBe('refunded');
    const ledger = await ledgerOf(chargeId);
    expect(ledger.map((t) => [t.type, Number(t.amount), Number(t.fee)])).toEqual([
      ['charge', 2500, Number(ledger[0]!.fee)],
      ['refund', -2500, 0],
    ]);
    expect(ledger[1]).toMatchObject({ source_id: body.id, customer_amount: -2500, customer_currency: 'usd' });
    const timeline = await timelineOf(intentId);
    expect(timeline.at(-1)).toMatchObject({
      type: 'full_refund',
      data: {
        amount: 2500,
        amount_refunded: 2500,
        currency: 'usd',
        refund_id: body.id,
        transaction_id: ledger[1]!.id,
      },
    });
  });

  it('refunds in parts until the payment is refunded in full', async () => {
    const { chargeId, intentId, orderId } = await pay();
    const first = await refund({ charge_id: chargeId, amount: 1000 });
    expect(first.statusCode).toBe(200);
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(await orderStatus(orderId)).toBe('processing');
    const second = await refund({ charge_id: chargeId, amount: 1500, order_id: orderId });
    expect(second.statusCode).toBe(200);
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect(await orderStatus(orderId)).toBe('refunded');
    const events = (await timelineOf(intentId)).filter((e) => e.type.endsWith('_refund'));
    expect(events.map((e) => [e.type, (e.data as { amount_refunded: number }).amount_refunded])).toEqual([
      ['partial_refund', 1000],
      ['full_refund', 2500],
    ]);
  });

  it('refuses more than remains and writes nothing', async () => {
    const { chargeId } = await pay();
    expect((await refund({ charge_id: chargeId, amount: 2000 })).statusCode).toBe(200);
    const ledgerBefore = (await ledgerOf(chargeId)).length;
    const res = await refund({ charge_id: chargeId, amount: 501 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'wcpay_refund_amount_exceeds',
      data: { status: 409, amount_refundable: 500, currency: 'usd' },
    });
    expect(res.json().message).toContain('5.00 USD');
    expect(await refundsOf(chargeId)).toHaveLength(1);
    expect(await ledgerOf(chargeId)).toHaveLength(ledgerBefore);
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 2000 });
  });

  it('refuses a refund of a fully refunded payment', async () => {
    const { chargeId } = await pay();
    expect((await refund({ charge_id: chargeId })).statusCode).toBe(200);
    const res = await refund({ charge_id: chargeId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_charge_already_refunded');
  });

  it('refuses a refund of an uncaptured authorization', async () => {
    const { chargeId } = await pay('4242424242424242', { capture_method: 'manual' });
    const res = await refund({ charge_id: chargeId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_refund_uncaptured');
    expect(await refundsOf(chargeId)).toHaveLength(0);
  });

  it('refuses a declined payment, an unknown charge and malformed input', async () => {
    const declined = await api.checkout(cardCheckout('4000000000000002'));
    const chargeId = declined.json().charge?.id as string | undefined;
    if (chargeId) expect((await refund({ charge_id: chargeId })).json().code).toBe('wcpay_refund_uncaptured');
    const missing = await refund({ charge_id: 'ch_doesnotexist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('wcpay_charge_not_found');
    for (const payload of [
      {},
      { charge_id: 'ch_x1', amount: 0 },
      { charge_id: 'ch_x1', amount: -5 },
      { charge_id: 'ch_x1', amount: 12.5 },
      { charge_id: 'ch_x1', reason: 'because' },
      { charge_id: 'ch_x1', surprise: true },
    ]) {
      const res = await refund(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
    }
  });

  it.each([
    ['duplicate', 'duplicate'],
    ['fraudulent', 'fraudulent'],
    ['requested_by_customer', 'requested_by_customer'],
    ['other', null],
    [null, null],
    [undefined, null],
  ])('stores reason %s as %s', async (reason, stored) => {
    const { chargeId } = await pay();
    const res = await refund({
      charge_id: chargeId,
      amount: 100,
      ...(reason === undefined ? {} : { reason }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reason).toBe(stored);
    expect((await refundsOf(chargeId))[0]!.reason).toBe(stored);
  });

  it("refuses an order that is not the charge's order", async () => {
    const { chargeId } = await pay();
    const other = await pay();
    const res = await refund({ charge_id: chargeId, order_id: other.orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'wcpay_intent_order_mismatch',
      message: 'The payment cannot be processed due to a mismatch with order details.',
    });
    expect(await refundsOf(chargeId)).toHaveLength(0);
  });

  it('replays a refund sent twice with one Idempotency-Key', async () => {
    const { chargeId } = await pay();
    const key = `refund-${chargeId}`;
    const a = await refund({ charge_id: chargeId, amount: 700 }, { 'idempotency-key': key });
    const b = await refund({ charge_id: chargeId, amount: 700 }, { 'idempotency-key': key });
    expect(b.json()).toEqual(a.json());
    expect(await refundsOf(chargeId)).toHaveLength(1);
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 700 });
  });

  it('converts a refund of a foreign-currency payment at the rate of its capture', async () => {
    const { chargeId } = await pay('4242424242424242', { amount: 1001, currency: 'eur' });
    for (const amount of [333, 333, 335])
      expect((await refund({ charge_id: chargeId, amount })).statusCode).toBe(200);
    const ledger = await ledgerOf(chargeId);
    const charged = ledger.find((t) => t.type === 'charge')!;
    const refunded = ledger.filter((t) => t.type === 'refund');
    expect(refunded).toHaveLength(3);
    expect(refunded.every((t) => t.currency === 'usd' && t.exchange_rate === charged.exchange_rate)).toBe(
      true,
    );
    // Each partial refund is converted as a difference of running totals, so together they
    // return exactly what the capture settled.
    expect(refunded.reduce((sum, t) => sum + Number(t.amount), 0)).toBe(-Number(charged.amount));
  });

  it('fails a refund on 4000000000005126 a minute later and returns the money to the balance', async () => {
    const { chargeId, intentId, orderId } = await pay('4000000000005126');
    const res = await refund({ charge_id: chargeId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', amount: 2500 });
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect((await ledgerOf(chargeId)).map((t) => t.type)).toEqual(['charge', 'refund']);

    await runDueJobs(db(), JOB_HANDLERS);
    expect((await refundsOf(chargeId))[0]!.status).toBe('pending');

    await advanceClock(db(), 61_000);
    await runDueJobs(db(), JOB_HANDLERS);
    expect((await refundsOf(chargeId))[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(await chargeRow(chargeId)).toMatchObject({ amount_refunded: 0, refunded: false });
    expect(await orderStatus(orderId)).toBe('processing');
    const ledger = await ledgerOf(chargeId);
    expect(ledger.map((t) => [t.type, Number(t.amount)])).toEqual([
      ['charge', 2500],
      ['refund', -2500],
      ['refund_failure', 2500],
    ]);
    expect((await timelineOf(intentId)).at(-1)).toMatchObject({
      type: 'refund_failed',
      data: { amount: 2500, currency: 'usd', failure_reason: 'expired_or_canceled_card' },
    });

    // Running the jobs again changes nothing: the refund is no longer pending.
    await advanceClock(db(), 61_000);
    await runDueJobs(db(), JOB_HANDLERS);
    expect(await ledgerOf(chargeId)).toHaveLength(3);
  });

  it('refuses a refund while a dispute is open, allows one on an inquiry', async () => {
    const disputed = await pay('4000000000000259');
    const res = await refund({ charge_id: disputed.chargeId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_refund_disputed');
    expect(await refundsOf(disputed.chargeId)).toHaveLength(0);

    const inquiry = await pay('4000000000001976');
    expect((await refund({ charge_id: inquiry.chargeId, amount: 500 })).statusCode).toBe(200);
  });

  describe('concurrency', () => {
    it('never refunds more than captured under 200 concurrent partial refunds', async () => {
      const { chargeId } = await pay('4242424242424242', { amount: 10_000 });
      const attempts = 200;
      const each = 75;
      const answers = await Promise.all(
        Array.from({ length: attempts }, () => refund({ charge_id: chargeId, amount: each })),
      );
      const succeeded = answers.filter((res) => res.statusCode === 200);
      const refused = answers.filter((res) => res.statusCode !== 200);
      expect(
        refused.every((res) => res.statusCode === 409 && res.json().code === 'wcpay_refund_amount_exceeds'),
      ).toBe(true);
      expect(succeeded).toHaveLength(Math.floor(10_000 / each));
      const rows = await refundsOf(chargeId);
      expect(rows).toHaveLength(succeeded.length);
      const charge = await chargeRow(chargeId);
      expect(Number(charge.amount_refunded)).toBe(rows.reduce((sum, r) => sum + Number(r.amount), 0));
      expect(Number(charge.amount_refunded)).toBeLessThanOrEqual(Number(charge.amount_captured));
      const refundLedger = (await ledgerOf(chargeId)).filter((t) => t.type === 'refund');
      expect(refundLedger).toHaveLength(succeeded.length);
    }, 180_000);
  });
});
