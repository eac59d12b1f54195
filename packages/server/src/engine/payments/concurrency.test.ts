import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, checkout, connectSandboxAccount } from '../../testing/engine.ts';

/** The fields of a checkout answer these tests use. */
type Answered = { id: string; charge: { id: string }; order: { id: number } };

/**
 * Money never moves twice: many simultaneous requests against the same payments, over HTTP,
 * never refund more than was captured nor capture more than was authorized, and every
 * successful answer corresponds to exactly one row written.
 */
describeEachDatabase('concurrent money movements', (use, kind) => {
  let app: FastifyInstance;
  let admin: TestUser;
  const requests = kind === 'postgres' ? 1000 : 200;
  beforeAll(async () => {
    // What is tested is the ledger under many requests at once, not the rate limits
    // (http/rate-limit.test.ts): one credential here makes more requests a minute than they allow.
    app = await makeTestApp(use(), undefined, { rateLimits: false });
    admin = await makeUser(use(), 'administrator');
    await connectSandboxAccount(use());
  });
  afterAll(() => app.close());

  it(`${requests} partial refunds over 10 charges never exceed what was captured`, async () => {
    const charges: Answered[] = [];
    for (let i = 0; i < 10; i++)
      charges.push(
        (await checkout(app, admin.basic, cardCheckout('4242424242424242', { amount: 5000 }))).json(),
      );
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/wp-json/wc/v3/payments/refund',
          headers: { authorization: admin.basic },
          payload: {
            charge_id: charges[i % 10]?.charge.id,
            amount: 300 + (i % 7) * 100,
            reason: 'requested_by_customer',
          },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 400 || a.statusCode === 409)).toBe(
      true,
    );
    const refunds = await use().db.selectFrom('refunds').select(['charge_id', 'amount']).execute();
    expect(refunds).toHaveLength(ok.length);
    for (const charge of charges) {
      const row = await use()
        .db.selectFrom('charges')
        .selectAll()
        .where('id', '=', charge.charge.id)
        .executeTakeFirstOrThrow();
      const refunded = refunds.filter((r) => r.charge_id === row.id).reduce((sum, r) => sum + r.amount, 0);
      expect(refunded).toBe(row.amount_refunded);
      expect(refunded).toBeLessThanOrEqual(row.amount_captured);
      // Each charge of 50.00 takes refunds until less than the smallest request remains.
      expect(row.amount_captured - refunded).toBeLessThan(300);
      const ledger = await use()
        .db.selectFrom('balance_transactions')
        .select((eb) => eb.fn.sum<string>('customer_amount').as('sum'))
        .where('charge_id', '=', row.id)
        .where('type', '=', 'refund')
        .executeTakeFirstOrThrow();
      expect(-Number(ledger.sum)).toBe(refunded);
    }
  }, 120_000);

  it(`${requests} captures over 10 authorizations capture each once, never above the authorization`, async () => {
    const held: Answered[] = [];
    for (let i = 0; i < 10; i++) {
      held.push(
        (
          await checkout(
            app,
            admin.basic,
            cardCheckout('4242424242424242', { amount: 4000, capture_method: 'manual' }),
          )
        ).json(),
      );
    }
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, i) => {
        const intent = held[i % 10] as Answered;
        return app.inject({
          method: 'POST',
          url: `/wp-json/wc/v3/payments/orders/${intent.order.id}/capture_authorization`,
          headers: { authorization: admin.basic },
          payload: { payment_intent_id: intent.id, amount_to_capture: 1000 + (i % 4) * 1000 },
        });
      }),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(
      answers
        .filter((a) => a.statusCode !== 200)
        .every((a) => a.json().code === 'wcpay_payment_uncapturable'),
    ).toBe(true);
    for (const intent of held) {
      const row = await use()
        .db.selectFrom('charges')
        .selectAll()
        .where('id', '=', intent.charge.id)
        .executeTakeFirstOrThrow();
      expect(row.captured).toBe(true);
      expect(row.amount_captured).toBeLessThanOrEqual(row.amount);
      const captures = await use()
        .db.selectFrom('balance_transactions')
        .select('id')
        .where('charge_id', '=', row.id)
        .where('type', '=', 'charge')
        .execute();
      expect(captures).toHaveLength(1);
    }
  }, 120_000);
});
