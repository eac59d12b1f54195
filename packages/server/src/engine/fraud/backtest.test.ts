import { EXAMPLE_FRAUD_RULES } from '@paydesk/domain/fraud/example-rules';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { priceRangeRule } from '../../testing/fraud.ts';
import { advanceClock, clockNow, DAY_MS } from '../clock.ts';

const BACKTEST = '/wp-json/wc/v3/payments/fraud_protection/backtest';

const AVS = EXAMPLE_FRAUD_RULES.avs_verification;
const EVERY = {
  key: 'order_items_threshold',
  outcome: 'review',
  check: { key: 'item_count', operator: 'greater_or_equal', value: 0 },
};
const PRICE = priceRangeRule(1_000, 10_000);
/** Reads the total alone, beside a rule that reads it with the IP country. */
const PRICE_BELOW_10 = {
  key: 'order_items_threshold',
  outcome: 'review',
  check: { key: 'order_total', operator: 'less_than', value: '1000|usd' },
};
const IP_MISMATCH = EXAMPLE_FRAUD_RULES.ip_address_mismatch;

describeEachDatabase('fraud rule backtest', (use) => {
  const api = testApi(use, { account: true });
  beforeAll(async () => {
    const pay = async (body: Parameters<typeof cardCheckout>[1], number?: string) =>
      expect((await api.checkout(cardCheckout(number, body))).statusCode).toBe(200);
    // Ten days ago: outside a one-day window.
    await pay({ amount: 50_000 });
    await advanceClock(use().db, 10 * DAY_MS);
    await pay({ amount: 2_500 });
    await pay({ amount: 500 });
    await pay({ amount: 2_500 }, '4000000000000010');
    await pay({ amount: 20_000, ip_country: 'FR' });
    await pay({ amount: 3_000, currency: 'eur' });
    // A declined payment never succeeded, so no filter is tested on it.
    expect((await api.checkout(cardCheckout('4000000000000002'))).json().status).toBe(
      'requires_payment_method',
    );
  }, 120_000);

  const backtest = (payload: unknown) => api.post(BACKTEST, payload);

  /** The succeeded payments of the window as the ledger lists them. */
  const chargesSince = async (days: number) => {
    const db = use().db;
    const since = new Date((await clockNow(db)).getTime() - days * DAY_MS);
    return db
      .selectFrom('balance_transactions')
      .select(['charge_id'])
      .where('type', 'in', ['charge', 'payment'])
      .where('created_at', '>=', since)
      .execute();
  };

  it('keeps a narrow risk row for every payment of the ledger, as its charge and order read', async () => {
    const db = use().db;
    const payments = await chargesSince(30);
    const rows = await db.selectFrom('payment_risk').select(['seq']).execute();
    expect(rows).toHaveLength(payments.length);
    const differ = await sql<{ n: number }>`
      select count(*)::int as n from (
        (select * from payment_risk except select * from payment_risk_source)
        union all
        (select * from payment_risk_source except select * from payment_risk)) d`.execute(db);
    expect(differ.rows[0]?.n).toBe(0);
  });

  it('counts every succeeded payment of the window when a rule matches them all', async () => {
    const res = await backtest({ days: 1, rules: [EVERY] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total.count).toBe((await chargesSince(1)).length);
    expect(body.total.count).toBe(5);
    expect(body.tested).toEqual(body.total);
    expect(body.total.amount).toEqual({ usd: 2_500 + 500 + 2_500 + 20_000, eur: 3_000 });
    expect(body.rules).toEqual([{ key: 'order_items_threshold', outcome: 'review', ...body.total }]);
    expect(body.window.from).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const thirty = (await backtest({ days: 30, rules: [EVERY] })).json();
    expect(thirty.total.count).toBe(6);
  });

  it('reports each rule on its own and the payments any of them caught, by currency', async () => {
    const body = (await backtest({ days: 1, rules: [AVS, PRICE, IP_MISMATCH] })).json();
    const byKey = Object.fromEntries(body.rules.map((rule: { key: string }) => [rule.key, rule]));
    expect(byKey.avs_verification).toMatchObject({ outcome: 'block', count: 1, amount: { usd: 2_500 } });
    // Below 10.00 or above 100.00 US dollars; the euro payment converts to within the range.
    expect(byKey.purchase_price_threshold).toMatchObject({ count: 2, amount: { usd: 20_500 } });
    expect(byKey.ip_address_mismatch).toMatchObject({ count: 1, amount: { usd: 20_000 } });
    // The 200.00 payment from France is caught by two rules but counted once.
    expect(body.total).toEqual({ count: 3, amount: { usd: 2_500 + 500 + 20_000 } });
    expect(body.tested.count).toBe(5);
  });

  it('evaluates a rule that reads the total with other attributes payment by payment', async () => {
    const FROM_FRANCE_ABOVE_100 = {
      key: 'purchase_price_threshold',
      outcome: 'block',
      check: {
        operator: 'and',
        checks: [
          { key: 'order_total', operator: 'greater_than', value: '10000|usd' },
          { key: 'ip_country', operator: 'in', value: 'fr' },
        ],
      },
    };
    const res = await backtest({ days: 1, rules: [FROM_FRANCE_ABOVE_100, PRICE_BELOW_10] });
    expect(res.statusCode, res.body).toBe(200);
    const byKey = Object.fromEntries(res.json().rules.map((rule: { key: string }) => [rule.key, rule]));
    expect(byKey.purchase_price_threshold).toMatchObject({ count: 1, amount: { usd: 20_000 } });
    expect(byKey.order_items_threshold).toMatchObject({ count: 1, amount: { usd: 500 } });
    expect(res.json().total).toEqual({ count: 2, amount: { usd: 20_500 } });
  });

  it('answers empty counts for no rules, and 400 for a bad window or rule, naming it', async () => {
    expect((await backtest({ days: 7, rules: [] })).json().total).toEqual({ count: 0, amount: {} });
    for (const [payload, field] of [
      [{ days: 0, rules: [] }, 'days'],
      [{ days: 91, rules: [] }, 'days'],
      [{ days: '7', rules: [] }, 'days'],
      [{ days: 7, rules: [{ ...AVS, outcome: 'allow' }] }, 'rules'],
      [{ days: 7 }, 'rules'],
    ] as const) {
      const res = await backtest(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().data.params).join(' ')).toContain(field);
    }
  });
});

describeEachDatabase('fraud rule backtest over shipping addresses', (use) => {
  const api = testApi(use, { account: true });
  const billing = { country: 'US', line1: '1 Main St', city: 'Springfield', postal_code: '12345' };
  beforeAll(async () => {
    const shipTo = async (shipping_address: typeof billing | undefined) => {
      const base = cardCheckout('4242424242424242', { amount: 1_000 });
      const body = { ...base, order: { ...base.order!, billing_address: billing, shipping_address } };
      expect((await api.checkout(body)).statusCode).toBe(200);
    };
    await shipTo(undefined);
    await shipTo(billing);
    // The same address written otherwise: case and outer spaces do not make it another.
    await shipTo({ ...billing, line1: ' 1 MAIN ST ', city: 'springfield' });
    await shipTo({ ...billing, line1: '9 Elm St' });
    await shipTo({ ...billing, country: 'CA' });
  }, 120_000);

  it('flags only the orders shipped to another address, as the checkout decides it', async () => {
    const res = await api.post(BACKTEST, { days: 1, rules: [EXAMPLE_FRAUD_RULES.address_mismatch] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tested.count).toBe(5);
    expect(body.total).toEqual({ count: 2, amount: { usd: 2_000 } });
  });
});
