import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRefundAmount,
  type RefundAvailabilityInput,
  refundAmountPrefill,
  refundAvailability,
  refundableRemaining_minor,
  refundReasonForRequest,
} from './refunds.ts';

const captured: RefundAvailabilityInput = {
  captured: true,
  refunded: false,
  amount_refunded: 0,
  dispute_status: null,
  order_url: 'https://shop.test/wp-admin/post.php?post=12&action=edit',
};

describe('refundAvailability', () => {
  it('offers every refund of an undisputed captured payment', () => {
    expect(refundAvailability(captured)).toEqual({
      refundable: true,
      refund_in_full: true,
      partial_refund: true,
      partial_refund_form: false,
      issue_refund: false,
      issue_refund_error: null,
    });
  });

  it.each([
    ['an uncaptured payment', { captured: false }],
    ['a fully refunded payment', { refunded: true, amount_refunded: 1000 }],
    ['a payment with an open dispute', { dispute_status: 'needs_response' }],
    ['a payment under dispute review', { dispute_status: 'under_review' }],
    ['a payment with a lost dispute', { dispute_status: 'lost' }],
    ['a payment refunded by a dispute', { dispute_status: 'charge_refunded' }],
  ])('offers nothing for %s', (_name, overrides) => {
    expect(refundAvailability({ ...captured, ...overrides })).toEqual({
      refundable: false,
      refund_in_full: false,
      partial_refund: false,
      partial_refund_form: false,
      issue_refund: false,
      issue_refund_error: null,
    });
  });

  it('allows refunds after a won dispute', () => {
    expect(refundAvailability({ ...captured, dispute_status: 'won' })).toMatchObject({
      refundable: true,
      issue_refund: false,
    });
  });

  it('hides Refund in full once any amount was refunded', () => {
    expect(refundAvailability({ ...captured, amount_refunded: 1 })).toMatchObject({
      refundable: true,
      refund_in_full: false,
      partial_refund: true,
    });
  });

  it('needs an order for Partial refund on the order page, else refunds part in the form', () => {
    expect(refundAvailability({ ...captured, order_url: null })).toMatchObject({
      refund_in_full: true,
      partial_refund: false,
      partial_refund_form: true,
    });
    expect(refundAvailability({ ...captured, order_url: '', amount_refunded: 7738 })).toMatchObject({
      refund_in_full: false,
      partial_refund: false,
      partial_refund_form: true,
    });
  });

  it('keeps the form away from an inquiry, whose refund is made on the order', () => {
    expect(
      refundAvailability({ ...captured, dispute_status: 'warning_needs_response', order_url: null }),
    ).toMatchObject({ issue_refund: true, partial_refund_form: false });
  });

  it.each(['warning_needs_response', 'warning_under_review', 'warning_closed'])(
    'offers Issue refund for an inquiry (%s)',
    (dispute_status) => {
      expect(refundAvailability({ ...captured, dispute_status })).toMatchObject({
        refundable: true,
        issue_refund: true,
        issue_refund_error: null,
      });
    },
  );

  it('says the order was not found when an inquiry has no order', () => {
    expect(
      refundAvailability({ ...captured, dispute_status: 'warning_needs_response', order_url: '' }),
    ).toMatchObject({ issue_refund: true, issue_refund_error: 'Unable to view order. Order not found.' });
  });

  it('never offers an action on a payment that is not refundable (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          captured: fc.boolean(),
          refunded: fc.boolean(),
          amount_refunded: fc.nat(1000),
          dispute_status: fc.option(
            fc.constantFrom(
              'needs_response',
              'under_review',
              'won',
              'lost',
              'warning_needs_response',
              'warning_closed',
            ),
            { nil: null },
          ),
          order_url: fc.option(fc.constant('https://shop.test/order'), { nil: null }),
        }),
        (charge) => {
          const result = refundAvailability(charge);
          if (!result.refundable) {
            expect([
              result.refund_in_full,
              result.partial_refund,
              result.partial_refund_form,
              result.issue_refund,
            ]).toEqual([false, false, false, false]);
          }
          if (!charge.captured || charge.refunded) expect(result.refundable).toBe(false);
        },
      ),
    );
  });
});

describe('refundReasonForRequest', () => {
  it.each([
    ['duplicate', 'duplicate'],
    ['fraudulent', 'fraudulent'],
    ['requested_by_customer', 'requested_by_customer'],
    ['other', null],
    [null, null],
    [undefined, null],
  ] as const)('%j is sent as %j', (reason, expected) => {
    expect(refundReasonForRequest(reason)).toBe(expected);
  });
});

describe('refund amounts', () => {
  it('prefills what remains, exactly', () => {
    expect(refundableRemaining_minor({ amount_captured: 11490, amount_refunded: 7738 })).toBe(3752);
    expect(refundAmountPrefill(3752, 'usd')).toBe('37.52');
    expect(refundAmountPrefill(500, 'jpy')).toBe('500');
    expect(refundableRemaining_minor({ amount_captured: 100, amount_refunded: 100 })).toBe(0);
  });

  it.each([
    ['37.52', 'usd', 3752, { ok: true, amount_minor: 3752 }],
    [' 0.1 ', 'usd', 3752, { ok: true, amount_minor: 10 }],
    ['37.53', 'usd', 3752, { ok: false, message: 'aboveRemaining' }],
    ['0', 'usd', 3752, { ok: false, message: 'notPositive' }],
    ['-1', 'usd', 3752, { ok: false, message: 'notPositive' }],
    ['1.005', 'usd', 3752, { ok: false, message: 'tooManyDecimals' }],
    ['12.5', 'jpy', 3752, { ok: false, message: 'tooManyDecimals' }],
    ['500', 'jpy', 500, { ok: true, amount_minor: 500 }],
    ['abc', 'usd', 3752, { ok: false, message: 'invalid' }],
    ['', 'usd', 3752, { ok: false, message: 'invalid' }],
  ] as const)('reads %j %s with %d left as %j', (text, currency, remaining, expected) => {
    expect(checkRefundAmount(text, currency, remaining)).toEqual(expected);
  });

  it('never lets more than what remains through (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (typed_minor, remaining_minor) => {
        const result = checkRefundAmount(refundAmountPrefill(typed_minor, 'usd'), 'usd', remaining_minor);
        if (result.ok) {
          expect(result.amount_minor).toBe(typed_minor);
          expect(result.amount_minor).toBeLessThanOrEqual(remaining_minor);
        } else {
          expect(typed_minor === 0 || typed_minor > remaining_minor).toBe(true);
        }
      }),
    );
  });
});
