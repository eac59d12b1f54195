import { isDeepStrictEqual } from 'node:util';
import {
  captureDeadline,
  chargeDisplayStatus,
  conversionLine,
  feeBreakdownLines,
  feeLine,
  LOCAL_PAYMENT_METHODS,
  refundAvailability,
} from '@paydesk/domain';
import { paymentDetail } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { testApi } from '../../testing/api.ts';
import { makeUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount, storeOrderUrl } from '../../testing/engine.ts';
import type { Account } from '../accounts.ts';
import { createLoan } from '../capital/services.ts';
import { engineContext } from '../context.ts';
import { chargeRows, orderRows } from '../document-rows.ts';
import { advanceDays, advanceMs } from '../payouts/testing.ts';
import { recordTimeline } from '../timeline.ts';

type TCharge = z.infer<typeof paymentDetail.ZCharge>;
type TIntent = z.infer<typeof paymentDetail.ZPaymentIntent>;
type TEvent = z.infer<typeof paymentDetail.ZTimelineEvent>;

const BASE = '/wp-json/wc/v3/payments';

/** A currency each local method accepts, for a checkout that succeeds. */
const METHOD_CURRENCY: Record<(typeof LOCAL_PAYMENT_METHODS)[number], string> = {
  card_present: 'usd',
  au_becs_debit: 'aud',
  bancontact: 'eur',
  eps: 'eur',
  giropay: 'eur',
  ideal: 'eur',
  klarna: 'usd',
  p24: 'pln',
  sepa_debit: 'eur',
  sofort: 'eur',
  affirm: 'usd',
  afterpay_clearpay: 'usd',
  alipay: 'usd',
  grabpay: 'sgd',
  wechat_pay: 'usd',
  link: 'usd',
};

describeEachDatabase('payment detail API', (use) => {
  const api = testApi(use);
  let account: Account;

  const get = (path: string, auth = api.admin.basic) =>
    api.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: { authorization: auth } });
  const getCharge = async (id: string) => {
    const res = await get(`/charges/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TCharge;
  };
  const getIntent = async (id: string) => {
    const res = await get(`/payment_intents/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TIntent;
  };
  const getTimeline = async (id: string) => {
    const res = await get(`/timeline/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TEvent[] }).data;
  };
  const expectError = async (path: string, status: number, code: string) => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, data: { status } });
    return res.json() as { message: string; data: { params?: Record<string, string> } };
  };

  async function pay(body: ReturnType<typeof cardCheckout>) {
    const res = await api.checkout(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; charge: { id: string }; order: { id: number; number: string } };
  }

  it('answers 409 before the store has an account', async () => {
    await expectError('/charges/ch_missing', 409, 'wcpay_account_not_found');
    account = await connectSandboxAccount(use());
  });

  it('answers a captured card charge with every field of the contract', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { amount: 123456 }));
    const charge = await getCharge(paid.charge.id);
    expect(charge).toMatchObject({
      id: paid.charge.id,
      payment_intent: paid.id,
      amount: 123456,
      amount_captured: 123456,
      amount_refunded: 0,
      currency: 'usd',
      captured: true,
      refunded: false,
      paid: true,
      status: 'succeeded',
      failure_code: null,
      dispute: null,
      paydown: null,
      refunds: { data: [] },
      channel: 'online',
      capture_before: null,
      has_failed_refund: false,
      outcome: { type: 'authorized', risk_level: 'normal', network_status: 'approved_by_network' },
      order: {
        id: paid.order.id,
        number: paid.order.number,
        url: storeOrderUrl(paid.order.number),
        subscriptions: [],
        status: 'processing',
        fraud_meta_box_type: 'allow',
      },
      billing_details: {
        name: 'Jane Doe',
        email: 'jane@example.test',
        phone: null,
        address: {
          line1: '1 Main St',
          city: 'Springfield',
          postal_code: '12345',
          country: 'US',
          line2: null,
        },
        formatted_address: '1 Main St<br/>Springfield, 12345<br/>US',
      },
    });
    expect(charge.payment_method).toMatch(/^pm_/);
    expect(Math.abs(charge.created - Date.now() / 1000)).toBeLessThan(3600);
    // 2.9 % + 30 cents of 1,234.56, as the engine prices a domestic card.
    expect(charge.application_fee_amount).toBe(3610);
    expect(charge.balance_transaction).toMatchObject({
      currency: 'usd',
      amount: 123456,
      fee: 3610,
      net: 123456 - 3610,
      exchange_rate: null,
      deposit_id: null,
    });
    expect(charge.balance_transaction!.id).toMatch(/^txn_/);
    expect(charge.fee_rates).toEqual({
      percentage: 0.029,
      fixed: 30,
      fixed_currency: 'usd',
      history: [{ type: 'base', percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' }],
    });
    expect(feeLine(charge.application_fee_amount, 'usd', charge.fee_rates)).toBe(
      'Base fee (2.9% + $0.30): -$36.10',
    );
    expect(charge.payment_method_details).toEqual({
      type: 'card',
      card: {
        brand: 'visa',
        network: 'visa',
        last4: '4242',
        fingerprint: expect.any(String),
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        country: 'US',
        checks: { cvc_check: 'pass', address_line1_check: 'pass', address_postal_code_check: 'pass' },
      },
    });
    expect(chargeDisplayStatus(charge)).toBe('paid');
    expect(
      refundAvailability({ ...charge, dispute_status: null, order_url: charge.order?.url ?? null }),
    ).toMatchObject({ refund_in_full: true, partial_refund: true });

    const timeline = await getTimeline(paid.id);
    expect(timeline.map((event) => event.type)).toEqual(['captured']);
    expect(timeline[0]).toMatchObject({
      amount: 123456,
      amount_captured: 123456,
      currency: 'usd',
      fee: 3610,
      fee_rates: charge.fee_rates!,
      deposit: null,
      transaction_id: charge.balance_transaction!.id,
      transaction_details: {
        customer_currency: 'usd',
        store_currency: 'usd',
        customer_amount: 123456,
        customer_amount_captured: 123456,
        store_amount: 123456,
        store_amount_captured: 123456,
        store_fee: 3610,
      },
    });
    expect(timeline[0]!.datetime).toBe(charge.created);
    // A capture at checkout keeps no event: all of it is read from its ledger entry and charge.
    const stored = await use()
      .db.selectFrom('timeline_events')
      .select('data')
      .where('charge_id', '=', paid.charge.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps each document of a charge once, named by the charges that have it', async () => {
    const [first, second] = [await pay(cardCheckout()), await pay(cardCheckout())];
    const documents = ['outcome', 'payment_method_details', 'billing_details', 'fee_rates'] as const;
    const rows = await use()
      .db.selectFrom('charges')
      .select([...documents, 'outcome_id', 'payment_method_details_id', 'billing_details_id', 'fee_rates_id'])
      .where('id', 'in', [first.charge.id, second.charge.id])
      .execute();
    const [one, two] = [rows[0]!, rows[1]!];
    for (const name of documents) {
      expect([one[name], two[name]]).toEqual([null, null]);
      expect(one[`${name}_id`]).not.toBeNull();
      // The same card, customer, outcome and prices: one row each.
      expect(two[`${name}_id`]).toBe(one[`${name}_id`]);
    }
    const kept = await use().db.selectFrom('charge_documents').select('doc').execute();
    const read = await use()
      .db.selectFrom(chargeRows(use().db))
      .selectAll()
      .where('id', '=', first.charge.id)
      .executeTakeFirstOrThrow();
    for (const name of documents) {
      expect(read[name]).not.toBeNull();
      expect(kept.filter((row) => isDeepStrictEqual(row.doc, read[name]))).toHaveLength(1);
    }
    const charge = await getCharge(first.charge.id);
    expect((await getTimeline(first.id))[0]!.fee_rates).toEqual(charge.fee_rates);
    // The orders' addresses too: one row for the address both bill and ship to.
    const orders = await use()
      .db.selectFrom('orders')
      .select(['billing_address', 'shipping_address', 'billing_address_id', 'shipping_address_id'])
      .where('id', 'in', [first.order.id, second.order.id])
      .execute();
    expect(orders.map((order) => [order.billing_address, order.shipping_address])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(
      new Set(orders.flatMap((order) => [order.billing_address_id, order.shipping_address_id])).size,
    ).toBe(1);
    const order = await use()
      .db.selectFrom(orderRows(use().db))
      .selectAll()
      .where('id', '=', first.order.id)
      .executeTakeFirstOrThrow();
    expect(order.shipping_address).toEqual(order.billing_address);
    expect(kept.filter((row) => isDeepStrictEqual(row.doc, order.billing_address))).toHaveLength(1);

    // A charge written before kept copies of its own, which its reads take.
    const own = {
      fee_rates: { ...charge.fee_rates!, fixed: 29 },
      billing_details: { ...charge.billing_details, name: 'Own Copy' },
    };
    await sql`alter table charges disable trigger charges_documents`.execute(use().db);
    try {
      await use()
        .db.updateTable('charges')
        .set({
          fee_rates: JSON.stringify(own.fee_rates),
          billing_details: JSON.stringify(own.billing_details),
        })
        .where('id', '=', second.charge.id)
        .execute();
    } finally {
      await sql`alter table charges enable always trigger charges_documents`.execute(use().db);
    }
    const before = await getCharge(second.charge.id);
    expect(before.fee_rates).toEqual(own.fee_rates);
    expect(before.billing_details).toEqual(own.billing_details);
    expect(before.payment_method_details).toEqual(charge.payment_method_details);
    expect((await getTimeline(second.id))[0]!.fee_rates).toEqual(own.fee_rates);
    expect(await getCharge(first.charge.id)).toEqual(charge);
  });

  it('answers the same charge by its order id, and the intent with its charge and order', async () => {
    const paid = await pay(cardCheckout());
    const byId = await getCharge(paid.charge.id);
    const res = await get(`/charges/order/${paid.order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(byId);

    const intent = await getIntent(paid.id);
    expect(intent).toMatchObject({
      id: paid.id,
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
      capture_method: 'automatic',
      canceled_at: null,
      payment_method_types: ['card'],
      last_payment_error: null,
      fraud_outcome: null,
      order: byId.order!,
    });
    expect(intent.charge).toEqual(byId);
    // The timeline is reachable by the charge id too.
    expect(await getTimeline(paid.charge.id)).toEqual(await getTimeline(paid.id));
  });

  it('answers the latest charge of an order paid twice', async () => {
    const first = await pay(cardCheckout('4000000000000002'));
    const second = await pay(cardCheckout('4242424242424242', { order: cardCheckout().order }));
    const retry = await pay(
      cardCheckout('4242424242424242', {
        order: { ...cardCheckout().order, number: first.order.number },
      }),
    );
    expect(retry.order.id).toBe(first.order.id);
    const res = await get(`/charges/order/${first.order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(retry.charge.id);
    expect(second.order.id).not.toBe(first.order.id);
  });

  it('shows a charge in another currency with its exchange rate and conversion fee', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { amount: 10000, currency: 'eur' }));
    const charge = await getCharge(paid.charge.id);
    const bt = charge.balance_transaction!;
    expect(bt.currency).toBe('usd');
    expect(bt.exchange_rate).not.toBeNull();
    // 100 EUR at the sandbox rate of 0.92 EUR per USD.
    expect(bt.amount).toBe(10870);
    expect(charge.fee_rates!.history.map((h) => [h.type, h.additional_type])).toEqual([
      ['base', undefined],
      ['additional', 'fx'],
    ]);
    expect(feeLine(bt.fee, 'usd', charge.fee_rates)).toBe(`Fee: -$${(bt.fee / 100).toFixed(2)}`);
    expect(feeBreakdownLines(charge.fee_rates)).toEqual([
      'Base fee: 2.9% + $0.30',
      'Currency conversion fee: 1%',
    ]);
    const [captured] = await getTimeline(paid.id);
    expect(captured!.transaction_details).toMatchObject({
      customer_currency: 'eur',
      customer_amount: 10000,
      store_currency: 'usd',
      store_amount: 10870,
    });
    expect(conversionLine(captured!.transaction_details!)).toBe('€1.00 EUR → 1.08700 USD: $108.70 USD');
  });

  it('shows refunds with their ledger amounts, newest timeline event first', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { amount: 5000 }));
    const refund = (amount?: number) =>
      api.app.inject({
        method: 'POST',
        url: `${BASE}/refund`,
        headers: { authorization: api.admin.basic },
        payload: { charge_id: paid.charge.id, ...(amount ? { amount } : {}), reason: 'duplicate' },
      });
    expect((await refund(1000)).statusCode).toBe(200);
    let charge = await getCharge(paid.charge.id);
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(chargeDisplayStatus(charge)).toBe('refunded_partial');
    expect(
      refundAvailability({ ...charge, dispute_status: null, order_url: charge.order!.url }),
    ).toMatchObject({ refund_in_full: false, partial_refund: true });
    expect((await refund()).statusCode).toBe(200);
    charge = await getCharge(paid.charge.id);
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });
    expect(chargeDisplayStatus(charge)).toBe('refunded_full');
    expect(charge.order!.status).toBe('refunded');
    expect(
      charge.refunds.data.map((r) => [r.amount, r.status, r.reason, r.balance_transaction?.amount]),
    ).toEqual([
      [1000, 'succeeded', 'duplicate', -1000],
      [4000, 'succeeded', 'duplicate', -4000],
    ]);
    expect(charge.refunds.data[0]!.id).toMatch(/^re_/);

    const timeline = await getTimeline(paid.id);
    expect(timeline.map((event) => event.type)).toEqual(['full_refund', 'partial_refund', 'captured']);
    expect(timeline[0]).toMatchObject({
      amount: 4000,
      amount_refunded: 5000,
      reason: 'duplicate',
      refund_id: charge.refunds.data[1]!.id,
      user: { username: api.admin.login },
      transaction_details: { customer_amount: 4000, store_amount: 4000 },
      deposit: null,
    });
    expect(timeline[0]!.datetime).toBeGreaterThanOrEqual(timeline[1]!.datetime);
  });

  it('shows an authorization with its capture deadline, then its capture by the merchant', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { capture_method: 'manual' }));
    const charge = await getCharge(paid.charge.id);
    expect(charge).toMatchObject({
      captured: false,
      amount_captured: 0,
      balance_transaction: null,
      fee_rates: null,
      application_fee_amount: 0,
    });
    expect(charge.capture_before).toBe(captureDeadline(charge.created));
    expect(chargeDisplayStatus(charge, 'requires_capture')).toBe('authorized');
    expect((await getIntent(paid.id)).status).toBe('requires_capture');
    expect((await getTimeline(paid.id)).map((e) => e.type)).toEqual(['authorized']);

    const capture = await api.app.inject({
      method: 'POST',
      url: `${BASE}/orders/${paid.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: paid.id },
    });
    expect(capture.statusCode, capture.body).toBe(200);
    const after = await getCharge(paid.charge.id);
    expect(after).toMatchObject({ captured: true, amount_captured: 2500, capture_before: null });
    const timeline = await getTimeline(paid.id);
    expect(timeline.map((e) => e.type)).toEqual(['captured', 'authorized']);
    expect(timeline[0]!.user).toEqual({ id: expect.any(Number), username: api.admin.login });
  });

  it("shows a partial capture in another currency with its ledger entry's amounts, kept once", async () => {
    const paid = await pay(
      cardCheckout('4242424242424242', { amount: 10000, currency: 'eur', capture_method: 'manual' }),
    );
    const capture = await api.app.inject({
      method: 'POST',
      url: `${BASE}/orders/${paid.order.id}/capture_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: paid.id, amount_to_capture: 6000 },
    });
    expect(capture.statusCode, capture.body).toBe(200);
    const charge = await getCharge(paid.charge.id);
    const bt = charge.balance_transaction!;
    // 60 EUR captured of 100 authorized, at the sandbox rate of 0.92 EUR per USD.
    expect([bt.amount, bt.currency, bt.exchange_rate]).toEqual([6522, 'usd', '1.0869565217']);
    const [captured] = await getTimeline(paid.id);
    expect(captured).toEqual({
      type: 'captured',
      datetime: expect.any(Number),
      amount: 6000,
      amount_captured: 6000,
      currency: 'eur',
      fee: bt.fee,
      fee_rates: charge.fee_rates,
      transaction_id: bt.id,
      transaction_details: {
        customer_currency: 'eur',
        customer_amount: 10000,
        customer_amount_captured: 6000,
        store_currency: 'usd',
        store_amount: 10870,
        store_amount_captured: 6522,
        store_fee: bt.fee,
      },
      user: { id: expect.any(Number), username: api.admin.login },
      deposit: null,
    });
    // The event keeps its ledger entry's id and who captured, nothing the entry or charge holds.
    const stored = await use()
      .db.selectFrom('timeline_events')
      .select('data')
      .where('charge_id', '=', paid.charge.id)
      .where('type', '=', 'captured')
      .executeTakeFirstOrThrow();
    expect(Object.keys(stored.data).sort()).toEqual(['transaction_id', 'user']);
  });

  it('shows a cancelled authorization as voided', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { capture_method: 'manual' }));
    const cancel = await api.app.inject({
      method: 'POST',
      url: `${BASE}/orders/${paid.order.id}/cancel_authorization`,
      headers: { authorization: api.admin.basic },
      payload: { payment_intent_id: paid.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const intent = await getIntent(paid.id);
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'requested_by_customer' });
    expect(intent.canceled_at).toEqual(expect.any(Number));
    expect(intent.charge!.capture_before).toBeNull();
    const [voided] = await getTimeline(paid.id);
    expect(voided).toMatchObject({ type: 'authorization_voided', amount: 2500, currency: 'usd' });
  });

  it('shows a declined card as failed with the decline reason', async () => {
    const paid = await pay(cardCheckout('4000000000000002'));
    const charge = await getCharge(paid.charge.id);
    expect(charge).toMatchObject({
      status: 'failed',
      paid: false,
      captured: false,
      failure_code: 'card_declined',
      outcome: { type: 'issuer_declined', network_status: 'declined_by_network' },
      balance_transaction: null,
    });
    expect(chargeDisplayStatus(charge)).toBe('failed');
    expect(charge.payment_method_details.type).toBe('card');
    const intent = await getIntent(paid.id);
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const timeline = await getTimeline(paid.id);
    expect(timeline).toEqual([
      { type: 'failed', datetime: charge.created, amount: 2500, currency: 'usd', reason: 'generic_decline' },
    ]);
  });

  it('answers the detail block of every payment method type', async () => {
    const blockKeys = new Map(
      paymentDetail.ZPaymentMethodDetails.options.map((option) => {
        const type = option.shape.type.value;
        const block = (option.shape as unknown as Record<string, z.ZodObject>)[type]!;
        return [type, Object.keys(block.shape).sort()];
      }),
    );
    for (const type of LOCAL_PAYMENT_METHODS) {
      const base = cardCheckout();
      const country = { aud: 'AU', eur: 'NL', pln: 'PL', sgd: 'SG', usd: 'US' }[METHOD_CURRENCY[type]]!;
      const paid = await pay({
        ...base,
        currency: METHOD_CURRENCY[type],
        payment_method_data:
          type === 'card_present' ? { type, platform: 'ios' } : ({ type } as typeof base.payment_method_data),
        order: { ...base.order, billing_address: { ...base.order.billing_address, country } },
      });
      const charge = await getCharge(paid.charge.id);
      expect(charge.id, type).toMatch(type === 'card_present' ? /^ch_/ : /^py_/);
      expect(charge.payment_method_details.type).toBe(type);
      const block = (charge.payment_method_details as unknown as Record<string, Record<string, unknown>>)[
        type
      ]!;
      expect(Object.keys(block).sort(), type).toEqual(blockKeys.get(type));
      // A successful payment reports every field of its block.
      for (const [key, value] of Object.entries(block)) expect(value, `${type}.${key}`).not.toBeNull();
      expect(charge.status, type).toBe('succeeded');
      if (type === 'card_present') {
        expect(block).toMatchObject({ reader_model: 'COTS_DEVICE', platform: 'ios', last4: '4242' });
        expect(charge).toMatchObject({ channel: 'in_person', source_device: 'ios' });
      }
      if (type === 'klarna') expect(paymentDetail.KLARNA_CATEGORIES).toContain(block.payment_method_category);
    }
  });

  it('shows a failed bank payment with its block and the started event first', async () => {
    const base = cardCheckout();
    const paid = await pay({
      ...base,
      currency: 'eur',
      payment_method_data: { type: 'ideal' },
      order: { ...base.order, customer: { name: 'Fail', email: 'fail@example.test' } },
    });
    const charge = await getCharge(paid.charge.id);
    expect(charge.status).toBe('failed');
    expect(charge.payment_method_details).toMatchObject({ type: 'ideal', ideal: { country: 'NL' } });
    expect((await getTimeline(paid.id)).map((e) => e.type)).toEqual(['failed', 'started']);
  });

  it("shows a bank payment's capture after its start, in the same instant", async () => {
    const base = cardCheckout();
    const paid = await pay({ ...base, currency: 'eur', payment_method_data: { type: 'ideal' } });
    const charge = await getCharge(paid.charge.id);
    const timeline = await getTimeline(paid.id);
    expect(timeline.map((e) => e.type)).toEqual(['captured', 'started']);
    expect(timeline[0]).toMatchObject({
      datetime: charge.created,
      amount: charge.amount,
      currency: 'eur',
      transaction_id: charge.balance_transaction!.id,
    });
    expect(timeline[1]!.datetime).toBe(charge.created);
  });

  it('shows a capture stored with its event, as captures once were, once', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { amount: 2500 }));
    const [captured] = await getTimeline(paid.id);
    const entry = await use()
      .db.selectFrom('balance_transactions')
      .select(['id', 'created_at'])
      .where('charge_id', '=', paid.charge.id)
      .executeTakeFirstOrThrow();
    await recordTimeline(use().db, [
      {
        payment_intent_id: paid.id,
        charge_id: paid.charge.id,
        type: 'captured',
        datetime: entry.created_at,
        data: { transaction_id: entry.id },
      },
    ]);
    expect(await getTimeline(paid.id)).toEqual([captured]);
  });

  it('shows a dispute on the charge and its timeline', async () => {
    const paid = await pay(cardCheckout('4000000000000259'));
    const charge = await getCharge(paid.charge.id);
    expect(charge.dispute).toMatchObject({
      amount: 2500,
      currency: 'usd',
      status: 'needs_response',
      reason: 'fraudulent',
      evidence_details: { has_evidence: false, submission_count: 0 },
    });
    expect(charge.dispute!.id).toMatch(/^dp_/);
    expect(charge.dispute!.evidence_details.due_by).toBe(charge.created + 7 * 24 * 3600);
    expect(chargeDisplayStatus(charge)).toBe('disputed_needs_response');
    expect(refundAvailability({ ...charge, dispute_status: charge.dispute!.status })).toMatchObject({
      refundable: false,
    });
    const timeline = await getTimeline(paid.id);
    expect(timeline.map((e) => e.type).sort()).toEqual(['captured', 'dispute_needs_response']);
    expect(timeline.find((e) => e.type === 'dispute_needs_response')).toMatchObject({
      dispute_id: charge.dispute!.id,
      reason: 'fraudulent',
      fee: 1500,
      evidence_due_by: charge.dispute!.evidence_details.due_by,
    });
  });

  it('shows a payment held for review, then approved, with who approved it', async () => {
    await use()
      .db.updateTable('accounts')
      .set({
        fraud_protection_level: 'advanced',
        fraud_rules: JSON.stringify([
          {
            key: 'purchase_price_threshold',
            outcome: 'review',
            check: { key: 'order_total', operator: 'greater_than', value: '5000|usd' },
          },
          {
            key: 'order_items_threshold',
            outcome: 'block',
            check: { key: 'item_count', operator: 'greater_than', value: 50 },
          },
        ]),
      })
      .where('id', '=', account.id)
      .execute();
    try {
      const held = await pay(cardCheckout('4242424242424242', { amount: 9000 }));
      let intent = await getIntent(held.id);
      expect(intent).toMatchObject({
        status: 'requires_capture',
        fraud_outcome: {
          status: 'review',
          manual_action: null,
          ruleset_results: { purchase_price_threshold: 'review' },
        },
        order: { fraud_meta_box_type: 'review' },
      });
      expect(chargeDisplayStatus(intent.charge!, intent.status)).toBe('fraud_outcome_review');
      // Newest first: the card was authorized, then the rule placed the payment in review, both
      // in the same second; the order of writing decides.
      expect((await getTimeline(held.id)).map((e) => e.type)).toEqual(['fraud_outcome_review', 'authorized']);
      expect((await getTimeline(held.id))[0]!.ruleset_results).toMatchObject({
        purchase_price_threshold: 'review',
      });

      const approve = await api.app.inject({
        method: 'POST',
        url: `${BASE}/orders/${held.order.id}/capture_authorization`,
        headers: { authorization: api.admin.basic },
        payload: { payment_intent_id: held.id },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      intent = await getIntent(held.id);
      expect(intent.fraud_outcome!.manual_action).toBe('approved');
      expect(intent.order!.fraud_meta_box_type).toBe('review_allowed');
      expect(chargeDisplayStatus(intent.charge!, intent.status)).toBe('paid');
      const timeline = await getTimeline(held.id);
      expect(timeline.map((e) => e.type)).toContain('fraud_outcome_manual_approve');
      expect(timeline.find((e) => e.type === 'fraud_outcome_manual_approve')!.user!.username).toBe(
        api.admin.login,
      );

      const blocked = await pay({ ...cardCheckout(), order: { ...cardCheckout().order, items_count: 60 } });
      intent = await getIntent(blocked.id);
      expect(intent.fraud_outcome).toMatchObject({ status: 'block' });
      expect(intent.order!.fraud_meta_box_type).toBe('block');
      expect(intent.charge!.outcome!.type).toBe('blocked');
      expect(chargeDisplayStatus(intent.charge!, intent.status)).toBe('fraud_outcome_block');
      expect((await getTimeline(blocked.id)).map((e) => e.type)).toEqual(['fraud_outcome_block']);

      const heldAgain = await pay(cardCheckout('4242424242424242', { amount: 9000 }));
      const block = await api.app.inject({
        method: 'POST',
        url: `${BASE}/orders/${heldAgain.order.id}/cancel_authorization`,
        headers: { authorization: api.admin.basic },
        payload: { payment_intent_id: heldAgain.id },
      });
      expect(block.statusCode, block.body).toBe(200);
      intent = await getIntent(heldAgain.id);
      expect(intent.order!.fraud_meta_box_type).toBe('review_blocked');
      expect(chargeDisplayStatus(intent.charge!, intent.status)).toBe('fraud_outcome_block');
      expect((await getTimeline(heldAgain.id)).map((e) => e.type)).toEqual([
        'authorization_voided',
        'fraud_outcome_manual_block',
        'fraud_outcome_review',
        'authorized',
      ]);
    } finally {
      await use()
        .db.updateTable('accounts')
        .set({ fraud_protection_level: 'basic', fraud_rules: '[]' })
        .where('id', '=', account.id)
        .execute();
    }
  });

  it('shows a failed refund with its reason', async () => {
    const paid = await pay(cardCheckout('4000000000005126'));
    const refund = await api.app.inject({
      method: 'POST',
      url: `${BASE}/refund`,
      headers: { authorization: api.admin.basic },
      payload: { charge_id: paid.charge.id },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await getCharge(paid.charge.id)).refunds.data[0]!.status).toBe('pending');
    await advanceMs(use(), 2 * 60_000);
    const charge = await getCharge(paid.charge.id);
    expect(charge.refunds.data[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(charge).toMatchObject({ has_failed_refund: true, amount_refunded: 0, refunded: false });
    expect(chargeDisplayStatus(charge)).toBe('refund_failed');
    const [failed] = await getTimeline(paid.id);
    expect(failed).toMatchObject({
      type: 'refund_failed',
      failure_reason: 'expired_or_canceled_card',
      amount: 2500,
      amount_refunded: 0,
    });
  });

  it('shows the loan repayment withheld from a payment', async () => {
    await createLoan(await engineContext(use().db), {
      amount: 100_000,
      fee_amount: 10_000,
      withhold_rate_bp: 1000,
      currency: 'usd',
    });
    const paid = await pay(cardCheckout('4242424242424242', { amount: 10000 }));
    const charge = await getCharge(paid.charge.id);
    const net = charge.balance_transaction!.net;
    expect(charge.paydown).toEqual({ amount: -Math.floor(net / 10), currency: 'usd' });
    const timeline = await getTimeline(paid.id);
    // The repayment is withheld in the capture's instant, after it: the capture is read from its
    // ledger entry and keeps its place.
    expect(timeline.map((e) => e.type)).toEqual(['financing_paydown', 'captured']);
    const paydown = timeline[0];
    expect(paydown).toMatchObject({ amount: -Math.floor(net / 10), currency: 'usd' });
    expect(paydown!.loan_id).toMatch(/^flxln_/);
  });

  it('names the payout that swept a capture, a refund and a dispute', async () => {
    const paid = await pay(cardCheckout('4242424242424242', { amount: 6000 }));
    const refund = await api.app.inject({
      method: 'POST',
      url: `${BASE}/refund`,
      headers: { authorization: api.admin.basic },
      payload: { charge_id: paid.charge.id, amount: 1000 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const disputed = await pay(cardCheckout('4000000000000259', { amount: 6000 }));
    const inquiry = await pay(cardCheckout('4000000000001976', { amount: 6000 }));
    const before = (await getTimeline(disputed.id)).find((e) => e.type === 'dispute_needs_response')!;
    expect(before.deposit).toBeNull();
    expect(before.transaction_id).toMatch(/^txn_/);

    await advanceDays(use(), 9);
    const arrival = async (id: string) => {
      const payout = await use()
        .db.selectFrom('payouts')
        .select('arrival_date')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return Math.floor(payout.arrival_date.getTime() / 1000);
    };
    const depositOf = async (transactionId: string) => {
      const entry = await use()
        .db.selectFrom('balance_transactions as b')
        .leftJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
        .select('lp.payout_id')
        .where('b.id', '=', transactionId)
        .executeTakeFirstOrThrow();
      expect(entry.payout_id, transactionId).toMatch(/^po_/);
      return { id: entry.payout_id, arrival_date: await arrival(entry.payout_id!) };
    };
    const charge = await getCharge(paid.charge.id);
    expect(charge.balance_transaction!.deposit_id).toMatch(/^po_/);
    const timeline = (await getTimeline(paid.id)).filter((e) => e.transaction_id);
    expect(timeline.map((e) => e.type)).toEqual(['partial_refund', 'captured']);
    for (const event of timeline) expect(event.deposit).toEqual(await depositOf(event.transaction_id!));
    expect(timeline[1]!.deposit!.id).toBe(charge.balance_transaction!.deposit_id);
    const disputeEvent = (await getTimeline(disputed.id)).find((e) => e.type === 'dispute_needs_response')!;
    expect(disputeEvent.transaction_id).toBe(before.transaction_id);
    expect(disputeEvent.deposit).toEqual(await depositOf(before.transaction_id!));
    // An inquiry takes nothing from the balance, so no payout carries it.
    const inquiryEvent = (await getTimeline(inquiry.id)).find((e) => e.type === 'dispute_needs_response')!;
    expect(inquiryEvent).not.toHaveProperty('deposit');
    expect(inquiryEvent).not.toHaveProperty('transaction_id');
  });

  it('answers 404 with a code for every missing id', async () => {
    await expectError('/charges/ch_missing', 404, 'wcpay_charge_not_found');
    await expectError('/charges/py_missing', 404, 'wcpay_charge_not_found');
    await expectError('/charges/order/999999999', 404, 'wcpay_missing_order');
    await expectError('/payment_intents/pi_missing', 404, 'wcpay_payment_intent_not_found');
    await expectError('/timeline/pi_missing', 404, 'wcpay_payment_intent_not_found');
    await expectError('/timeline/ch_missing', 404, 'wcpay_charge_not_found');
  });

  it('answers 404 for an order without a payment', async () => {
    const order = await use()
      .db.insertInto('orders')
      .values({ number: `NOPAY-${process.pid}`, currency: 'usd', total: 100, created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const error = await expectError(`/charges/order/${order.id}`, 404, 'wcpay_charge_not_found');
    expect(error.message).toBe('The charge could not be found.');
  });

  it('answers 400 for malformed ids', async () => {
    const cases = [
      '/charges/pi_123',
      '/charges/ch_',
      '/charges/ch_a-b',
      '/charges/order/abc',
      '/charges/order/0',
      '/charges/order/-4',
      '/payment_intents/ch_123',
      '/payment_intents/123',
      '/timeline/txn_123',
      '/timeline/123',
    ];
    for (const path of cases) {
      const error = await expectError(path, 400, 'rest_invalid_param');
      expect(Object.keys(error.data.params ?? {}), path).toEqual(['id']);
    }
    await expectError('/charges/ch_abc?extra=1', 400, 'rest_invalid_param');
  });

  it('refuses a customer and an anonymous caller', async () => {
    const customer = await makeUser(use(), 'customer');
    for (const path of ['/charges/ch_x', '/charges/order/1', '/payment_intents/pi_x', '/timeline/pi_x']) {
      expect((await get(path, customer.basic)).statusCode).toBe(403);
      expect((await api.app.inject({ method: 'GET', url: `${BASE}${path}` })).statusCode).toBe(401);
    }
  });
});
