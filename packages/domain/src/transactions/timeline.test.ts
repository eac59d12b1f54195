import { describe, expect, it } from 'vitest';
import { TIMELINE_EVENT_TYPES } from './format.ts';
import {
  buildTimeline,
  fillSegments,
  segmentsText,
  type TimelineEventInput,
  type TimelineItem,
  timelineEventItems,
} from './timeline.ts';

const OPTIONS = { storeCurrency: 'USD', dateFormat: 'F j, Y', timezone: 'UTC' };
// 2026-01-01T00:00:00Z
const T = 1_767_225_600;

const texts = (items: TimelineItem[]) => items.map((item) => segmentsText(item.headline));

describe('fillSegments', () => {
  it('keeps links apart and merges text around them', () => {
    const link = { text: 'admin', href: '/x' };
    expect(fillSegments('Payment was approved by %s.', [link])).toEqual([
      'Payment was approved by ',
      link,
      '.',
    ]);
    expect(fillSegments('%2$s then %1$s', ['a', 'b'])).toEqual(['b then a']);
    expect(fillSegments('no placeholders', [])).toEqual(['no placeholders']);
  });
});

describe('timeline items', () => {
  it('gives every timeline event type a headline of its own', () => {
    const seen = new Set<string>();
    for (const type of TIMELINE_EVENT_TYPES) {
      const items = timelineEventItems(
        { type, datetime: T, amount: 1000, currency: 'usd', user: { id: 1, username: 'admin' } },
        OPTIONS,
      );
      const event = items.find((item) => item.kind === 'event');
      expect(event, type).toBeDefined();
      const text = segmentsText(event!.headline);
      expect(text, type).not.toBe(type);
      seen.add(text);
    }
    // Only partial and full refunds share a headline (their status lines differ).
    expect(seen.size).toBe(TIMELINE_EVENT_TYPES.length - 1);
  });

  it('shows a capture with its status, single base fee, net and future payout', () => {
    const event: TimelineEventInput = {
      type: 'captured',
      datetime: T,
      amount: 10000,
      amount_captured: 10000,
      currency: 'usd',
      fee: 320,
      fee_rates: {
        percentage: 0.029,
        fixed: 30,
        fixed_currency: 'usd',
        history: [{ type: 'base', percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' }],
      },
      deposit: null,
    };
    const items = timelineEventItems(event, OPTIONS);
    expect(texts(items)).toEqual([
      'Payment status changed to Paid.',
      'A payment of $100.00 was successfully charged.',
      '$96.80 will be added to a future payout.',
    ]);
    expect(items[1]!.body).toEqual(['Base fee (2.9% + $0.30): -$3.20', 'Net payout: $96.80']);
  });

  it('breaks a fee down, shows the conversion and links the payout that took it', () => {
    const event: TimelineEventInput = {
      type: 'captured',
      datetime: T,
      amount: 10000,
      amount_captured: 10000,
      currency: 'eur',
      fee: 520,
      fee_rates: {
        percentage: 0.049,
        fixed: 30,
        fixed_currency: 'usd',
        history: [
          { type: 'base', percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' },
          {
            type: 'additional',
            additional_type: 'international',
            percentage_rate: 0.01,
            fixed_rate: 0,
            currency: 'usd',
          },
          {
            type: 'additional',
            additional_type: 'fx',
            percentage_rate: 0.01,
            fixed_rate: 0,
            currency: 'usd',
          },
        ],
      },
      transaction_details: {
        customer_currency: 'eur',
        store_currency: 'usd',
        customer_amount: 10000,
        customer_amount_captured: 10000,
        store_amount: 10870,
        store_amount_captured: 10870,
        store_fee: 563,
      },
      deposit: { id: 'po_123', arrival_date: T + 86400 * 7 },
    };
    const items = timelineEventItems(event, OPTIONS);
    expect(segmentsText(items[1]!.headline)).toBe('A payment of €100.00 EUR was successfully charged.');
    expect(items[1]!.body).toEqual([
      '€1.00 EUR → 1.08700 USD: $108.70 USD',
      'Fee: -$5.63',
      'Base fee: 2.9% + $0.30',
      'International card fee: 1%',
      'Currency conversion fee: 1%',
      'Net payout: $103.07',
    ]);
    expect(items[2]!.headline).toEqual([
      '$103.07 was added to your ',
      { text: 'January 8, 2026', path: '/payments/payouts/details', query: { id: 'po_123' } },
      ' payout.',
    ]);
  });

  it('names a capped base fee', () => {
    const items = timelineEventItems(
      {
        type: 'captured',
        datetime: T,
        amount: 1_000_000,
        currency: 'usd',
        fee: 600,
        fee_rates: {
          percentage: 0.029,
          fixed: 600,
          fixed_currency: 'usd',
          history: [{ type: 'base', percentage_rate: 0.029, fixed_rate: 600, currency: 'usd', capped: true }],
        },
      },
      OPTIONS,
    );
    expect(items[1]!.body[0]).toBe('Base fee (capped at $6.00): -$6.00');
  });

  it('explains declines with their failure reasons and a default', () => {
    const failed = (reason: string | null) =>
      texts(
        timelineEventItems({ type: 'failed', datetime: T, amount: 500, currency: 'usd', reason }, OPTIONS),
      );
    expect(failed('insufficient_funds')).toEqual([
      'Payment status changed to Failed.',
      'A payment of $5.00 failed: The card has insufficient funds to complete the purchase.',
    ]);
    expect(failed('generic_decline')[1]).toBe('A payment of $5.00 failed: The payment was declined.');
    expect(failed(null)[1]).toBe('A payment of $5.00 failed: The payment was declined.');
    // A decline code without a reason of its own reads as the charge's failure code.
    const generic = timelineEventItems(
      { type: 'failed', datetime: T, amount: 500, currency: 'usd', reason: 'generic_decline' },
      { ...OPTIONS, failureCode: 'card_declined' },
    );
    expect(segmentsText(generic[1]!.headline)).toBe(
      'A payment of $5.00 failed: The card was declined by the bank.',
    );
    const named = timelineEventItems(
      { type: 'failed', datetime: T, amount: 500, currency: 'usd', reason: 'insufficient_funds' },
      { ...OPTIONS, failureCode: 'card_declined' },
    );
    expect(segmentsText(named[1]!.headline)).toBe(
      'A payment of $5.00 failed: The card has insufficient funds to complete the purchase.',
    );
  });

  it('shows refunds leaving the balance and failed refunds coming back, with the reason', () => {
    const refund = timelineEventItems(
      { type: 'partial_refund', datetime: T, amount: 500, currency: 'usd', reason: 'requested_by_customer' },
      OPTIONS,
    );
    expect(texts(refund)).toEqual([
      'Payment status changed to Partial refund.',
      'A payment of $5.00 was successfully refunded.',
      '$5.00 will be deducted from a future payout.',
    ]);
    expect(refund[1]!.body).toEqual(['Reason: Requested by customer']);
    expect(
      texts(
        timelineEventItems({ type: 'full_refund', datetime: T, amount: 500, currency: 'usd' }, OPTIONS),
      )[0],
    ).toBe('Payment status changed to Refunded.');
    const failed = timelineEventItems(
      {
        type: 'refund_failed',
        datetime: T,
        amount: 500,
        currency: 'usd',
        failure_reason: 'expired_or_canceled_card',
      },
      OPTIONS,
    );
    expect(texts(failed)).toEqual([
      'Payment status changed to Refund failure.',
      'A refund of $5.00 failed due to the card being expired or canceled.',
      '$5.00 will be added to a future payout.',
    ]);
    const lost = timelineEventItems(
      { type: 'refund_failed', datetime: T, amount: 500, currency: 'usd', failure_reason: 'something_new' },
      OPTIONS,
    );
    expect(segmentsText(lost[1]!.headline)).toBe(
      'A refund of $5.00 failed due to the card being lost or stolen.',
    );
  });

  it('tells disputes from inquiries', () => {
    const event: TimelineEventInput = {
      type: 'dispute_needs_response',
      datetime: T,
      amount: 2000,
      fee: 1500,
      currency: 'usd',
      reason: 'fraudulent',
    };
    const dispute = timelineEventItems(event, OPTIONS);
    expect(texts(dispute)).toEqual([
      'Payment status changed to Disputed: Needs response.',
      'Payment disputed as Transaction unauthorized.',
      '$35.00 will be deducted from a future payout.',
    ]);
    expect(dispute[2]!.body).toEqual(['Disputed amount: -$20.00', 'Fee: -$15.00']);
    const inquiry = timelineEventItems({ ...event, fee: 0 }, { ...OPTIONS, isInquiry: true });
    expect(texts(inquiry)).toEqual([
      'Payment status changed to Inquiry: Needs response.',
      'Payment inquiry opened as Transaction unauthorized.',
    ]);
    expect(
      texts(timelineEventItems({ type: 'dispute_won', datetime: T, amount: 2000, currency: 'usd' }, OPTIONS)),
    ).toEqual([
      'Payment status changed to Disputed: Won.',
      'Dispute won! The bank ruled in your favor.',
      '$20.00 will be added to a future payout.',
    ]);
  });

  it('names the user of a manual fraud decision, without a link, and lists the rules that matched', () => {
    const approve = timelineEventItems(
      { type: 'fraud_outcome_manual_approve', datetime: T, user: { id: 7, username: 'manager' } },
      OPTIONS,
    );
    expect(approve[0]!.headline).toEqual(['Payment was approved by manager.']);
    const review = timelineEventItems(
      {
        type: 'fraud_outcome_review',
        datetime: T,
        ruleset_results: { avs_verification: 'review', purchase_price_threshold: 'block', other: 'review' },
      },
      OPTIONS,
    );
    expect(texts(review)).toEqual([
      'Payment status changed to Needs review.',
      'Payment was screened by your fraud filters and placed in review.',
    ]);
    expect(review[1]!.body).toEqual([
      'Placed in review by the rule: AVS mismatch',
      'Placed in review by the rule: other',
    ]);
    const block = timelineEventItems(
      { type: 'fraud_outcome_block', datetime: T, ruleset_results: { purchase_price_threshold: 'block' } },
      OPTIONS,
    );
    expect(block[1]!.body).toEqual(['Blocked by the rule: Price out of range']);
  });

  it('translates templates before filling them and keeps keys unique', () => {
    const items = buildTimeline(
      [
        { type: 'captured', datetime: T, amount: 100, currency: 'usd', fee: 33 },
        { type: 'authorized', datetime: T - 60, amount: 100, currency: 'usd' },
      ],
      { ...OPTIONS, t: (text) => `«${text}»` },
    );
    expect(segmentsText(items[0]!.headline)).toBe('«Payment status changed to «Paid».»');
    expect(segmentsText(items[3]!.headline)).toBe('«Payment status changed to «Authorized».»');
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it('links loan repayments to the loans page', () => {
    const items = timelineEventItems(
      { type: 'financing_paydown', datetime: T, amount: -250, currency: 'usd', loan_id: 'flxln_1' },
      OPTIONS,
    );
    expect(items[0]!.headline).toEqual([
      '$2.50 was used to repay a portion of your loan. ',
      { text: 'View loans', path: '/payments/loans' },
    ]);
    expect(segmentsText(items[1]!.headline)).toBe('$2.50 will be deducted from a future payout.');
  });
});
