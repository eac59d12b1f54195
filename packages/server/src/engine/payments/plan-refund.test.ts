import { convertMinor } from '@paydesk/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRefund, planRefundFailure } from './plan-refund.ts';
import { charge, codeOf, env, now } from './plan-testing.ts';

describe('planRefund', () => {
  it('plans a partial, then a full refund, updating the charge in place', () => {
    const c = charge();
    const first = planRefund(c, 4000, 'duplicate', env(), { id: 1, username: 'admin' });
    expect(first.refunds[0]).toMatchObject({
      amount: 4000,
      status: 'succeeded',
      reason: 'duplicate',
      user_id: 1,
    });
    expect(first.ledger[0]).toMatchObject({ type: 'refund', amount: -4000, fee: 0, currency: 'usd' });
    expect(first.timeline[0]!.type).toBe('partial_refund');
    expect(first.orderUpdates).toEqual([]);
    expect(first.jobs).toEqual([]);
    expect(c).toMatchObject({ amount_refunded: 4000, refunded: false });
    const rest = planRefund(c, undefined, 'other', env(), undefined);
    expect(rest.refunds[0]).toMatchObject({ amount: 6000, reason: null, user_id: null });
    expect(rest.timeline[0]!.type).toBe('full_refund');
    expect(rest.orderUpdates).toEqual([{ id: 7, set: { status: 'refunded' } }]);
    expect(codeOf(() => planRefund(c, 1, null, env(), undefined))).toBe('wcpay_charge_already_refunded');
  });

  it('refuses by the refund availability rules', () => {
    expect(codeOf(() => planRefund(charge({ captured: false }), undefined, null, env(), undefined))).toBe(
      'wcpay_refund_uncaptured',
    );
    expect(codeOf(() => planRefund(charge({ status: 'failed' }), undefined, null, env(), undefined))).toBe(
      'wcpay_refund_uncaptured',
    );
    expect(codeOf(() => planRefund(charge(), 10_001, null, env(), undefined))).toBe(
      'wcpay_refund_amount_exceeds',
    );
    expect(codeOf(() => planRefund(charge(), 1, null, env(), undefined, { orderId: 8 }))).toBe(
      'wcpay_intent_order_mismatch',
    );
    const disputed = (status: string) => () =>
      planRefund(charge({ dispute_id: 'dp_1' }), 1, null, env(), undefined, { disputeStatus: status });
    for (const status of ['needs_response', 'under_review', 'lost', 'charge_refunded']) {
      expect(codeOf(disputed(status))).toBe('wcpay_refund_disputed');
    }
    for (const status of ['won', 'warning_needs_response', 'warning_under_review', 'warning_closed']) {
      expect(codeOf(disputed(status))).toBeUndefined();
    }
    // The planner cannot look the dispute up: forgetting its status is a bug, not a refusal.
    expect(codeOf(() => planRefund(charge({ dispute_id: 'dp_1' }), 1, null, env(), undefined))).toMatch(
      /Assertion failed/,
    );
  });

  it('plans a pending refund and its failure job for a card whose refunds fail', () => {
    const c = charge({ refunds_fail: true });
    const effects = planRefund(c, undefined, null, env(), undefined);
    expect(effects.refunds[0]!.status).toBe('pending');
    expect(effects.jobs[0]).toMatchObject({ kind: 'refund.fail', run_at: new Date(now.getTime() + 60_000) });
    const refund = {
      id: String(effects.refunds[0]!.id),
      amount: 10_000,
      currency: 'usd',
      status: 'pending' as const,
    };
    const failure = planRefundFailure(c, refund, env());
    expect(failure.refundUpdates).toEqual([
      { id: refund.id, set: { status: 'failed', failure_reason: 'expired_or_canceled_card' } },
    ]);
    expect(failure.ledger[0]).toMatchObject({ type: 'refund_failure', amount: 10_000 });
    expect(failure.orderUpdates).toEqual([{ id: 7, set: { status: 'processing' } }]);
    expect(c).toMatchObject({ amount_refunded: 0, refunded: false });
    expect(planRefundFailure(c, refund, env()).ledger).toEqual([]);
  });

  it('converts partial refunds so that they sum to the converted capture (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 5_000_000 }),
        fc.stringMatching(/^(0|[1-9]\d{0,3})\.\d{1,6}$/).filter((rate) => Number(rate) > 0),
        fc.constantFrom('eur', 'jpy', 'gbp'),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (captured, rate, currency, parts, failures) => {
          const c = charge({
            amount: captured,
            amount_captured: captured,
            currency,
            exchange_rate: rate,
            refunds_fail: true,
          });
          const e = env();
          const refunds: { id: string; amount: number; currency: string; status: 'pending' }[] = [];
          let ledgerSum = 0;
          for (const part of parts) {
            const remaining = c.amount_captured - c.amount_refunded;
            if (remaining === 0) break;
            const effects = planRefund(c, Math.min(part, remaining), null, e, undefined);
            ledgerSum += effects.ledger[0]!.amount;
            refunds.push({
              id: String(effects.refunds[0]!.id),
              amount: Number(effects.refunds[0]!.amount),
              currency,
              status: 'pending',
            });
          }
          for (const index of failures) {
            const refund = refunds[index % refunds.length]!;
            for (const entry of planRefundFailure(c, refund, e).ledger) ledgerSum += entry.amount;
          }
          expect(c.amount_refunded).toBeLessThanOrEqual(c.amount_captured);
          expect(0 - ledgerSum).toBe(convertMinor(c.amount_refunded, currency, 'usd', rate));
        },
      ),
      { numRuns: 300 },
    );
  });
});
