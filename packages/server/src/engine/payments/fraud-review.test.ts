import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { checkLedger } from '../ledger-check.ts';

const BASE = '/wp-json/wc/v3/payments';

/** Saved rules: orders over 500 USD are held for review, IP addresses outside US/CA blocked. */
const REVIEW_RULE = {
  key: 'purchase_price_threshold',
  outcome: 'review',
  check: { key: 'order_total', operator: 'greater_than', value: '50000|usd' },
};
const BLOCK_RULE = {
  key: 'international_ip_address',
  outcome: 'block',
  check: { key: 'ip_country', operator: 'not_in', value: 'us|ca' },
};

describeEachDatabase('fraud review, end to end', (use) => {
  const api = testApi(use, { account: true });
  let manager: TestUser;
  beforeAll(async () => {
    manager = await makeUser(use(), 'shop_manager');
  });

  const db = () => use().db;
  const userId = async (user: TestUser) =>
    (await db().selectFrom('users').select('id').where('login', '=', user.login).executeTakeFirstOrThrow())
      .id;
  const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    api.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { authorization: user.basic }, payload });
  const fraudOutcome = (intentId: string) =>
    db()
      .selectFrom('fraud_outcomes')
      .select(['status', 'manual_action', 'charge_id', 'ruleset_results'])
      .where('payment_intent_id', '=', intentId)
      .executeTakeFirst();
  const timeline = async (intentId: string) =>
    (
      await db()
        .selectFrom('timeline_events')
        .select(['type', 'data'])
        .where('payment_intent_id', '=', intentId)
        .orderBy('id')
        .execute()
    ).map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
  const ledgerTypes = async (chargeId: string) =>
    (
      await db()
        .selectFrom('balance_transactions')
        .select('type')
        .where('charge_id', '=', chargeId)
        .orderBy('seq')
        .execute()
    ).map((row) => row.type);
  const pay = async (amount: number, ipCountry: string, number = '4242424242424242') => {
    const res = await api.checkout(cardCheckout(number, { amount, ip_country: ipCountry }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      id: string;
      status: string;
      fraud_outcome: string | null;
      charge: { id: string; outcome: { type: string } };
      last_payment_error: { code: string; decline_code?: string } | null;
      order: { id: number };
    };
  };

  it('saves advanced rules through the settings API', async () => {
    const res = await post(api.admin, '/settings', {
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [REVIEW_RULE, BLOCK_RULE],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ current_protection_level: 'advanced' });
  });

  let reviewed: Awaited<ReturnType<typeof pay>>;
  let reviewedToBlock: Awaited<ReturnType<typeof pay>>;
  let blocked: Awaited<ReturnType<typeof pay>>;

  it('holds a payment a review rule matches, blocks one a block rule matches, allows the rest', async () => {
    reviewed = await pay(60_000, 'US');
    expect(reviewed).toMatchObject({
      status: 'requires_capture',
      fraud_outcome: 'review',
      charge: { outcome: { type: 'manual_review' } },
      last_payment_error: null,
    });
    reviewedToBlock = await pay(75_000, 'CA');
    expect(reviewedToBlock).toMatchObject({ status: 'requires_capture', fraud_outcome: 'review' });

    blocked = await pay(2_500, 'BR');
    expect(blocked).toMatchObject({
      status: 'requires_payment_method',
      fraud_outcome: 'block',
      charge: { outcome: { type: 'blocked' } },
      last_payment_error: { code: 'card_declined', decline_code: 'fraudulent' },
    });
    // Block wins over review when both rules match.
    expect(await pay(90_000, 'BR')).toMatchObject({ fraud_outcome: 'block' });
    expect(await pay(2_500, 'US')).toMatchObject({ status: 'succeeded', fraud_outcome: 'allow' });

    expect(await fraudOutcome(reviewed.id)).toEqual({
      status: 'review',
      manual_action: null,
      charge_id: reviewed.charge.id,
      ruleset_results: { purchase_price_threshold: 'review', international_ip_address: 'allow' },
    });
    expect(await fraudOutcome(blocked.id)).toMatchObject({
      status: 'block',
      manual_action: null,
      ruleset_results: { purchase_price_threshold: 'allow', international_ip_address: 'block' },
    });
    expect((await timeline(reviewed.id)).map((e) => e.type)).toEqual(['authorized', 'fraud_outcome_review']);
    expect((await timeline(blocked.id)).map((e) => e.type)).toEqual(['fraud_outcome_block']);
    // Held and blocked payments move no money.
    expect(await ledgerTypes(reviewed.charge.id)).toEqual([]);
    expect(await ledgerTypes(blocked.charge.id)).toEqual([]);
  });

  it('approves a held payment by capturing it, recording who approved it', async () => {
    const res = await post(manager, `/orders/${reviewed.order.id}/capture_authorization`, {
      payment_intent_id: reviewed.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: reviewed.id, status: 'succeeded' });

    expect(await fraudOutcome(reviewed.id)).toMatchObject({ status: 'review', manual_action: 'approved' });
    const events = await timeline(reviewed.id);
    expect(events.map((e) => e.type)).toEqual([
      'authorized',
      'fraud_outcome_review',
      'fraud_outcome_manual_approve',
      'captured',
    ]);
    const user = { id: await userId(manager), username: manager.login };
    expect(events[2]!.data).toEqual({ user });
    // The capture's amounts are its ledger entry's, read with the event.
    expect(events[3]!.data).toEqual({ transaction_id: expect.stringMatching(/^txn_/), user });
    expect(await ledgerTypes(reviewed.charge.id)).toEqual(['charge']);

    // Approved once: a second approval or a block is refused and changes nothing.
    for (const action of ['capture_authorization', 'cancel_authorization']) {
      const again = await post(api.admin, `/orders/${reviewed.order.id}/${action}`, {
        payment_intent_id: reviewed.id,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('wcpay_payment_uncapturable');
    }
    expect((await timeline(reviewed.id)).length).toBe(4);
  });

  it('blocks a held payment by canceling it, recording who blocked it', async () => {
    const res = await post(api.admin, `/orders/${reviewedToBlock.order.id}/cancel_authorization`, {
      payment_intent_id: reviewedToBlock.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: reviewedToBlock.id, status: 'canceled' });

    expect(await fraudOutcome(reviewedToBlock.id)).toMatchObject({
      status: 'review',
      manual_action: 'blocked',
    });
    const events = await timeline(reviewedToBlock.id);
    expect(events.map((e) => e.type)).toEqual([
      'authorized',
      'fraud_outcome_review',
      'fraud_outcome_manual_block',
      'authorization_voided',
    ]);
    expect(events[2]!.data).toEqual({ user: { id: await userId(api.admin), username: api.admin.login } });
    expect(await ledgerTypes(reviewedToBlock.charge.id)).toEqual([]);
    const order = await db()
      .selectFrom('orders')
      .select('status')
      .where('id', '=', reviewedToBlock.order.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
  });

  it('refuses to approve or block a payment a rule blocked outright, changing nothing', async () => {
    for (const action of ['capture_authorization', 'cancel_authorization']) {
      const res = await post(api.admin, `/orders/${blocked.order.id}/${action}`, {
        payment_intent_id: blocked.id,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('wcpay_payment_uncapturable');
    }
    expect(await fraudOutcome(blocked.id)).toMatchObject({ status: 'block', manual_action: null });
    expect((await timeline(blocked.id)).map((e) => e.type)).toEqual(['fraud_outcome_block']);
  });

  it('records no fraud action for a manual capture that no rule held', async () => {
    await post(api.admin, '/settings', { current_protection_level: 'basic' });
    const res = await api.checkout(
      cardCheckout('4242424242424242', { amount: 60_000, capture_method: 'manual' }),
    );
    const body = res.json();
    expect(body).toMatchObject({ status: 'requires_capture', fraud_outcome: 'allow' });
    const captured = await post(api.admin, `/orders/${body.order.id}/capture_authorization`, {
      payment_intent_id: body.id,
    });
    expect(captured.statusCode).toBe(200);
    expect(await fraudOutcome(body.id)).toBeUndefined();
    expect((await timeline(body.id)).map((e) => e.type)).toEqual(['authorized', 'captured']);
  });

  it('leaves the ledger consistent', async () => {
    const failed = (await checkLedger(db())).filter((check) => check.count > 0);
    expect(failed.map((check) => `${check.name}: ${check.violations.join('; ')}`)).toEqual([]);
  });
});
