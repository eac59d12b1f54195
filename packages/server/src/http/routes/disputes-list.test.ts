import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { advanceDays } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';

const BASE = '/wp-json/wc/v3/payments';

interface Row {
  dispute_id: string;
  charge_id: string;
  payment_intent_id: string;
  status: string;
  reason: string;
  amount: number;
  currency: string;
  customer_name: string | null;
  customer_email: string | null;
  customer_country: string | null;
  source: string;
  order_number: string | null;
  created: number;
  due_by: number;
}

describeEachDatabase('the disputes list', (use) => {
  const api = testApi(use, { account: true });
  const list = async (query = '') => {
    const res = await api.get(`${BASE}/disputes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Row[] }).data;
  };
  const summary = async (query = '') => {
    const res = await api.get(`${BASE}/disputes/summary${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; currencies: string[] };
  };

  beforeAll(async () => {
    const pay = async (number: string, overrides: Parameters<typeof cardCheckout>[1]) =>
      expect((await api.checkout(cardCheckout(number, overrides))).statusCode).toBe(200);
    // A fraud dispute, a day later a not-received one and an inquiry, in two currencies.
    await pay('4000000000000259', {
      amount: 5_000,
      order: {
        ...cardCheckout().order,
        number: '4711',
        customer: { name: 'Ada Byron', email: 'ada@example.test' },
      },
    });
    await advanceDays(use(), 1);
    await pay('4000000000002685', { amount: 2_000, currency: 'eur' });
    await pay('4000000000001976', { amount: 9_000 });
  });

  it('lists every dispute newest first, with the row fields', async () => {
    const all = await list();
    expect(all).toHaveLength(3);
    expect(all.map((row) => row.created)).toEqual([...all.map((row) => row.created)].sort((a, b) => b - a));
    const fraud = all.find((row) => row.reason === 'fraudulent' && row.status === 'needs_response');
    expect(fraud).toMatchObject({ amount: 5_000, currency: 'usd', customer_name: 'Ada Byron' });
    expect(fraud?.due_by).toBeGreaterThan(fraud?.created ?? 0);
    expect(await summary()).toEqual({ count: 3, currencies: ['eur', 'usd'] });
  });

  it('sorts by each column, pages, and refuses an unknown sort', async () => {
    const byAmount = await list('?sort=amount&direction=asc');
    expect(byAmount.map((row) => row.amount)).toEqual([2_000, 5_000, 9_000]);
    for (const sort of [
      'due_by',
      'currency',
      'status',
      'reason',
      'source',
      'order_number',
      'customer_name',
      'customer_email',
      'customer_country',
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await list(`?sort=${sort}&direction=${direction}`);
        expect(rows, sort).toHaveLength(3);
        // Each page is in the column's order (ties by id in the same direction).
        const values = rows.map((row) => row[sort]);
        const sorted = [...values].sort((a, b) =>
          String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
        );
        expect(values, `${sort} ${direction}`).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      }
    }
    expect(await list('?sort=amount&direction=asc&pagesize=1&page=2')).toEqual(byAmount.slice(1, 2));
    const bad = await api.get(`${BASE}/disputes?sort=colour`);
    expect(bad.statusCode).toBe(400);
  });

  it('filters by status, currency, date and search terms, in the list and the summary alike', async () => {
    const all = await list();
    const inquiry = all.find((row) => row.status.startsWith('warning_'))!;
    const ada = all.find((row) => row.customer_name === 'Ada Byron')!;
    const newestDay = new Date(all[0]!.created * 1000).toISOString().slice(0, 10);
    const cases: [string, number][] = [
      ['status_is=needs_response', 2],
      [`status_is_not=${inquiry.status}`, 2],
      ['store_currency_is=EUR', 1],
      ['search[]=needs_response&search[]=warning_needs_response', 3],
      ['search[]=warning_needs_response', 1],
      ['search[]=ada', 1],
      ['search[]=ADA@EXAMPLE', 1],
      ['search[]=a%25', 0],
      ['search[]=_da', 0],
      ['search[]=4711', 1],
      ['search[]=%234711', 1],
      ['search[]=Jane%20Doe%20(jane@example.test)', 2],
      ['search[]=Jane%20Doe%20(ada@example.test)', 0],
      [`search[]=${ada.payment_intent_id}`, 1],
      ['search[]=Ada%20Byron%20(ada@example.test)', 1],
      [`search[]=${all[0]!.dispute_id}`, 1],
      [`search[]=${all[0]!.charge_id}`, 1],
      [`date_before=${newestDay}`, 1],
      [`date_after=${newestDay}`, 0],
      [`date_between[]=${newestDay}&date_between[]=${newestDay}`, 2],
      [`match=any&status_is=lost&date_before=${newestDay}`, 1],
      [`match=all&status_is=needs_response&date_before=${newestDay}`, 1],
      ['_locale=user&user_email=a@example.test&locale=en_US', 3],
    ];
    for (const [query, expected] of cases) {
      expect((await list(`?${query}`)).length, query).toBe(expected);
      expect((await summary(`?${query}`)).count, query).toBe(expected);
    }
    for (const bad of ['status_is=open', 'date_after=2026-13-01', 'store_currency_is=EURO', 'page=0']) {
      const res = await api.get(`${BASE}/disputes?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  /** Each dispute's own copies (migrations 0043 and 0044) beside its charge's and order's columns. */
  const copies = async () =>
    (
      await sql<{ kept: string; source: string }>`
        select concat_ws('|', d.customer_name, d.customer_email, d.order_number, d.customer_country, d.source) as kept,
               concat_ws('|', o.customer_name, o.customer_email, o.number, o.customer_country, c.payment_method_type) as source
        from disputes d join charges c on c.id = d.charge_id join orders o on o.id = c.order_id
        order by d.id`.execute(use().db)
    ).rows;

  it('keeps on each dispute the customer, order number, country and source of its payment', async () => {
    const rows = await copies();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.kept).toBe(row.source);
    expect(rows.map((row) => row.kept)).toContain('Ada Byron|ada@example.test|4711|US|card');
  });

  it('copies them onto disputes written before they were kept (migrations 0043 and 0044)', async () => {
    const backfills = ['0043_disputes_search.sql', '0044_dispute_sort_columns.sql'].map((file) => {
      const migration = readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8');
      const backfill = /^update disputes[\s\S]*?;$/m.exec(migration)?.[0];
      expect(backfill, file).toBeDefined();
      return backfill!;
    });
    await sql`update disputes set customer_name = '', customer_email = '', order_number = null,
      customer_country = null, source = ''`.execute(use().db);
    expect((await list('?search[]=ada')).length).toBe(0);
    for (const backfill of backfills) await sql.raw(backfill).execute(use().db);
    for (const row of await copies()) expect(row.kept).toBe(row.source);
    expect((await list('?search[]=ada')).length).toBe(1);
  });
});
