import { paymentDetail } from '@paydesk/domain/contracts';
import { describe, expect, it } from 'vitest';
import {
  type CaptureEntry,
  capturedEventData,
  fraudMetaBoxType,
  paymentMethodDetailsView,
  type TimelineRow,
  timelineEventView,
  withEntryCaptures,
} from './views.ts';

describe('paymentMethodDetailsView', () => {
  it('fills every field of the block, reporting what is missing as null', () => {
    expect(paymentMethodDetailsView({ type: 'card', card: {} }, 'card')).toEqual({
      type: 'card',
      card: {
        brand: null,
        last4: null,
        fingerprint: null,
        exp_month: null,
        exp_year: null,
        funding: null,
        network: null,
        country: null,
        checks: { cvc_check: null, address_line1_check: null, address_postal_code_check: null },
      },
    });
  });

  it('drops values of the wrong kind and fields the block does not have', () => {
    const view = paymentMethodDetailsView(
      {
        type: 'card_present',
        card_present: {
          last4: '4242',
          exp_month: '12',
          funding: 'gold',
          platform: 'windows',
          reader_model: 'COTS_DEVICE',
          checks: { cvc_check: 'pass' },
          secret: 'x',
        },
      },
      'card_present',
    );
    expect(view).toEqual({
      type: 'card_present',
      card_present: {
        brand: null,
        last4: '4242',
        fingerprint: null,
        exp_month: null,
        exp_year: null,
        funding: null,
        network: null,
        country: null,
        reader_model: 'COTS_DEVICE',
        platform: null,
      },
    });
    expect(paymentDetail.ZPaymentMethodDetails.safeParse(view).success).toBe(true);
  });

  it('takes the type from the charge when the stored details lack it, and keeps empty blocks empty', () => {
    expect(paymentMethodDetailsView({}, 'alipay')).toEqual({ type: 'alipay', alipay: {} });
    expect(
      paymentMethodDetailsView({ type: 'klarna', klarna: { payment_method_category: 'soon' } }, 'card'),
    ).toEqual({
      type: 'klarna',
      klarna: { payment_method_category: null, preferred_locale: null },
    });
  });

  it('refuses a type the contract does not know, as a broken invariant', () => {
    expect(() => paymentMethodDetailsView({ type: 'cash' }, 'cash')).toThrow(/unknown type cash/);
  });
});

describe('fraudMetaBoxType', () => {
  const held = { status: 'review' as const, manual_action: null };
  it('names what the rules and the merchant did', () => {
    expect(fraudMetaBoxType(undefined, undefined)).toBe('allow');
    expect(fraudMetaBoxType({ status: 'block', manual_action: null }, undefined)).toBe('block');
    expect(fraudMetaBoxType(held, { status: 'requires_capture', cancellation_reason: null })).toBe('review');
    expect(fraudMetaBoxType({ ...held, manual_action: 'approved' }, undefined)).toBe('review_allowed');
    expect(fraudMetaBoxType({ ...held, manual_action: 'blocked' }, undefined)).toBe('review_blocked');
    expect(fraudMetaBoxType(held, { status: 'canceled', cancellation_reason: 'automatic' })).toBe(
      'review_expired',
    );
  });
});

describe('timelineEventView', () => {
  const datetime = new Date('2026-01-02T03:04:05.678Z');
  it('copies the fields of the contract and leaves malformed ones out', () => {
    const event = timelineEventView(
      {
        type: 'captured',
        datetime,
        data: {
          amount: 100,
          fee: '3',
          currency: 'usd',
          fee_rates: { percentage: 'x' },
          transaction_details: { customer_currency: 'usd' },
          user: { id: 'a', username: 'x' },
          ruleset_results: { a: 'review', b: 3 },
          transaction_id: 'txn_1',
          internal: true,
        },
      },
      new Map([['txn_1', { id: 'po_1', arrival_date: 5 }]]),
    );
    expect(event).toEqual({
      type: 'captured',
      datetime: Date.UTC(2026, 0, 2, 3, 4, 5) / 1000,
      amount: 100,
      currency: 'usd',
      ruleset_results: { a: 'review' },
      transaction_id: 'txn_1',
      deposit: { id: 'po_1', arrival_date: 5 },
    });
  });

  it("gives a capture its charge's fee rates, or the copy an event kept of its own", () => {
    const rates = (fixed: number) => ({
      percentage: 0.029,
      fixed,
      fixed_currency: 'usd',
      history: [{ type: 'base', percentage_rate: 0.029, fixed_rate: fixed, currency: 'usd' }],
    });
    const charges = timelineEventView(
      { type: 'captured', datetime, data: { amount: 100 }, charge_fee_rates: rates(30) },
      new Map(),
    );
    expect(charges.fee_rates).toEqual(rates(30));
    const kept = timelineEventView(
      {
        type: 'captured',
        datetime,
        data: { amount: 100, fee_rates: rates(25) },
        charge_fee_rates: rates(30),
      },
      new Map(),
    );
    expect(kept.fee_rates).toEqual(rates(25));
    expect(timelineEventView({ type: 'captured', datetime, data: {} }, new Map())).not.toHaveProperty(
      'fee_rates',
    );
  });

  it('gives an event with a ledger entry no payout yet as null, and one without none', () => {
    expect(
      timelineEventView({ type: 'captured', datetime, data: { transaction_id: 'txn_2' } }, new Map()).deposit,
    ).toBeNull();
    expect(timelineEventView({ type: 'authorized', datetime, data: {} }, new Map())).not.toHaveProperty(
      'deposit',
    );
  });

  it('keeps a null reason, which a refund without one has', () => {
    expect(
      timelineEventView({ type: 'partial_refund', datetime, data: { reason: null } }, new Map()).reason,
    ).toBeNull();
  });

  it('refuses an event type the contract does not know', () => {
    expect(() => timelineEventView({ type: 'teleported', datetime, data: {} }, new Map())).toThrow(
      /unknown type/,
    );
  });
});

describe('capturedEventData', () => {
  const entry = {
    amount: 6522,
    fee: 249,
    currency: 'usd',
    customer_amount: 6000,
    customer_currency: 'eur',
    exchange_rate: '1.0869565217',
  };

  it("reads a capture's amounts from its ledger entry and the amount its charge authorized", () => {
    expect(capturedEventData({ transaction_id: 'txn_1' }, entry, 10000)).toEqual({
      transaction_id: 'txn_1',
      amount: 6000,
      amount_captured: 6000,
      currency: 'eur',
      fee: 249,
      transaction_details: {
        customer_currency: 'eur',
        customer_amount: 10000,
        customer_amount_captured: 6000,
        store_currency: 'usd',
        store_amount: 10870,
        store_amount_captured: 6522,
        store_fee: 249,
      },
    });
    const same = { ...entry, amount: 2500, currency: 'usd', customer_amount: 2500, customer_currency: 'usd' };
    expect(
      capturedEventData({ transaction_id: 'txn_2' }, { ...same, exchange_rate: null }, 2500)
        .transaction_details,
    ).toMatchObject({ customer_amount: 2500, store_amount: 2500, store_currency: 'usd' });
  });

  it('reads an event stored with its amounts as it is, and one whose entry is missing as stored', () => {
    const stored = { transaction_id: 'txn_1', amount: 1, currency: 'usd' };
    expect(capturedEventData(stored, entry, 10000)).toBe(stored);
    expect(capturedEventData({ transaction_id: 'txn_1' }, undefined, 10000)).toEqual({
      transaction_id: 'txn_1',
    });
  });
});

describe('withEntryCaptures', () => {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 2, 3, 4, second));
  const row = (order: number, type: string, second: number, charge_id = 'ch_1'): TimelineRow => ({
    order,
    type,
    datetime: at(second),
    data: {},
    charge_id,
  });
  const capture = (second: number, charge_id = 'ch_1'): CaptureEntry => ({
    transaction_id: `txn_${charge_id}`,
    charge_id,
    created_at: at(second),
  });
  const shown = (rows: TimelineRow[]) => rows.map((r) => `${r.type}@${r.datetime.getUTCSeconds()}`);

  it('puts a capture after what started or held the payment in its instant, before what followed', () => {
    // Newest first, as the stored events are read.
    const stored = [
      row(9, 'full_refund', 7),
      row(6, 'dispute_needs_response', 5),
      row(5, 'financing_paydown', 5),
      row(4, 'fraud_outcome_manual_approve', 5),
      row(2, 'fraud_outcome_review', 1),
      row(1, 'authorized', 1),
    ];
    expect(shown(withEntryCaptures(stored, [capture(5)], 100))).toEqual([
      'full_refund@7',
      'dispute_needs_response@5',
      'financing_paydown@5',
      'captured@5',
      'fraud_outcome_manual_approve@5',
      'fraud_outcome_review@1',
      'authorized@1',
    ]);
    expect(
      shown(withEntryCaptures([row(3, 'financing_paydown', 1), row(2, 'started', 1)], [capture(1)], 100)),
    ).toEqual(['financing_paydown@1', 'captured@1', 'started@1']);
    // With nothing before it in its instant, the capture is that instant's oldest event.
    expect(shown(withEntryCaptures([row(1, 'partial_refund', 1)], [capture(1)], 100))).toEqual([
      'partial_refund@1',
      'captured@1',
    ]);
  });

  it('reads the event from the entry', () => {
    const [event] = withEntryCaptures([], [capture(3)], 100);
    expect(event).toEqual({
      order: 0.5,
      type: 'captured',
      datetime: at(3),
      data: { transaction_id: 'txn_ch_1' },
      charge_id: 'ch_1',
    });
  });

  it('adds no capture for a charge whose capture is stored, and keeps the limit', () => {
    const stored = [row(2, 'captured', 4), row(1, 'authorized', 1)];
    expect(withEntryCaptures(stored, [capture(4)], 100)).toEqual(stored);
    const other = withEntryCaptures(stored, [capture(4), capture(6, 'ch_2')], 2);
    expect(shown(other)).toEqual(['captured@6', 'captured@4']);
    expect(other[0]!.charge_id).toBe('ch_2');
  });
});
