import { expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout } from '../testing/engine.ts';
import { createLoan } from './capital/services.ts';
import { DAY_MS } from './clock.ts';
import { engineContext } from './context.ts';
import { checkLedger } from './ledger-check.ts';
import { advanceClockRunningJobs } from './sandbox-clock.ts';
import type { TimelineType } from './timeline.ts';

const BASE = '/wp-json/wc/v3/payments';

/** Every timeline event type, in the order the contract lists them. */
const SPEC_EVENT_TYPES = [
  'started',
  'authorized',
  'authorization_voided',
  'authorization_expired',
  'captured',
  'partial_refund',
  'full_refund',
  'refund_failed',
  'failed',
  'dispute_needs_response',
  'dispute_in_review',
  'dispute_won',
  'dispute_lost',
  'dispute_warning_closed',
  'dispute_charge_refunded',
  'financing_paydown',
  'fraud_outcome_manual_approve',
  'fraud_outcome_manual_block',
  'fraud_outcome_review',
  'fraud_outcome_block',
] as const satisfies readonly TimelineType[];

describeEachDatabase('timeline events', (use) => {
  const api = testApi(use, { account: true });

  const post = (url: string, payload?: Record<string, unknown>) =>
    api.app.inject({
      method: 'POST',
      url: `${BASE}${url}`,
      headers: { authorization: api.admin.basic },
      ...(payload ? { payload } : {}),
    });
  const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      id: string;
      charge: { id: string };
      order: { id: number };
      status: string;
    };
  };
  const pay = (number: string, overrides: Parameters<typeof cardCheckout>[1] = {}) =>
    ok(api.checkout(cardCheckout(number, overrides)));
  const disputeOf = async (chargeId: string) =>
    (
      await use()
        .db.selectFrom('charges')
        .select('dispute_id')
        .where('id', '=', chargeId)
        .executeTakeFirstOrThrow()
    ).dispute_id!;
  /** The payment's events as its timeline shows them, oldest first. */
  const typesOf = async (intentId: string) => {
    const res = await api.get(`${BASE}/timeline/${intentId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { type: string }[]).map((event) => event.type).reverse();
  };

  it('settles an open inquiry when its payment is refunded in full: dispute_charge_refunded', async () => {
    const partly = await pay('4000000000001976', { amount: 4000 });
    const dispute = await disputeOf(partly.charge.id);
    await ok(post('/refund', { charge_id: partly.charge.id, amount: 1000 }));
    const open = await ok(api.get(`${BASE}/disputes/${dispute}`));
    expect(open.status).toBe('warning_needs_response');
    await ok(post('/refund', { charge_id: partly.charge.id }));
    const settled = await api.get(`${BASE}/disputes/${dispute}`);
    expect(settled.json()).toMatchObject({ status: 'charge_refunded' });
    expect(await typesOf(partly.id)).toEqual([
      'captured',
      'dispute_needs_response',
      'partial_refund',
      'full_refund',
      'dispute_charge_refunded',
    ]);
    const event = await use()
      .db.selectFrom('timeline_events')
      .select('data')
      .where('payment_intent_id', '=', partly.id)
      .where('type', '=', 'dispute_charge_refunded')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ amount: 4000, currency: 'usd', dispute_id: dispute });
    // Settled: no more evidence, and its deadline passes without changing it.
    expect((await post(`/disputes/${dispute}/close`)).statusCode).toBe(409);
    await advanceClockRunningJobs(use().db, 8 * DAY_MS);
    expect(await typesOf(partly.id)).toHaveLength(5);

    // Under review it is settled the same way; a dispute that is not an inquiry cannot be refunded.
    const reviewed = await pay('4000000000001976', { amount: 3000 });
    const reviewedDispute = await disputeOf(reviewed.charge.id);
    await ok(post(`/disputes/${reviewedDispute}`, { evidence: { uncategorized_text: 'x' }, submit: true }));
    await ok(post('/refund', { charge_id: reviewed.charge.id }));
    expect((await typesOf(reviewed.id)).at(-1)).toBe('dispute_charge_refunded');
    const disputed = await pay('4000000000000259');
    expect((await post('/refund', { charge_id: disputed.charge.id })).json().code).toBe(
      'wcpay_refund_disputed',
    );
  });

  it('emits every timeline event type from the engine’s own flows', async () => {
    const before = await use()
      .db.selectFrom('timeline_events')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
      .executeTakeFirstOrThrow();
    // Fraud rules: big orders held for review, Brazilian IP addresses blocked.
    await ok(
      post('/settings', {
        current_protection_level: 'advanced',
        advanced_fraud_protection_settings: [
          {
            key: 'purchase_price_threshold',
            outcome: 'review',
            check: { key: 'order_total', operator: 'greater_than', value: '50000|usd' },
          },
          {
            key: 'international_ip_address',
            outcome: 'block',
            check: { key: 'ip_country', operator: 'in', value: 'br' },
          },
        ],
      }),
    );
    const approved = await pay('4242424242424242', { amount: 60_000 });
    await ok(post(`/orders/${approved.order.id}/capture_authorization`, { payment_intent_id: approved.id }));
    const blocked = await pay('4242424242424242', { amount: 70_000 });
    await ok(post(`/orders/${blocked.order.id}/cancel_authorization`, { payment_intent_id: blocked.id }));
    await pay('4242424242424242', { ip_country: 'BR' });
    await ok(post('/settings', { current_protection_level: 'basic' }));

    await pay('4242424242424242', { payment_method_data: { type: 'sepa_debit' }, currency: 'eur' });
    await pay('4000000000000002');
    await pay('4242424242424242', { capture_method: 'manual' });
    const refunded = await pay('4242424242424242', { amount: 5000 });
    await ok(post('/refund', { charge_id: refunded.charge.id, amount: 1000 }));
    await ok(post('/refund', { charge_id: refunded.charge.id }));
    const failing = await pay('4000000000005126');
    await ok(post('/refund', { charge_id: failing.charge.id }));

    const won = await pay('4000000000000259');
    await ok(
      post(`/disputes/${await disputeOf(won.charge.id)}`, {
        evidence: { uncategorized_text: 'winning_evidence' },
        submit: true,
      }),
    );
    const lost = await pay('4000000000002685');
    await ok(post(`/disputes/${await disputeOf(lost.charge.id)}/close`));
    const inquiry = await pay('4000000000001976');
    await ok(post(`/disputes/${await disputeOf(inquiry.charge.id)}/close`));
    const refundedInquiry = await pay('4000000000001976');
    await ok(post('/refund', { charge_id: refundedInquiry.charge.id }));

    await createLoan(await engineContext(use().db), {
      amount: 100_000,
      fee_amount: 10_000,
      withhold_rate_bp: 1000,
      currency: 'usd',
    });
    await pay('4242424242424242', { amount: 10_000 });
    // The jobs: the refund fails, the dispute is decided, the authorization expires.
    const report = await advanceClockRunningJobs(use().db, 8 * DAY_MS);
    expect(report.failures).toEqual([]);

    const emitted = await use()
      .db.selectFrom('timeline_events')
      .select('type')
      .distinct()
      .where('id', '>', Number(before.id))
      .execute();
    expect(emitted.map((row) => row.type).sort()).toEqual([...SPEC_EVENT_TYPES].sort());
    const failed = (await checkLedger(use().db)).filter((check) => check.count > 0);
    expect(failed.map((check) => `${check.name}: ${check.violations.join('; ')}`)).toEqual([]);
  });
});
