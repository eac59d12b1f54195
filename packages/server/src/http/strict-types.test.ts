import { expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout } from '../testing/engine.ts';

/** Sets `value` at a dotted path of a copy of `body`. */
function withField(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

describeEachDatabase('request fields take their types strictly', (use) => {
  const api = testApi(use, { account: true });

  const intents = async () => (await use().db.selectFrom('payment_intents').select('id').execute()).length;

  it('refuses card expiry as a boolean or text, a malformed e-mail and a malformed IP address, creating nothing', async () => {
    const before = await intents();
    const cases: [string, unknown][] = [
      ['payment_method_data.card.exp_month', true],
      ['payment_method_data.card.exp_month', '12'],
      ['payment_method_data.card.exp_year', false],
      ['payment_method_data.card.exp_year', '2034'],
      ['payment_method_data.card.exp_month', 1.5],
      ['order.customer.email', 'not an e-mail'],
      ['order.customer.email', 'jane@'],
      ['order.customer.email', 42],
      ['ip_address', 'somewhere'],
      ['ip_address', '300.1.2.3'],
      ['ip_address', 127001],
      ['amount', '2500'],
      ['amount', true],
      ['order.items_count', '2'],
    ];
    for (const [path, value] of cases) {
      const res = await api.checkout(withField(cardCheckout(), path, value) as never);
      expect(res.statusCode, `${path} = ${JSON.stringify(value)}`).toBe(400);
      const body = res.json() as { code: string; data: { params: Record<string, string> } };
      expect(body.code).toBe('rest_invalid_param');
      expect(Object.keys(body.data.params).join(' '), path).toContain(path.split('.').at(-1));
    }
    expect(await intents()).toBe(before);
    // The well-formed body still goes through, IPv6 included.
    expect((await api.checkout(cardCheckout(undefined, { ip_address: '2001:db8::7' }))).statusCode).toBe(200);
  });

  it("refuses a refund's order id as a boolean, a fraction or empty text, and takes a number or an order number", async () => {
    const refund = (order_id: unknown) =>
      api.app.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/payments/refund',
        headers: { authorization: api.admin.basic },
        payload: { charge_id: 'ch_missing', amount: 100, order_id },
      });
    for (const order_id of [true, 1.5, -3, 0, '', '   ', 'x'.repeat(65)]) {
      const res = await refund(order_id);
      expect(res.statusCode, JSON.stringify(order_id)).toBe(400);
      expect(res.json().data.params).toHaveProperty('order_id');
    }
    // An id, or an order number as the charge answers it (text such as "1042" or "T-12a").
    for (const order_id of [1042, '1042', 'T-12a']) {
      const res = await refund(order_id);
      // Accepted as input; the charge does not exist.
      expect(res.statusCode, JSON.stringify(order_id)).toBe(404);
    }
  });

  it('takes integers in query strings and paths as digits only', async () => {
    for (const page of ['1e1', '0x2', ' 2', '2 ', '+2', '-1', '', '2.0', 'true']) {
      const res = await api.get(`/wp-json/wc/v3/payments/transactions?page=${encodeURIComponent(page)}`);
      expect(res.statusCode, JSON.stringify(page)).toBe(400);
      expect(res.json().data.params).toHaveProperty('page');
    }
    const ok = await api.get('/wp-json/wc/v3/payments/transactions?page=2&pagesize=10');
    expect(ok.statusCode).toBe(200);
    const note = await api.get('/wp-json/wc-analytics/admin/notes/1e3');
    expect(note.statusCode).toBe(400);
  });
});
