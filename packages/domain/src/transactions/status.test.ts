import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargeStatusInput,
  chargeStatusDisplay,
  chargeStatusLabel,
  DISPUTE_STATUSES,
  deriveChargeStatus,
  disputedPaymentLabel,
  disputeStatusLabel,
  fraudOutcomeStatusLabel,
  isInquiryStatus,
  PAYOUT_STATUSES,
  payoutStatusDisplay,
  riskLevelLabel,
  TRANSACTION_TYPES,
  transactionTypeLabel,
} from './status.ts';

const paid: ChargeStatusInput = {
  status: 'succeeded',
  paid: true,
  captured: true,
  refunded: false,
  amount_refunded: 0,
};

describe('deriveChargeStatus', () => {
  it.each([
    ['paid', paid],
    ['authorized', { ...paid, captured: false }],
    [
      'fraud_outcome_review',
      { ...paid, captured: false, payment_intent_status: 'requires_capture', fraud_type: 'review' },
    ],
    ['fraud_outcome_block', { ...paid, status: 'failed', paid: false, fraud_type: 'block' }],
    ['fraud_outcome_block', { ...paid, fraud_type: 'review_blocked' }],
    ['failed', { ...paid, status: 'failed', paid: false, outcome_type: 'issuer_declined' }],
    ['failed', { ...paid, status: 'failed', paid: false, outcome_type: 'invalid' }],
    ['blocked', { ...paid, status: 'failed', paid: false, outcome_type: 'blocked' }],
    ['disputed_needs_response', { ...paid, dispute_status: 'needs_response' }],
    ['disputed_warning_closed', { ...paid, dispute_status: 'warning_closed' }],
    ['refunded_partial', { ...paid, amount_refunded: 100 }],
    ['refunded_full', { ...paid, amount_refunded: 1000, refunded: true }],
    ['refund_failed', { ...paid, has_failed_refund: true }],
    ['pending', { ...paid, status: 'pending', paid: false, captured: false }],
    ['failed', { ...paid, status: 'failed', paid: false, outcome_type: 'issuer_declined' }],
  ] as [string, ChargeStatusInput][])('derives %s', (expected, charge) => {
    expect(deriveChargeStatus(charge)).toBe(expected);
  });

  it('keeps the raw status of a failure without a known outcome', () => {
    expect(
      deriveChargeStatus({ ...paid, status: 'failed', paid: false, outcome_type: 'manual_review' }),
    ).toBe('failed');
    expect(deriveChargeStatus({ ...paid, status: 'failed', paid: false })).toBe('failed');
  });

  it('needs requires_capture for a fraud review', () => {
    expect(deriveChargeStatus({ ...paid, fraud_type: 'review', payment_intent_status: 'succeeded' })).toBe(
      'paid',
    );
    expect(deriveChargeStatus({ ...paid, fraud_type: 'review_allowed' })).toBe('paid');
  });

  it('applies the rules in their order', () => {
    // Each case satisfies its own rule and every later one; the earliest must win.
    const everything: ChargeStatusInput = {
      status: 'succeeded',
      paid: true,
      captured: true,
      refunded: true,
      amount_refunded: 100,
      has_failed_refund: true,
      dispute_status: 'lost',
      payment_intent_status: 'requires_capture',
      fraud_type: 'review',
    };
    expect(deriveChargeStatus(everything)).toBe('fraud_outcome_review');
    expect(deriveChargeStatus({ ...everything, fraud_type: 'block' })).toBe('fraud_outcome_block');
    const failing = { ...everything, fraud_type: null, status: 'failed', outcome_type: 'issuer_declined' };
    expect(deriveChargeStatus(failing)).toBe('failed');
    expect(deriveChargeStatus({ ...failing, outcome_type: 'blocked' })).toBe('blocked');
    const disputed = { ...everything, fraud_type: null };
    expect(deriveChargeStatus(disputed)).toBe('disputed_lost');
    expect(deriveChargeStatus({ ...disputed, dispute_status: null, refunded: false })).toBe(
      'refunded_partial',
    );
    expect(deriveChargeStatus({ ...disputed, dispute_status: null })).toBe('refunded_full');
    const refundFailed = { ...disputed, dispute_status: null, refunded: false, amount_refunded: 0 };
    expect(deriveChargeStatus(refundFailed)).toBe('refund_failed');
  });

  it('always gives a status with a label (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom('succeeded', 'pending', 'failed'),
          paid: fc.boolean(),
          captured: fc.boolean(),
          refunded: fc.boolean(),
          amount_refunded: fc.nat(10_000),
          has_failed_refund: fc.boolean(),
          dispute_status: fc.option(fc.constantFrom(...DISPUTE_STATUSES), { nil: null }),
          outcome_type: fc.option(fc.constantFrom('authorized', 'issuer_declined', 'invalid', 'blocked'), {
            nil: null,
          }),
          payment_intent_status: fc.option(fc.constantFrom('requires_capture', 'succeeded'), { nil: null }),
          fraud_type: fc.option(
            fc.constantFrom('allow', 'review', 'review_allowed', 'review_blocked', 'block'),
            {
              nil: null,
            },
          ),
        }),
        (charge) => {
          const status = deriveChargeStatus(charge);
          expect(chargeStatusLabel(status)).not.toBe('');
          if (status !== 'pending' && status !== charge.status)
            expect(chargeStatusLabel(status)).not.toBe(status);
        },
      ),
    );
  });
});

describe('chargeStatusDisplay', () => {
  it.each([
    ['paid', 'Paid', 'success'],
    ['authorized', 'Payment authorized', 'primary'],
    ['refunded_partial', 'Partial refund', 'light'],
    ['refunded_full', 'Refunded', 'light'],
    ['refund_failed', 'Refund failure', 'alert'],
    ['failed', 'Payment failed', 'alert'],
    ['blocked', 'Payment blocked', 'alert'],
    ['fraud_outcome_review', 'Needs review', 'warning'],
    ['fraud_outcome_block', 'Payment blocked', 'alert'],
    ['disputed_needs_response', 'Disputed: Needs response', 'primary'],
    ['disputed_under_review', 'Disputed: Under review', 'light'],
    ['disputed_won', 'Disputed: Won', 'light'],
    ['disputed_lost', 'Disputed: Lost', 'light'],
    ['disputed_charge_refunded', 'Disputed: Charge refunded', 'light'],
    ['disputed_warning_needs_response', 'Inquiry: Needs response', 'primary'],
    ['disputed_warning_under_review', 'Inquiry: Under review', 'light'],
    ['disputed_warning_closed', 'Inquiry: Closed', 'light'],
    ['pending', 'pending', 'light'],
    ['disputed_something_new', 'Disputed: something_new', 'light'],
    ['toString', 'toString', 'light'],
    ['disputed_toString', 'Disputed: toString', 'light'],
  ])('%s is %s (%s)', (status, label, chip) => {
    expect(chargeStatusDisplay(status)).toEqual({ label, chip });
  });
});

describe('dispute status labels', () => {
  it('labels every dispute status', () => {
    for (const status of DISPUTE_STATUSES) expect(disputeStatusLabel(status)).not.toBe(status);
  });

  it('prefixes disputes but not inquiries', () => {
    expect(disputedPaymentLabel('won')).toBe('Disputed: Won');
    expect(disputedPaymentLabel('warning_under_review')).toBe('Inquiry: Under review');
  });

  it.each([
    ['warning_needs_response', true],
    ['warning_closed', true],
    ['needs_response', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isInquiryStatus(%j) is %s', (status, expected) => {
    expect(isInquiryStatus(status)).toBe(expected);
  });

  it('shows unknown statuses as they are', () => {
    expect(disputeStatusLabel('prevented')).toBe('prevented');
  });
});

describe('fraudOutcomeStatusLabel', () => {
  it.each([
    ['allow', 'Succeeded'],
    ['review', 'Needs review'],
    ['block', 'Payment blocked'],
    ['other', 'other'],
    ['constructor', 'constructor'],
  ])('%s is %s', (status, label) => {
    expect(fraudOutcomeStatusLabel(status)).toBe(label);
  });
});

describe('riskLevelLabel', () => {
  it.each([
    [0, 'Normal'],
    [1, 'Elevated'],
    [2, 'Highest'],
    [3, 'N/A'],
    [-1, 'N/A'],
    [1.5, 'N/A'],
    [null, 'N/A'],
    [undefined, 'N/A'],
  ])('%j is %s', (level, label) => {
    expect(riskLevelLabel(level)).toBe(label);
  });
});

describe('transactionTypeLabel', () => {
  it.each([
    ['charge', 'Charge'],
    ['payment', 'Payment'],
    ['refund', 'Refund'],
    ['dispute', 'Dispute'],
    ['dispute_reversal', 'Dispute reversal'],
    ['card_reader_fee', 'Reader fee'],
    ['financing_payout', 'Loan disbursement'],
    ['financing_paydown', 'Loan repayment'],
    ['adjustment', 'Adjustment'],
    ['mystery', 'mystery'],
    ['__proto__', '__proto__'],
  ])('%s is %s', (type, label) => {
    expect(transactionTypeLabel(type)).toBe(label);
  });

  it('labels every transaction type', () => {
    for (const type of TRANSACTION_TYPES) expect(transactionTypeLabel(type)).not.toBe(type);
  });
});

describe('payoutStatusDisplay', () => {
  it.each([
    ['pending', 'deposit', 'Pending', 'warning'],
    ['in_transit', 'deposit', 'In transit', 'primary'],
    ['paid', 'deposit', 'Completed (paid)', 'success'],
    ['paid', 'withdrawal', 'Completed (deducted)', 'success'],
    ['failed', 'deposit', 'Failed', 'alert'],
    ['canceled', 'withdrawal', 'Canceled', 'light'],
    ['estimated', 'deposit', 'estimated', 'light'],
  ])('%s %s is %s (%s)', (status, type, label, chip) => {
    expect(payoutStatusDisplay(status, type)).toEqual({ label, chip });
  });

  it('treats a payout without a type as a deposit', () => {
    expect(payoutStatusDisplay('paid').label).toBe('Completed (paid)');
    for (const status of PAYOUT_STATUSES) expect(payoutStatusDisplay(status).label).not.toBe(status);
  });
});
