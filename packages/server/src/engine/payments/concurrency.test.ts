import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';

/** The fields of a checkout answer these tests use. */
type Answered = { id: string; charge: { id: string }; order: { id: number } };

/**
 * Money never moves twice: many simultaneous requests against the same payments, over HTTP,
 * never refund more than was captured nor capture more than was authorized, and every
 * successful answer corresponds to exactly one row written.
 */
/**
 * How many requests at once, over how many charges, on PostgreSQL: `npm test` keeps the runs
 * short; the reliability run (`npm run test:reliability`) sets CONCURRENT_REFUNDS=10000 and
 * CONCURRENT_CHARGES=100 (docs/reliability.md). The embedded database serves one connection, so
 * there the requests queue rather than race, and 200 show it as well as more would.
 */
const sized = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};

describeEachDatabase('concurrent money movements', (use, kind) => {
  // What is tested is the ledger under many requests at once, not the rate limits
  // (http/rate-limit.test.ts): one credential here makes more requests a minute than they allow.
  const api = testApi(use, { account: true, server: { rateLimits: false } });
  const requests = kind === 'postgres' ? sized('CONCURRENT_REFUNDS', 1000) : 200;
  const chargeCount = kind === 'postgres' ? sized('CONCURRENT_CHARGES', 10) : 10;

  it(
    `${requests} partial refunds over ${chargeCount} charges never exceed what was captured`,
    async () => {
      const charges: Answered[] = [];
      for (let i = 0; i < chargeCount; i++)
        charges.push((await api.checkout(cardCheckout('4242424242424242', { amount: 5000 }))).json());
      const answers = await Promise.all(
        Array.from({ length: requests }, (_, i) =>
          api.app.inject({
            method: 'POST',
            url: '/wp-json/wc/v3/payments/refund',
            headers: { authorization: api.admin.basic },
            payload: {
              charge_id: charges[i % chargeCount]?.charge.id,
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
      console.log(
        `concurrency (${kind}): ${requests} refunds at once over ${chargeCount} charges: ${ok.length} made, ${requests - ok.length} refused`,
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
    },
    Math.max(120_000, requests * 60),
  );

  it(`${requests} captures over 10 authorizations capture each once, never above the authorization`, async () => {
    const held: Answered[] = [];
    for (let i = 0; i < 10; i++) {
      held.push(
        (
          await api.checkout(cardCheckout('4242424242424242', { amount: 4000, capture_method: 'manual' }))
        ).json(),
      );
    }
    const answers = await Promise.all(
      Array.from({ length: requests }, (_, i) => {
        const intent = held[i % 10] as Answered;
        return api.app.inject({
          method: 'POST',
          url: `/wp-json/wc/v3/payments/orders/${intent.order.id}/capture_authorization`,
          headers: { authorization: api.admin.basic },
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

  it('a capture and a cancel of the same authorization at once: one wins, the other is refused, the ledger agrees', async () => {
    const rounds = 10;
    const outcomes = { captured: 0, canceled: 0 };
    for (let round = 0; round < rounds; round++) {
      const held: Answered = (
        await api.checkout(cardCheckout('4242424242424242', { amount: 2500, capture_method: 'manual' }))
      ).json();
      const path = `/wp-json/wc/v3/payments/orders/${held.order.id}`;
      const [capture, cancel] = await Promise.all([
        api.app.inject({
          method: 'POST',
          url: `${path}/capture_authorization`,
          headers: { authorization: api.admin.basic },
          payload: { payment_intent_id: held.id },
        }),
        api.app.inject({
          method: 'POST',
          url: `${path}/cancel_authorization`,
          headers: { authorization: api.admin.basic },
          payload: { payment_intent_id: held.id },
        }),
      ]);
      // Exactly one of the two succeeds.
      expect([capture.statusCode, cancel.statusCode].filter((status) => status === 200)).toHaveLength(1);
      const row = await use()
        .db.selectFrom('charges')
        .selectAll()
        .where('id', '=', held.charge.id)
        .executeTakeFirstOrThrow();
      const ledgerRows = await use()
        .db.selectFrom('balance_transactions')
        .select('type')
        .where('charge_id', '=', row.id)
        .execute();
      if (capture.statusCode === 200) {
        outcomes.captured++;
        expect(row.captured).toBe(true);
        expect(row.amount_captured).toBe(2500);
        expect(ledgerRows.map((r) => r.type)).toEqual(['charge']);
      } else {
        outcomes.canceled++;
        expect(row.captured).toBe(false);
        expect(row.amount_captured).toBe(0);
        expect(ledgerRows).toEqual([]);
      }
    }
    expect(outcomes.captured + outcomes.canceled).toBe(rounds);
  }, 120_000);

  it('instant payouts asked for at once pay the available balance out once', async () => {
    // Manual payouts, so no scheduled payout sweeps the balance while the clock moves.
    await use().db.updateTable('accounts').set({ deposit_schedule_interval: 'manual' }).execute();
    for (let i = 0; i < 5; i++) await api.checkout(cardCheckout('4242424242424242', { amount: 20_000 }));
    // The charges' funds become available as the sandbox clock passes their availability date.
    const advanced = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payments/sandbox/clock/advance',
      headers: { authorization: api.admin.basic },
      payload: { days: 8 },
    });
    expect(advanced.statusCode).toBe(200);
    const attempts = 20;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        api.app.inject({
          method: 'POST',
          url: '/wp-json/wc/v3/payments/deposits',
          headers: { authorization: api.admin.basic },
          payload: { type: 'instant', currency: 'usd' },
        }),
      ),
    );
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('wcpay_instant_payout_no_balance');
    }
    const instant = await use()
      .db.selectFrom('payouts')
      .select(['amount'])
      .where('method', '=', 'instant')
      .execute();
    expect(instant).toHaveLength(1);
    const overview = await api.get('/wp-json/wc/v3/payments/deposits/overview-all');
    const available = overview
      .json()
      .balance.available.find((b: { currency: string }) => b.currency === 'usd');
    expect(available?.amount ?? 0).toBe(0);
  }, 120_000);
});
