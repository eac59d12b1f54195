import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RefundAvailabilityInput, refundAvailability, refundReasonForRequest } from './refunds.ts';

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

  it('needs an order for Partial refund', () => {
    expect(refundAvailability({ ...captured, order_url: null })).toMatchObject({
      refund_in_full: true,
      partial_refund: false,
    });
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
            expect([result.refund_in_full, result.partial_refund, result.issue_refund]).toEqual([
              false,
              false,
              false,
            ]);
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
