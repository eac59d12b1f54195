import { UTC_DATE_TIME_PATTERN } from '@paydesk/domain/time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../engine/seed/seed.ts';
import { makeTestApp, makeUser, sessionNonce, signIn, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout, checkout } from '../testing/engine.ts';

/**
 * The calls of the WooPayments admin client, sent as it sends them (its query parameters, its
 * envelopes, its methods), against a seeded store: each answer has the fields the client reads,
 * in the JSON types and forms it reads them in (docs/compatibility.md).
 */

const BASE = '/wp-json/wc/v3/payments';
const END = new Date('2026-06-15T12:34:56Z');
/** The client's own time zone parameter (moment's `Z` format), as its list calls add it. */
const ZONE = 'user_timezone=%2B00%3A00';

type Json = Record<string, unknown>;

describeEachDatabase('the admin client’s calls', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;

  const get = (url: string, auth = admin.basic) =>
    app.inject({ method: 'GET', url, headers: { authorization: auth } });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, headers: Json = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: admin.basic, ...(headers as Record<string, string>) },
      ...(payload ? { payload } : {}),
    });
  const ok = async (url: string, auth = admin.basic) => {
    const res = await get(url, auth);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json() as unknown;
  };

  beforeAll(async () => {
    admin = await makeUser(use(), 'administrator');
    await seedHistory(use(), { transactions: 900, days: 20, seed: 7, end: END, batchPayments: 300 });
    app = await makeTestApp(use());
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  describe('envelopes', () => {
    it('answers the readers and a reader fee’s rows as bare arrays', async () => {
      const readers = (await ok(`${BASE}/readers?limit=10`)) as Json[];
      expect(Array.isArray(readers)).toBe(true);
      expect(readers.length).toBeGreaterThan(0);
      for (const reader of readers) {
        expect(reader).toEqual({
          id: expect.any(String),
          device_type: expect.any(String),
          is_active: expect.any(Boolean),
          label: expect.any(String),
        });
      }
      const fee = await use()
        .db.selectFrom('balance_transactions')
        .select('id')
        .where('type', '=', 'card_reader_fee')
        .executeTakeFirstOrThrow();
      const rows = (await ok(`${BASE}/readers/charges/${fee.id}`)) as Json[];
      expect(Array.isArray(rows)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({
          reader_id: expect.any(String),
          status: expect.any(String),
          count: expect.any(Number),
          fee: { amount: expect.any(Number), currency: expect.any(String) },
        });
      }
    });

    it('answers the search autocompleters as [{ key, label }], all of them for no term', async () => {
      for (const path of ['transactions/search', 'transactions/fraud-outcomes/search?status=block']) {
        const join = path.includes('?') ? '&' : '?';
        const all = (await ok(`${BASE}/${path}`)) as { key: string; label: string }[];
        expect(all.length, path).toBeGreaterThan(0);
        for (const option of all) expect(option).toEqual({ key: option.label, label: expect.any(String) });
        expect(await ok(`${BASE}/${path}${join}search_term=`)).toEqual(all);
        // A term narrows the options to those starting with it (names) or naming it.
        const first = all.find((option) => !option.label.startsWith('Order #'))!;
        const typed = first.label.slice(0, 2);
        const narrowed = (await ok(`${BASE}/${path}${join}search_term=${encodeURIComponent(typed)}`)) as {
          label: string;
        }[];
        expect(narrowed.map((option) => option.label)).toContain(first.label);
        for (const option of narrowed) {
          const email = /\(([^()]+)\)$/.exec(option.label)?.[1] ?? '';
          expect(
            option.label.toLowerCase().startsWith(typed.toLowerCase()) ||
              email.toLowerCase().startsWith(typed.toLowerCase()),
            option.label,
          ).toBe(true);
        }
        expect(await ok(`${BASE}/${path}${join}search_term=zzzzqqq`)).toEqual([]);
      }
    });

    it('takes the whole settings object back and answers data.payment_method_statuses', async () => {
      const read = (await ok(`${BASE}/settings`)) as Json;
      expect(read).toMatchObject({
        enabled_payment_method_ids: expect.any(Array),
        payment_method_statuses: expect.any(Object),
        account_domestic_currency: expect.any(String),
      });
      // The client sends back every field it read, changed or not.
      const saved = await send('POST', `${BASE}/settings`, { ...read, account_business_name: 'Compat Shop' });
      expect(saved.statusCode, saved.body).toBe(200);
      const body = saved.json() as Json & { data: Json };
      expect(body.data.payment_method_statuses).toEqual(read.payment_method_statuses);
      expect(body.account_business_name).toBe('Compat Shop');
      expect(((await ok(`${BASE}/settings`)) as Json).account_business_name).toBe('Compat Shop');
      // A read-only field sent back is ignored; in another form it is refused, nothing saved.
      const ignored = await send('POST', `${BASE}/settings`, { account_domestic_currency: 'eur' });
      expect(ignored.statusCode).toBe(200);
      expect((ignored.json() as Json).account_domestic_currency).toBe(read.account_domestic_currency);
      const refused = await send('POST', `${BASE}/settings`, {
        account_business_name: 'Other',
        deposit_status: 'open',
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys((refused.json() as { data: { params: Json } }).data.params)).toEqual([
        'deposit_status',
      ]);
      expect(((await ok(`${BASE}/settings`)) as Json).account_business_name).toBe('Compat Shop');
    });
  });

  describe('sorting and filters as the client sends them', () => {
    it('sorts fraud outcomes by date as by created', async () => {
      for (const direction of ['asc', 'desc']) {
        const query = `status=block&page=1&pagesize=100&direction=${direction}&${ZONE}`;
        const byDate = await ok(`${BASE}/transactions/fraud-outcomes?sort=date&${query}`);
        const byCreated = await ok(`${BASE}/transactions/fraud-outcomes?sort=created&${query}`);
        expect((byDate as { data: unknown[] }).data.length).toBeGreaterThan(0);
        expect(byDate).toEqual(byCreated);
      }
    });

    it('sorts transactions by customer currency and by payout currency', async () => {
      for (const sort of ['customer_currency', 'deposit_currency'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const { data } = (await ok(
            `${BASE}/transactions?page=1&pagesize=100&sort=${sort}&direction=${direction}&${ZONE}`,
          )) as { data: Json[] };
          // A row without a customer currency (a fee, a loan) sorts in its store currency, as
          // the customer-currency filter counts it.
          const values = data.map((row) =>
            sort === 'customer_currency'
              ? ((row.customer_currency ?? row.currency) as string)
              : (row.currency as string),
          );
          const sorted = [...values].sort();
          expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
        }
      }
      const currencies = await use()
        .db.selectFrom('balance_transactions')
        .select('customer_currency')
        .distinct()
        .execute();
      expect(currencies.length, 'the seeded history has several customer currencies').toBeGreaterThan(2);
      expect(currencies.map((row) => row.customer_currency)).toContain(null);
      // Within one currency, rows with and without a customer currency are in date order.
      const store = (
        await use().db.selectFrom('accounts').select('default_currency').executeTakeFirstOrThrow()
      ).default_currency;
      const { data } = (await ok(
        `${BASE}/transactions?page=1&pagesize=100&sort=customer_currency&direction=desc&customer_currency_is=${store}&${ZONE}`,
      )) as { data: Json[] };
      expect(data.some((row) => row.customer_currency === null)).toBe(true);
      expect(data.some((row) => row.customer_currency !== null)).toBe(true);
      const dates = data.map((row) => row.date as string);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('filters payouts with the client’s advanced filters', async () => {
      const payouts = await use()
        .db.selectFrom('payouts')
        .select(['id', 'status', 'currency', 'arrival_date'])
        .execute();
      expect(payouts.length).toBeGreaterThan(0);
      const paid = payouts.filter((payout) => payout.status === 'paid');
      expect(paid.length).toBeGreaterThan(0);
      const currency = paid[0]!.currency;
      const query = [
        'page=1',
        'pagesize=100',
        'sort=date',
        'direction=desc',
        'match=all',
        `store_currency_is=${currency}`,
        `date_between%5B0%5D=${encodeURIComponent('2026-05-01 00:00:00')}`,
        `date_between%5B1%5D=${encodeURIComponent('2026-07-31 23:59:59')}`,
        'status_is=paid',
      ].join('&');
      const { data } = (await ok(`${BASE}/deposits?${query}`)) as { data: Json[] };
      const want = paid.filter((payout) => payout.currency === currency);
      expect(data.map((row) => row.id).sort()).toEqual(want.map((payout) => payout.id).sort());
      const notPaid = (await ok(`${BASE}/deposits?status_is_not=paid&match=all&pagesize=100`)) as {
        data: Json[];
      };
      expect(notPaid.data.every((row) => row.status !== 'paid')).toBe(true);
      const summary = (await ok(`${BASE}/deposits/summary?${query.replace(/^.*?match/, 'match')}`)) as Json;
      expect(summary.count).toBe(want.length);
    });

    it('starts CSV exports from filters in the query and no body', async () => {
      // The client sends no body and no content type: apiFetch adds one only with data.
      const recipient = `user_email=${encodeURIComponent('ops@example.test')}&locale=en_US&${ZONE}`;
      for (const [path, filters] of [
        ['transactions/download', 'match=all&type_is=charge&date_after=2026-06-01%2000%3A00%3A00'],
        ['deposits/download', 'match=all&status_is=paid'],
      ] as const) {
        const res = await send('POST', `${BASE}/${path}?${filters}&${recipient}`);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({
          export_id: expect.any(String),
          status: 'pending',
          user_email: 'ops@example.test',
        });
        // The filters are the query's: a malformed one is refused.
        const bad = await send('POST', `${BASE}/${path}?match=some&${recipient}`);
        expect(bad.statusCode).toBe(400);
      }
    });

    it('answers the blocked list’s synchronous download with every row the list has', async () => {
      const query = `status=block&sort=date&direction=desc&additional_status=review&${ZONE}`;
      const download = (await ok(`${BASE}/transactions/fraud-outcomes/download?${query}`)) as {
        data: Json[];
      };
      const list = (await ok(`${BASE}/transactions/fraud-outcomes?${query}&page=1&pagesize=100`)) as {
        data: Json[];
      };
      expect(download.data.length).toBeGreaterThan(0);
      expect(download.data).toEqual(list.data);
      expect((await get(`${BASE}/transactions/fraud-outcomes/download?status=nope`)).statusCode).toBe(400);
    });
  });

  describe('a refund as the client sends it', () => {
    it('takes the charge’s order.number as order_id, and refuses another order’s', async () => {
      const paid = async () => {
        const res = await checkout(app, admin.basic, cardCheckout());
        expect(res.statusCode, res.body).toBe(200);
        const charge = (await ok(
          `${BASE}/charges/${(res.json() as { charge: { id: string } }).charge.id}`,
        )) as {
          id: string;
          amount: number;
          order: { number: string };
        };
        return charge;
      };
      const [charge, other] = [await paid(), await paid()];
      // The checkout's order numbers are the store's own text, not the order ids.
      expect(charge.order.number).not.toMatch(/^\d+$/);
      const refund = (order_id: unknown) =>
        send('POST', `${BASE}/refund/`, {
          charge_id: charge.id,
          amount: charge.amount,
          reason: null,
          order_id,
        });
      const mismatch = await refund(other.order.number);
      expect(mismatch.json()).toMatchObject({ code: 'wcpay_intent_order_mismatch' });
      expect((await refund(true)).statusCode).toBe(400);
      const done = await refund(charge.order.number);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ charge: charge.id, amount: charge.amount });
    });
  });

  describe('the signed-in user’s woocommerce_meta', () => {
    const ME = '/wp-json/wp/v2/users/me';

    it('answers it, saves the inbox last-read marker per user, and keeps other users out', async () => {
      const before = (await ok(ME)) as Json & { id: number; woocommerce_meta: Json };
      expect(before.woocommerce_meta).toEqual({});
      const marker = String(Date.UTC(2026, 5, 15));
      const saved = await send('POST', ME, {
        woocommerce_meta: { wc_payments_overview_inbox_last_read: marker },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        id: before.id,
        woocommerce_meta: { wc_payments_overview_inbox_last_read: marker },
      });
      // The client's data layer saves with PUT on the user's id, through the method override.
      const later = String(Date.UTC(2026, 5, 16));
      const put = await send(
        'POST',
        `/wp-json/wp/v2/users/${before.id}`,
        { id: before.id, woocommerce_meta: { wc_payments_overview_inbox_last_read: later } },
        { 'x-http-method-override': 'PUT' },
      );
      expect(put.statusCode, put.body).toBe(200);
      expect(((await ok(ME)) as { woocommerce_meta: Json }).woocommerce_meta).toEqual({
        wc_payments_overview_inbox_last_read: later,
      });
      // Another user has their own marker.
      const other = await makeUser(use(), 'shop_manager');
      expect(((await ok(ME, other.basic)) as { woocommerce_meta: Json }).woocommerce_meta).toEqual({});
      const foreign = await send('POST', `/wp-json/wp/v2/users/${before.id + 1000}`, {
        woocommerce_meta: { wc_payments_overview_inbox_last_read: marker },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'rest_cannot_edit' });
      for (const bad of [
        { woocommerce_meta: { unknown_key: '1' } },
        { woocommerce_meta: { wc_payments_overview_inbox_last_read: 'soon' } },
        { woocommerce_meta: 'x' },
        { name: 'Mallory', woocommerce_meta: {} },
      ]) {
        const res = await send('POST', ME, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(((await ok(ME)) as { woocommerce_meta: Json }).woocommerce_meta).toEqual({
        wc_payments_overview_inbox_last_read: later,
      });
    });

    it('checks the capability, and the nonce of a signed-in browser', async () => {
      const customer = await makeUser(use(), 'customer');
      const payload = { woocommerce_meta: { wc_payments_overview_inbox_last_read: '1' } };
      const asCustomer = await app.inject({
        method: 'POST',
        url: ME,
        headers: { authorization: customer.basic },
        payload,
      });
      expect(asCustomer.statusCode).toBe(403);
      expect((await get(ME, customer.basic)).statusCode).toBe(403);
      const { cookie } = await signIn(app, admin);
      const noNonce = await app.inject({ method: 'POST', url: ME, headers: { cookie }, payload });
      expect(noNonce.statusCode).toBe(403);
      expect(noNonce.json()).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
      const nonce = await sessionNonce(use(), cookie);
      const withNonce = await app.inject({
        method: 'POST',
        url: ME,
        headers: { cookie, 'x-wp-nonce': nonce },
        payload,
      });
      expect(withNonce.statusCode, withNonce.body).toBe(200);
    });
  });

  describe('every GET of the client, replayed with its parameters and _locale=user', () => {
    /** A field's JSON type: what the client's code does with it depends on it. */
    const typeOf = (value: unknown) =>
      value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as string);

    /**
     * Checks each named field of an object for one of the JSON types listed; `a.b` reaches into
     * an object, `[]` into each element of a list.
     */
    function expectFields(where: string, value: unknown, fields: Record<string, string>) {
      for (const [path, types] of Object.entries(fields)) {
        const [head, ...rest] = path.split('.');
        const each = head!.endsWith('[]');
        const key = each ? head!.slice(0, -2) : head!;
        const child = (value as Json)[key];
        if (each) {
          expect(typeOf(child), `${where}: ${key}`).toBe('array');
          for (const item of child as unknown[])
            expectFields(`${where}.${key}[]`, item, { [rest.join('.')]: types });
        } else if (rest.length > 0) {
          if (child === null && types.split('|').includes('null')) continue;
          expectFields(`${where}.${key}`, child, { [rest.join('.')]: types });
        } else {
          // `datetime`: text in the UTC `YYYY-MM-DD HH:MM:SS` form the client parses.
          const kind =
            typeof child === 'string' && UTC_DATE_TIME_PATTERN.test(child) && types.includes('datetime')
              ? 'datetime'
              : typeOf(child);
          expect(types.split('|'), `${where}: ${path} is ${JSON.stringify(child)}`).toContain(kind);
        }
      }
    }

    it('answers each with the fields the client reads, in their JSON types', async () => {
      const db = use().db;
      const disputed = await db
        .selectFrom('disputes')
        .innerJoin('charges', 'charges.id', 'disputes.charge_id')
        .select([
          'disputes.id as dispute_id',
          'charges.id as charge_id',
          'charges.payment_intent_id',
          'charges.order_id',
        ])
        .executeTakeFirstOrThrow();
      // A payment held for review is listed with the authorizations but has no manual capture
      // (docs/compatibility.md); the detail call is replayed for a manual authorization.
      const authorization = (
        (await ok(`${BASE}/authorizations?page=1&pagesize=100`)) as {
          data: { payment_intent_id: string; needs_review: boolean }[];
        }
      ).data.find((row) => !row.needs_review);
      const payout = await db.selectFrom('payouts').select('id').executeTakeFirstOrThrow();
      const list = `page=1&pagesize=25&direction=desc&${ZONE}`;
      const calls: [string, Record<string, string>][] = [
        [
          `transactions?${list}&sort=date`,
          {
            'data[].transaction_id': 'string',
            'data[].date': 'datetime',
            'data[].type': 'string',
            'data[].amount': 'number',
            'data[].fees': 'number',
            'data[].net': 'number',
            'data[].currency': 'string',
            'data[].customer_currency': 'string|null',
            'data[].customer_amount': 'number|null',
            'data[].available_on': 'datetime',
            'data[].deposit_id': 'string|null',
            'data[].order': 'object|null',
            'data[].risk_level': 'number|null',
          },
        ],
        [
          `transactions/summary?${ZONE}`,
          { count: 'number', total: 'number', fees: 'number', net: 'number', currency: 'string' },
        ],
        [
          `transactions/fraud-outcomes?status=block&${list}&sort=date`,
          {
            'data[].created': 'datetime',
            'data[].amount': 'number',
            'data[].currency': 'string',
            'data[].customer_name': 'string',
            'data[].payment_intent.id': 'string',
            'data[].order': 'object|null',
          },
        ],
        [
          `transactions/fraud-outcomes/summary?status=block`,
          { count: 'number', total: 'number', currencies: 'array' },
        ],
        [
          `transactions/fraud-outcomes/download?status=block&additional_status=review&${ZONE}`,
          { 'data[].created': 'datetime' },
        ],
        [
          `authorizations?page=1&pagesize=25&sort=created&direction=desc`,
          { 'data[].payment_intent_id': 'string', 'data[].created': 'datetime', 'data[].amount': 'number' },
        ],
        [
          `authorizations/summary?page=1&pagesize=25&sort=created&direction=desc`,
          { count: 'number', total: 'number', currency: 'string' },
        ],
        [
          `deposits?page=1&pagesize=25&sort=date&direction=desc`,
          {
            'data[].id': 'string',
            'data[].date': 'number',
            'data[].amount': 'number',
            'data[].status': 'string',
            total_count: 'number',
          },
        ],
        [`deposits/summary`, { count: 'number', total: 'number', currency: 'string' }],
        [`deposits/overview-all`, { deposit: 'object', balance: 'object', account: 'object' }],
        [`deposits/${payout.id}`, { id: 'string', amount: 'number', status: 'string' }],
        [
          `disputes?page=1&pagesize=25&sort=created&direction=desc`,
          { 'data[].dispute_id': 'string', 'data[].amount': 'number', 'data[].status': 'string' },
        ],
        [`disputes/summary?page=1&pagesize=25`, { count: 'number' }],
        [
          `disputes/${disputed.dispute_id}`,
          { id: 'string', amount: 'number', status: 'string', evidence: 'object' },
        ],
        [
          `charges/${disputed.charge_id}`,
          { id: 'string', amount: 'number', disputed: 'boolean', dispute: 'object', created: 'number' },
        ],
        [`charges/order/${disputed.order_id}`, { id: 'string', amount: 'number' }],
        [`payment_intents/${disputed.payment_intent_id}`, { id: 'string', status: 'string' }],
        [`timeline/${disputed.payment_intent_id}`, { 'data[].type': 'string', 'data[].datetime': 'number' }],
        [`readers?limit=10`, {}],
        [
          `capital/loans`,
          {
            'data[].paid_out_at': 'datetime',
            'data[].first_paydown_at': 'datetime|null',
            'data[].fully_paid_at': 'datetime|null',
            'data[].fee_amount': 'number',
            'data[].withhold_rate': 'number',
          },
        ],
        [`capital/active_loan_summary`, { details: 'object' }],
        [`documents?page=1&pagesize=25&sort=date&direction=desc`, { data: 'array' }],
        [`documents/summary`, { count: 'number' }],
        [
          `settings`,
          {
            enabled_payment_method_ids: 'array',
            payment_method_statuses: 'object',
            is_wcpay_enabled: 'boolean',
          },
        ],
        [`multi-currency/currencies`, { available: 'object', enabled: 'object', default: 'object' }],
        [`multi-currency/get-settings`, {}],
        [
          `reporting/payment_activity?currency=usd&date_start=2026-06-01T00%3A00%3A00&date_end=2026-06-15T23%3A59%3A59&timezone=%2B00%3A00`,
          {},
        ],
        [`transactions/search?search_term=a`, {}],
        [`transactions/fraud-outcomes/search?status=block`, {}],
      ];
      if (authorization) {
        calls.push([
          `authorizations/${authorization.payment_intent_id}`,
          { payment_intent_id: 'string', created: 'datetime', capture_by: 'number' },
        ]);
      }
      for (const [call, fields] of calls) {
        const join = call.includes('?') ? '&' : '?';
        const res = await get(`${BASE}/${call}${join}_locale=user`);
        if (res.statusCode === 404 && call.startsWith('capital/active_loan_summary')) continue;
        expect(res.statusCode, `${call}: ${res.body.slice(0, 400)}`).toBe(200);
        expectFields(call, res.json(), fields);
      }
      // `disputed` says whether the charge has a dispute.
      expect(((await ok(`${BASE}/charges/${disputed.charge_id}`)) as Json).disputed).toBe(true);
      const undisputed = await db
        .selectFrom('charges')
        .select('id')
        .where('dispute_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(((await ok(`${BASE}/charges/${undisputed.id}`)) as Json).disputed).toBe(false);
      const me = await get('/wp-json/wp/v2/users/me?_locale=user');
      expect(me.statusCode).toBe(200);
      expectFields('users/me', me.json(), { id: 'number', woocommerce_meta: 'object' });
    });
  });
});
