import { transactions } from '@paydesk/domain/contracts';
import { DAY_MS, UTC_DATE_TIME_PATTERN, utcDateTime, utcDateTimeSeconds } from '@paydesk/domain/time';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedHistory } from '../../engine/seed/seed.ts';
import { listTransactions } from '../../engine/transactions/list.ts';
import { customerSumsEligible, customerSumsTable, ledgerSummary } from '../../engine/transactions/summary.ts';
import { SORTS_LED_BY_A_COLUMN } from '../../engine/transactions/value-pages.ts';
import { makeTestApp, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/**
 * The transactions, blocked and uncaptured lists over a seeded history, each answer checked
 * against the same rows filtered, sorted and summed here in plain TypeScript.
 */

const BASE = '/wp-json/wc/v3/payments';
const END = new Date('2026-06-15T12:34:56Z');

interface Row {
  id: string;
  seq: number;
  type: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  customer_amount: number | null;
  customer_currency: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_country: string | null;
  risk_level: number | null;
  channel: string | null;
  source: string | null;
  source_device: string | null;
  payout_id: string | null;
  loan_id: string | null;
  order_id: number | null;
  charge_id: string | null;
  payment_intent_id: string | null;
  available_on: Date;
  created_at: Date;
}

const byDateDesc = (a: Row, b: Row) => b.created_at.getTime() - a.created_at.getTime() || b.seq - a.seq;

function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function perCurrency(items: { currency: string; amount: number }[]) {
  const totals = new Map<string, { currency: string; count: number; total: number }>();
  for (const item of items) {
    const entry = totals.get(item.currency) ?? { currency: item.currency, count: 0, total: 0 };
    entry.count += 1;
    entry.total += item.amount;
    totals.set(item.currency, entry);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

describeEachDatabase('transactions lists', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let rows: Row[];

  const get = (url: string, auth = admin.basic) =>
    app.inject({ method: 'GET', url, headers: { authorization: auth } });
  const ids = async (query: string) => {
    const res = await get(`${BASE}/transactions?pagesize=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { transaction_id: string }[] }).data.map((row) => row.transaction_id);
  };
  const expected = (predicate: (row: Row) => boolean, sort = byDateDesc) =>
    rows
      .filter(predicate)
      .sort(sort)
      .slice(0, 100)
      .map((row) => row.id);
  const count = async (query: string) => {
    const res = await get(`${BASE}/transactions/summary?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      count: number;
      total: number;
      fees: number;
      net: number;
      currency: string;
      totals: { currency: string; count: number; total: number; fees: number; net: number }[];
      store_currencies: string[];
      customer_currencies: string[];
      sources: string[];
    };
  };
  /** The list's first 100 rows and the summary's count both match the oracle. */
  const check = async (query: string, predicate: (row: Row) => boolean) => {
    const matching = rows.filter(predicate);
    expect(matching.length, `the seeded history has rows for ${query}`).toBeGreaterThan(0);
    expect(matching.length, `some rows are filtered out by ${query}`).toBeLessThan(rows.length);
    expect(await ids(query)).toEqual(expected(predicate));
    expect((await count(query)).count).toBe(matching.length);
  };

  beforeAll(async () => {
    admin = await makeUser(use(), 'administrator');
    await seedHistory(use(), { transactions: 1500, days: 20, seed: 11, end: END, batchPayments: 300 });
    app = await makeTestApp(use());
    rows = (
      await sql<Row>`select id, b.seq, type, amount, fee, net, currency, customer_amount, customer_currency, customer_name,
        customer_email, customer_country, risk_level, channel, source, source_device, lp.payout_id, loan_id,
        order_id, charge_id, payment_intent_id, available_on, b.created_at
        from balance_transactions b left join ledger_payouts lp on lp.seq = b.seq`.execute(use().db)
    ).rows.map((row) => ({ ...row, order_id: row.order_id === null ? null : Number(row.order_id) }));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists the newest first, 25 to a page, and pages through them', async () => {
    const res = await get(`${BASE}/transactions`);
    expect(res.statusCode).toBe(200);
    const sorted = [...rows].sort(byDateDesc).map((row) => row.id);
    expect(
      (res.json() as { data: { transaction_id: string }[] }).data.map((row) => row.transaction_id),
    ).toEqual(sorted.slice(0, 25));
    const third = await get(`${BASE}/transactions?page=3&pagesize=10`);
    expect(
      (third.json() as { data: { transaction_id: string }[] }).data.map((row) => row.transaction_id),
    ).toEqual(sorted.slice(20, 30));
    const deep = await get(`${BASE}/transactions?page=7&pagesize=100`);
    expect(
      (deep.json() as { data: unknown[] }).data.map(
        (row) => (row as { transaction_id: string }).transaction_id,
      ),
    ).toEqual(sorted.slice(600, 700));
    const beyond = await get(`${BASE}/transactions?page=1000&pagesize=100`);
    expect(beyond.json()).toEqual({ data: [] });
  });

  it('finds deep pages through the hourly rollups exactly as by skipping rows', async () => {
    const account = await use().db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    const queries = [
      '',
      'type_is=charge',
      'type_is_not=charge&store_currency_is=usd',
      'customer_currency_is=eur',
    ];
    for (const text of queries) {
      for (const direction of ['desc', 'asc'] as const) {
        for (const page of [1, 2, 7, 13, 30, 61]) {
          const query = transactions.ZTransactionsListQuery.parse({
            ...Object.fromEntries(new URLSearchParams(text)),
            page,
            pagesize: 25,
            direction,
          });
          const skipped = await listTransactions(use().db, account.id, query, { deepPageMinOffset: 0 });
          const plain = await listTransactions(use().db, account.id, query, { deepPageMinOffset: Infinity });
          expect(
            skipped.map((row) => row.transaction_id),
            `${text} ${direction} page ${page}`,
          ).toEqual(plain.map((row) => row.transaction_id));
          if (page === 2) expect(plain).toHaveLength(25);
        }
      }
    }
  });

  it('finds deep pages of a sort led by a column from its index exactly as by skipping rows', async () => {
    const account = await use().db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    // Runs of one value cross pages, and the nulls sort first descending and last ascending.
    expect(rows.some((row) => row.customer_name === null)).toBe(true);
    expect(new Set(rows.map((row) => row.amount)).size).toBeLessThan(rows.length - 50);
    const pagesize = 55;
    const pages = Math.ceil(rows.length / pagesize) + 1;
    for (const sort of Object.keys(SORTS_LED_BY_A_COLUMN)) {
      for (const direction of ['desc', 'asc'] as const) {
        const seen: string[] = [];
        for (let page = 1; page <= pages; page += 1) {
          const query = transactions.ZTransactionsListQuery.parse({ sort, page, pagesize, direction });
          const fromIndex = await listTransactions(use().db, account.id, query, { deepPageMinOffset: 0 });
          const plain = await listTransactions(use().db, account.id, query, { deepPageMinOffset: Infinity });
          const got = fromIndex.map((row) => row.transaction_id);
          expect(got, `${sort} ${direction} page ${page}`).toEqual(plain.map((row) => row.transaction_id));
          seen.push(...got);
        }
        expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
      }
    }
    // A filter narrows the list: the page is found by skipping rows, and is the same.
    const query = transactions.ZTransactionsListQuery.parse({
      sort: 'amount',
      type_is: 'refund',
      page: 2,
      pagesize: 5,
    });
    expect(
      (await listTransactions(use().db, account.id, query, { deepPageMinOffset: 0 })).map(
        (row) => row.transaction_id,
      ),
    ).toEqual(
      expected(
        (row) => row.type === 'refund',
        (a, b) => b.amount - a.amount || byDateDesc(a, b),
      ).slice(5, 10),
    );
  });

  it('answers the contract fields of a transaction', async () => {
    const charge = rows.filter(
      (row) => row.type === 'charge' && row.order_id !== null && row.payout_id !== null,
    )[0]!;
    const res = await get(`${BASE}/transactions?search[]=${charge.id}`);
    const [view] = (res.json() as { data: Record<string, unknown>[] }).data;
    const order = await use()
      .db.selectFrom('orders')
      .select(['id', 'number'])
      .where('id', '=', charge.order_id!)
      .executeTakeFirstOrThrow();
    const payout = await use()
      .db.selectFrom('payouts')
      .select('status')
      .where('id', '=', charge.payout_id!)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({
      transaction_id: charge.id,
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.charge_id,
      date: utcDateTime(charge.created_at),
      type: 'charge',
      amount: charge.amount,
      fees: charge.fee,
      net: charge.net,
      currency: charge.currency,
      customer_name: charge.customer_name,
      deposit_id: charge.payout_id,
      deposit_status: payout.status,
      // Sample history comes from no store: its orders have no pages to link to.
      order: { number: order.number, url: null, customer_url: null },
      metadata: { charge_type: null },
    });
    expect(view!.source_identifier).toMatch(/^\d{4}$/);
    expect((view!.order as { subscriptions: unknown }).subscriptions).toEqual([]);
    // A loan's rows name it by its public id.
    const repayment = rows.find((row) => row.loan_id !== null)!;
    const loan = await use()
      .db.selectFrom('loans')
      .select('stripe_loan_id')
      .where('id', '=', repayment.loan_id!)
      .executeTakeFirstOrThrow();
    const [repaid] = (
      (await get(`${BASE}/transactions?search[]=${repayment.id}`)).json() as {
        data: Record<string, unknown>[];
      }
    ).data;
    expect(repaid).toMatchObject({ transaction_id: repayment.id, loan_id: loan.stripe_loan_id });
  });

  it('filters by every advanced rule alone', async () => {
    const type = mostCommon(rows.map((row) => row.type));
    await check(`type_is=${type}`, (row) => row.type === type);
    await check(`type_is_not=${type}`, (row) => row.type !== type);
    await check('type_is_in[]=refund&type_is_in[]=dispute', (row) =>
      ['refund', 'dispute'].includes(row.type),
    );
    const country = mostCommon(rows.map((row) => row.customer_country).filter(Boolean)) as string;
    await check(`customer_country_is=${country.toLowerCase()}`, (row) => row.customer_country === country);
    await check(`customer_country_is_not=${country}`, (row) => row.customer_country !== country);
    const risk = mostCommon(rows.map((row) => row.risk_level).filter((value) => value !== null)) as number;
    await check(`risk_level_is=${risk}`, (row) => row.risk_level === risk);
    await check(`risk_level_is_not=${risk}`, (row) => row.risk_level !== risk);
    const source = mostCommon(rows.map((row) => row.source).filter(Boolean)) as string;
    await check(`source_is=${source}`, (row) => row.source === source);
    await check(`source_is_not=${source}`, (row) => row.source !== source);
    const customerCurrency = (row: Row) => row.customer_currency ?? row.currency;
    const foreign = mostCommon(rows.map(customerCurrency).filter((c) => c !== 'usd'));
    await check(`customer_currency_is=${foreign.toUpperCase()}`, (row) => customerCurrency(row) === foreign);
    await check(`customer_currency_is_not=${foreign}`, (row) => customerCurrency(row) !== foreign);
    await check('channel_is=online', (row) => row.channel === 'online');
    await check('channel_is_not=online', (row) => row.channel !== 'online');
  });

  it('filters by device when payments came from one', async () => {
    const device = rows.find((row) => row.source_device !== null)?.source_device;
    if (device) {
      await check(`source_device_is=${device}`, (row) => row.source_device === device);
      await check(`source_device_is_not=${device}`, (row) => row.source_device !== device);
    } else {
      expect(await ids('source_device_is=ios')).toEqual([]);
      expect(await ids('source_device_is_not=ios')).toEqual(expected(() => true));
    }
  });

  it('filters by dates: before, after and between, as days or times, in either order', async () => {
    const day = (offset: number) => new Date(END.getTime() - offset * DAY_MS).toISOString().slice(0, 10);
    const start = (d: string) => new Date(`${d}T00:00:00Z`).getTime();
    await check(`date_before=${day(5)}`, (row) => row.created_at.getTime() < start(day(5)));
    await check(`date_after=${day(5)}`, (row) => row.created_at.getTime() >= start(day(5)) + DAY_MS);
    await check(
      `date_between[]=${day(3)}&date_between[]=${day(8)}`,
      (row) => row.created_at.getTime() >= start(day(8)) && row.created_at.getTime() < start(day(3)) + DAY_MS,
    );
    await check(
      `date_between[0]=${encodeURIComponent(`${day(8)} 00:00:00`)}&date_between[1]=${encodeURIComponent(`${day(3)} 23:59:59`)}`,
      (row) => row.created_at.getTime() >= start(day(8)) && row.created_at.getTime() < start(day(3)) + DAY_MS,
    );
    const noon = `${day(4)} 12:00:00`;
    await check(
      `date_after=${encodeURIComponent(noon)}`,
      (row) => row.created_at.getTime() >= start(day(4)) + DAY_MS / 2 + 1000,
    );
  });

  it('combines rules with match=all and match=any, and link filters always narrow', async () => {
    const country = mostCommon(rows.map((row) => row.customer_country).filter(Boolean)) as string;
    await check(
      `type_is=refund&customer_country_is=${country}`,
      (row) => row.type === 'refund' && row.customer_country === country,
    );
    await check(
      `match=any&type_is=refund&customer_country_is=${country}`,
      (row) => row.type === 'refund' || row.customer_country === country,
    );
    await check(
      `match=any&type_is=refund&risk_level_is=2&store_currency_is=usd`,
      (row) => (row.type === 'refund' || row.risk_level === 2) && row.currency === 'usd',
    );
    const payout = mostCommon(rows.map((row) => row.payout_id).filter(Boolean)) as string;
    await check(`deposit_id=${payout}`, (row) => row.payout_id === payout);
    await check(
      `deposit_id=${payout}&type_is=charge`,
      (row) => row.payout_id === payout && row.type === 'charge',
    );
    // The payout's rows are walked from its own index: under either match, oldest first, and on
    // a later page, in the list's order.
    await check(
      `deposit_id=${payout}&match=any&type_is=refund&customer_country_is=${country}`,
      (row) => row.payout_id === payout && (row.type === 'refund' || row.customer_country === country),
    );
    const swept = (row: Row) => row.payout_id === payout;
    expect(await ids(`deposit_id=${payout}&direction=asc`)).toEqual(
      expected(swept, (a, b) => -byDateDesc(a, b)),
    );
    const secondPage = rows
      .filter(swept)
      .sort(byDateDesc)
      .slice(10, 20)
      .map((row) => row.id);
    expect(secondPage.length).toBe(10);
    const res = await get(`${BASE}/transactions?pagesize=10&page=2&deposit_id=${payout}`);
    expect(
      (res.json() as { data: { transaction_id: string }[] }).data.map((row) => row.transaction_id),
    ).toEqual(secondPage);
  });

  it('filters by a loan by its public id: its rows and the payments its repayments came from', async () => {
    const loans = await use().db.selectFrom('loans').select(['id', 'stripe_loan_id']).execute();
    const loan = loans.find((l) =>
      rows.some((row) => row.loan_id === l.id && row.type === 'financing_paydown'),
    );
    expect(loan, 'the seeded history repays a loan').toBeDefined();
    const repaidFrom = new Set(
      rows
        .filter((row) => row.loan_id === loan!.id && row.type === 'financing_paydown')
        .map((row) => row.charge_id),
    );
    const repaying = (row: Row) =>
      (row.type === 'charge' || row.type === 'payment') && repaidFrom.has(row.charge_id);
    await check(`loan_id_is=${loan!.stripe_loan_id}`, (row) => row.loan_id === loan!.id || repaying(row));
    // The loans page's link (type charge): the card charges the loan was repaid from.
    await check(
      `type_is=charge&loan_id_is=${loan!.stripe_loan_id}`,
      (row) => row.type === 'charge' && repaying(row),
    );
    expect(await ids('loan_id_is=flxln_none')).toEqual([]);
    expect((await get(`${BASE}/transactions?loan_id_is=flxln-bad`)).statusCode).toBe(400);
  });

  it('searches by name prefix, "name (email)", order number and ids, any term matching', async () => {
    const named = rows.find((row) => row.customer_name && row.customer_email && row.order_id !== null)!;
    const prefix = named.customer_name!.slice(0, 3);
    await check(`search[]=${encodeURIComponent(prefix.toUpperCase())}`, (row) =>
      [row.customer_name, row.customer_email].some((v) => v?.toLowerCase().startsWith(prefix.toLowerCase())),
    );
    await check(
      `search[]=${encodeURIComponent(`${named.customer_name} (${named.customer_email})`)}`,
      (row) =>
        row.customer_name?.toLowerCase() === named.customer_name!.toLowerCase() &&
        row.customer_email?.toLowerCase() === named.customer_email!.toLowerCase(),
    );
    const order = await use()
      .db.selectFrom('orders')
      .select('number')
      .where('id', '=', named.order_id!)
      .executeTakeFirstOrThrow();
    if (/^\d+$/.test(order.number)) {
      const result = await ids(`search[]=${encodeURIComponent(`Order #${order.number}`)}`);
      expect(result).toEqual(
        expect.arrayContaining(rows.filter((row) => row.order_id === named.order_id).map((row) => row.id)),
      );
    }
    const other = rows.find((row) => row.type === 'refund')!;
    expect(await ids(`search[]=${named.id}&search[]=${other.payment_intent_id}`)).toEqual(
      expected((row) => row.id === named.id || row.payment_intent_id === other.payment_intent_id),
    );
    expect(await ids('search[]=zz%25')).toEqual([]);
  });

  it('sorts by each column both ways, stable by date and sequence', async () => {
    // A row without a customer amount or currency (a fee, a loan repayment) sorts by its amount
    // in its store currency; other nulls sort last ascending and first descending.
    const cases: [string, (row: Row) => number | string | null][] = [
      ['amount', (row) => row.amount],
      ['fees', (row) => row.fee],
      ['net', (row) => row.net],
      ['customer_amount', (row) => row.customer_amount ?? row.amount],
      ['customer_currency', (row) => row.customer_currency ?? row.currency],
      ['deposit_currency', (row) => row.currency],
      ['risk_level', (row) => row.risk_level],
      ['channel', (row) => row.channel],
      ['available_on', (row) => row.available_on.getTime()],
      ['source', (row) => row.source],
      ['type', (row) => row.type],
    ];
    expect(rows.some((row) => row.customer_amount === null && row.amount !== 0)).toBe(true);
    expect(rows.some((row) => row.risk_level === null)).toBe(true);
    for (const [sort, value] of cases) {
      for (const direction of ['asc', 'desc'] as const) {
        const sign = direction === 'asc' ? 1 : -1;
        const order = (x: number | string | null, y: number | string | null) =>
          x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        const compare = (a: Row, b: Row) => {
          const [x, y] = [value(a), value(b)];
          return (
            order(x, y) * sign ||
            (a.created_at.getTime() - b.created_at.getTime()) * sign ||
            (a.seq - b.seq) * sign
          );
        };
        expect(await ids(`sort=${sort}&direction=${direction}`)).toEqual(expected(() => true, compare));
      }
    }
    const ascending = await ids('direction=asc');
    expect(ascending).toEqual(
      expected(
        () => true,
        (a, b) => -byDateDesc(a, b),
      ),
    );
  });

  it('sums per currency from the rollups and from the ledger alike', async () => {
    const sum = (predicate: (row: Row) => boolean) => {
      const matching = rows.filter(predicate);
      return {
        count: matching.length,
        total: matching.reduce((s, r) => s + r.amount, 0),
        fees: matching.reduce((s, r) => s + r.fee, 0),
        net: matching.reduce((s, r) => s + r.net, 0),
      };
    };
    const all = await count('');
    expect(all).toMatchObject({ ...sum(() => true), currency: 'usd', store_currencies: ['usd'] });
    expect(all.sources).toEqual([...new Set(rows.map((row) => row.source).filter(Boolean))].sort());
    expect(all.customer_currencies).toEqual(
      [...new Set(rows.map((row) => row.customer_currency ?? row.currency))].sort(),
    );
    // Not on hour boundaries, so both partial hours come from the ledger.
    const from = new Date(END.getTime() - 9.3 * DAY_MS);
    const to = new Date(END.getTime() - 2.7 * DAY_MS);
    const text = (d: Date) => encodeURIComponent(d.toISOString().slice(0, 19).replace('T', ' '));
    const inRange = (row: Row) => row.created_at >= from && row.created_at.getTime() < to.getTime() + 1000;
    const ranged = await count(`date_between[]=${text(from)}&date_between[]=${text(to)}&type_is_not=charge`);
    expect(ranged).toMatchObject(sum((row) => inRange(row) && row.type !== 'charge'));
    expect(ranged.sources).toEqual(
      [
        ...new Set(
          rows
            .filter((row) => inRange(row) && row.type !== 'charge')
            .map((row) => row.source)
            .filter(Boolean),
        ),
      ].sort(),
    );
    const country = mostCommon(rows.map((row) => row.customer_country).filter(Boolean)) as string;
    expect(await count(`customer_country_is=${country}&type_is=charge`)).toMatchObject(
      sum((row) => row.customer_country === country && row.type === 'charge'),
    );
    expect(await count(`date_before=2000-01-01`)).toMatchObject({
      count: 0,
      total: 0,
      totals: [],
      sources: [],
    });
  });

  const values = <K extends keyof Row>(key: K) =>
    [...new Set(rows.map((row) => row[key]).filter((value) => value !== null))] as NonNullable<Row[K]>[];
  const pick = <T>(list: readonly T[]) => fc.constantFrom(...list);

  /** Rules on the attributes both the cubes and the sums per customer keep. */
  const attributeRules = () => ({
    type_is: pick(values('type')),
    type_is_not: pick(values('type')),
    type_is_in: fc.subarray(values('type'), { minLength: 1 }),
    store_currency_is: pick(values('currency')),
    customer_currency_is: pick(values('customer_currency')),
    customer_currency_is_not: pick(values('customer_currency')),
    customer_country_is: pick(values('customer_country')),
    customer_country_is_not: pick(values('customer_country')),
    source_is: pick(values('source')),
    source_is_not: pick(values('source')),
  });

  /** Searches of up to `maxTerms` terms drawn from `term`, with up to two attribute rules, either match. */
  const searchFilters = (term: fc.Arbitrary<string>, maxTerms: number) => {
    const rules = attributeRules();
    type Rule = keyof typeof rules;
    return fc
      .tuple(
        fc.array(term, { minLength: 1, maxLength: maxTerms }),
        fc.subarray(Object.keys(rules) as Rule[], { maxLength: 2 }),
        pick(['all', 'any']),
      )
      .chain(([search, keys, match]) =>
        fc
          .record(
            Object.fromEntries(keys.map((key) => [key, rules[key]])) as Record<Rule, fc.Arbitrary<unknown>>,
          )
          .map((chosen) => ({ ...chosen, search, match })),
      );
  };

  /** A filter set drawn, as the summary's contract reads it from the query string. */
  const summaryQuery = (chosen: Record<string, unknown>) =>
    transactions.ZTransactionsSummaryQuery.parse(
      Object.fromEntries(
        Object.entries(chosen).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.map(String) : String(value),
        ]),
      ),
    );

  /**
   * Asserts that the summary of every filter set drawn equals the sums of the rows it selects
   * (`ledgerSummary`); answers how many selected some rows but not all.
   */
  const summariesMatchRows = async (filters: fc.Arbitrary<Record<string, unknown>>, numRuns: number) => {
    const account = await use()
      .db.selectFrom('accounts')
      .select(['id', 'default_currency'])
      .executeTakeFirstOrThrow();
    let selective = 0;
    await fc.assert(
      fc.asyncProperty(filters, async (chosen) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(chosen)) {
          if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
          else params.append(key, String(value));
        }
        const fromRows = await ledgerSummary(
          use().db,
          { id: account.id, defaultCurrency: async () => account.default_currency },
          summaryQuery(chosen),
        );
        expect(await count(params.toString()), params.toString()).toEqual(fromRows);
        if (fromRows.count > 0 && fromRows.count < rows.length) selective += 1;
      }),
      { numRuns },
    );
    return selective;
  };

  it('sums any combination of filters from the cubes exactly as the rows it selects', async () => {
    const loans = await use().db.selectFrom('loans').select('stripe_loan_id').execute();
    expect(loans.length, 'the seeded history has a loan').toBeGreaterThan(0);
    const start = Math.min(...rows.map((row) => row.created_at.getTime()));
    const span = END.getTime() - start;
    // Whole days, whole seconds inside a day (the page's end of day) and any millisecond.
    const instant = fc.oneof(
      fc
        .integer({ min: -2, max: Math.ceil(span / DAY_MS) + 1 })
        .map((days) =>
          new Date(Math.floor(start / DAY_MS) * DAY_MS + days * DAY_MS).toISOString().slice(0, 10),
        ),
      fc
        .integer({ min: -DAY_MS, max: span + DAY_MS })
        .map((offset) => new Date(start + offset).toISOString().slice(0, 19).replace('T', ' ')),
    );
    const rules = {
      date_before: instant,
      date_after: instant,
      date_between: fc.tuple(instant, instant),
      ...attributeRules(),
      source_device_is: pick(values('source_device')),
      source_device_is_not: pick(values('source_device')),
      channel_is: pick(values('channel')),
      channel_is_not: pick(values('channel')),
      risk_level_is: pick(values('risk_level')),
      risk_level_is_not: pick(values('risk_level')),
      deposit_id: pick(values('payout_id')),
      loan_id_is: pick(loans.map((loan) => loan.stripe_loan_id)),
    };
    type Rule = keyof typeof rules;
    // One to three rules (the page adds them one at a time), combined either way.
    const filters = fc
      .tuple(fc.subarray(Object.keys(rules) as Rule[], { minLength: 1, maxLength: 3 }), pick(['all', 'any']))
      .chain(([keys, match]) =>
        fc
          .record(
            Object.fromEntries(keys.map((key) => [key, rules[key]])) as Record<Rule, fc.Arbitrary<unknown>>,
          )
          .map((chosen) => ({ ...chosen, match })),
      );
    // Most runs select some rows but not all, so the sums compared are not trivially equal.
    expect(await summariesMatchRows(filters, 100)).toBeGreaterThan(50);
  });

  it('sums a search of customers from the sums per customer exactly as the rows it selects', async () => {
    const customers = rows.filter((row) => row.customer_name || row.customer_email);
    const names = values('customer_name').filter((name) => name !== '');
    const emails = values('customer_email').filter((email) => email !== '');
    expect(names.length, 'the seeded history has customers').toBeGreaterThan(10);
    // A prefix of a name or an e-mail in any case, a whole "name (e-mail)" of a customer, or text
    // no customer starts with.
    const prefix = (texts: string[]) =>
      fc
        .tuple(pick(texts), fc.integer({ min: 1, max: 4 }), fc.boolean())
        .map(([text, length, upper]) =>
          upper ? text.slice(0, length).toUpperCase() : text.slice(0, length),
        );
    const term = fc.oneof(
      { arbitrary: prefix(names), weight: 4 },
      { arbitrary: prefix(emails), weight: 2 },
      { arbitrary: pick(customers).map((row) => `${row.customer_name} (${row.customer_email})`), weight: 2 },
      { arbitrary: fc.constantFrom('zz-nobody', '%', '_a'), weight: 1 },
    );
    const filters = searchFilters(term, 3);
    const eligible = fc.sample(filters, 200).filter((chosen) => customerSumsEligible(summaryQuery(chosen)));
    expect(eligible.length, 'the sums per customer answer the searches drawn').toBe(200);
    expect(await summariesMatchRows(filters, 100)).toBeGreaterThan(50);
  });

  it('sums a search of one character from the sums per first letter exactly as the rows it selects', async () => {
    const texts = [...values('customer_name'), ...values('customer_email')].filter((text) => text !== '');
    const firsts = [...new Set(texts.map((text) => [...text][0] as string))];
    expect(firsts.length, 'the seeded customers start with several letters').toBeGreaterThan(3);
    // The first character of a name or an e-mail in either case, or one that LIKE would read as a
    // wildcard, or one no customer starts with.
    const term = fc.oneof(
      {
        arbitrary: fc
          .tuple(pick(firsts), fc.boolean())
          .map(([first, upper]) => (upper ? first.toUpperCase() : first.toLowerCase())),
        weight: 6,
      },
      { arbitrary: fc.constantFrom('%', '_', '\\', 'é'), weight: 1 },
    );
    const filters = searchFilters(term, 2);
    const drawn = fc.sample(filters, 200).map(summaryQuery);
    expect(
      drawn.filter(
        (query) =>
          customerSumsEligible(query) && customerSumsTable(query.search ?? []) === 'ledger_customer_letters',
      ).length,
      'the sums per first letter answer the searches drawn',
    ).toBe(200);
    expect(await summariesMatchRows(filters, 100)).toBeGreaterThan(30);
  });

  it('refuses unknown and malformed parameters with 400 and the reason per field', async () => {
    const cases = [
      'unknown=1',
      'pagesize=101',
      'page=0',
      'sort=seq',
      'direction=up',
      'type_is=nothing',
      'date_before=2026-02-30',
      'date_between[]=2026-01-01',
      'risk_level_is=7',
      'customer_currency_is=dollars',
      'match=some',
      `search[]=${'x'.repeat(101)}`,
    ];
    for (const query of cases) {
      const res = await get(`${BASE}/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        code: 'rest_invalid_param',
        data: { status: 400, params: expect.any(Object) },
      });
    }
    expect((await get(`${BASE}/transactions/summary?bogus=1`)).statusCode).toBe(400);
    expect((await get(`${BASE}/transactions/search?search_term=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('suggests names, "name (email)" and orders for typed text', async () => {
    const named = rows.find((row) => row.customer_name && row.customer_email)!;
    // The whole name is typed: suggestions stop at ten, and a short prefix may be shared by
    // more names than that.
    const typed = named.customer_name!.toLowerCase();
    const res = await get(`${BASE}/transactions/search?search_term=${encodeURIComponent(typed)}`);
    expect(res.statusCode).toBe(200);
    const suggestions = (res.json() as { label: string }[]).map((option) => option.label);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(10);
    for (const suggestion of suggestions) {
      const email = /\(([^()]+)\)$/.exec(suggestion)?.[1] ?? '';
      expect(
        suggestion.toLowerCase().startsWith(typed) || email.toLowerCase().startsWith(typed),
        suggestion,
      ).toBe(true);
    }
    expect(suggestions).toContain(named.customer_name);
    // The walk starts at the first matching name in byte order and goes up from there.
    const bytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const matchingNames = [
      ...new Set(
        rows.map((row) => row.customer_name?.toLowerCase() ?? '').filter((name) => name.startsWith(typed)),
      ),
    ].sort(bytes);
    expect(suggestions[0]!.toLowerCase()).toBe(matchingNames[0]);
    // Every suggestion is a search term that finds rows.
    const first = suggestions[0]!;
    expect((await ids(`search[]=${encodeURIComponent(first)}`)).length).toBeGreaterThan(0);
    expect((await get(`${BASE}/transactions/search?search_term=qqqqq`)).json()).toEqual([]);
  });

  it('lists blocked and held payments with their summary and search', async () => {
    const outcomes = await use()
      .db.selectFrom('fraud_outcomes')
      .select([
        'payment_intent_id',
        'status',
        'manual_action',
        'created_at',
        'id',
        'amount',
        'currency',
        'customer_name',
      ])
      .execute();
    const state = (o: (typeof outcomes)[number]) =>
      o.status === 'block' || o.manual_action === 'blocked'
        ? 'block'
        : o.manual_action === null
          ? 'review'
          : 'allowed';
    const newest = (a: (typeof outcomes)[number], b: (typeof outcomes)[number]) =>
      b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id);
    for (const status of ['block', 'review'] as const) {
      const want = outcomes.filter((o) => state(o) === status).sort(newest);
      const res = await get(`${BASE}/transactions/fraud-outcomes?status=${status}&pagesize=100`);
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: { payment_intent: { id: string } }[] }).data;
      expect(data.map((row) => row.payment_intent.id)).toEqual(
        want.slice(0, 100).map((o) => o.payment_intent_id),
      );
      const summary = (await get(`${BASE}/transactions/fraud-outcomes/summary?status=${status}`)).json() as {
        total: number;
        currency: string;
      };
      expect(summary).toMatchObject({ count: want.length, totals: perCurrency(want) });
      expect(summary.total).toBe(
        want.filter((o) => o.currency === summary.currency).reduce((s, o) => s + o.amount, 0),
      );
    }
    const blocked = outcomes.filter((o) => state(o) === 'block');
    expect(blocked.length).toBeGreaterThan(0);
    const reviewedThenBlocked = blocked.filter((o) => o.status === 'review');
    const narrowed = await get(
      `${BASE}/transactions/fraud-outcomes?status=block&additional_status=review&pagesize=100`,
    );
    expect((narrowed.json() as { data: unknown[] }).data).toHaveLength(
      Math.min(100, reviewedThenBlocked.length),
    );
    const name = blocked.find((o) => o.customer_name)?.customer_name;
    if (name) {
      const suggestions = (
        await get(
          `${BASE}/transactions/fraud-outcomes/search?status=block&search_term=${encodeURIComponent(name.slice(0, 3))}`,
        )
      ).json() as { label: string }[];
      expect(suggestions.map((option) => option.label)).toContain(name);
      const found = (
        await get(`${BASE}/transactions/fraud-outcomes?status=block&search[]=${encodeURIComponent(name)}`)
      ).json() as { data: { customer_name: string }[] };
      expect(found.data.length).toBe(
        blocked.filter((o) => o.customer_name.toLowerCase().startsWith(name.toLowerCase())).length,
      );
    }
    expect((await get(`${BASE}/transactions/fraud-outcomes?status=allow`)).statusCode).toBe(400);
    expect(
      (await get(`${BASE}/transactions/fraud-outcomes?status=block&search[]=nobody-here`)).json(),
    ).toEqual({ data: [] });
  });

  it('lists uncaptured authorizations oldest first, sums them and reads one', async () => {
    const open = await use()
      .db.selectFrom('charges')
      .select(['id', 'payment_intent_id', 'created_at', 'amount', 'currency'])
      .where('status', '=', 'succeeded')
      .where('captured', '=', false)
      .where('authorization_expires_at', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const res = await get(`${BASE}/authorizations?pagesize=100`);
    expect(res.statusCode).toBe(200);
    const data = (
      res.json() as {
        data: { payment_intent_id: string; created: string; capture_by: number; is_captured: boolean }[];
      }
    ).data;
    expect(data.map((row) => row.payment_intent_id)).toEqual(
      open.slice(0, 100).map((c) => c.payment_intent_id),
    );
    expect(data[0]!.created).toMatch(UTC_DATE_TIME_PATTERN);
    expect(data[0]!.capture_by - utcDateTimeSeconds(data[0]!.created)).toBe(7 * 86_400);
    expect(data.every((row) => !row.is_captured)).toBe(true);
    const desc = (await get(`${BASE}/authorizations?pagesize=100&direction=desc&sort=created`)).json() as {
      data: { payment_intent_id: string }[];
    };
    expect(desc.data.map((row) => row.payment_intent_id)).toEqual(
      [...open]
        .reverse()
        .slice(0, 100)
        .map((c) => c.payment_intent_id),
    );
    const byAmount = (await get(`${BASE}/authorizations?pagesize=100&sort=amount&direction=desc`)).json() as {
      data: { amount: number }[];
    };
    expect(byAmount.data.map((row) => row.amount)).toEqual(
      [...open]
        .map((c) => c.amount)
        .sort((a, b) => b - a)
        .slice(0, 100),
    );
    const summary = (
      await get(`${BASE}/authorizations/summary?page=2&pagesize=10&sort=created&direction=asc`)
    ).json();
    const totals = perCurrency(open);
    expect(summary).toMatchObject({
      count: open.length,
      totals,
      currency: totals.length === 1 ? totals[0]!.currency : 'usd',
      all_currencies: totals.map((t) => t.currency),
    });

    const one = await get(`${BASE}/authorizations/${open[0]!.payment_intent_id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      payment_intent_id: open[0]!.payment_intent_id,
      is_captured: false,
      amount: open[0]!.amount,
    });
    const captured = await use()
      .db.selectFrom('payment_intents as pi')
      .innerJoin('charges as c', 'c.id', 'pi.latest_charge_id')
      .select('pi.id')
      .where('pi.capture_method', '=', 'manual')
      .where('c.captured', '=', true)
      .executeTakeFirst();
    if (captured)
      expect((await get(`${BASE}/authorizations/${captured.id}`)).json()).toMatchObject({
        is_captured: true,
      });
    const automatic = rows.find((row) => row.type === 'charge')!.payment_intent_id!;
    for (const id of ['pi_missing', automatic]) {
      const missing = await get(`${BASE}/authorizations/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'authorization_missing', data: { status: 404 } });
    }
  });

  it('marks the authorizations a fraud rule holds for review until they are approved or blocked', async () => {
    // The seeded review rule holds payments from an IP address abroad; the history's own held
    // payments lapsed long ago, so two are made now, beside an ordinary authorization.
    const checkout = (order: string, extra: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `${BASE}/payment_intents`,
        headers: { authorization: admin.basic, 'idempotency-key': `review-${order}` },
        payload: {
          amount: 2_000,
          currency: 'usd',
          capture_method: 'automatic',
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
          },
          order: {
            number: order,
            customer: { name: 'Rita Review', email: 'rita@example.test' },
            billing_address: { country: 'US' },
          },
          ...extra,
        },
      });
    for (const [order, extra] of [
      ['R-1', { ip_country: 'BR' }],
      ['R-2', { ip_country: 'BR' }],
      ['R-3', { capture_method: 'manual' }],
    ] as const) {
      const res = await checkout(order, extra);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'requires_capture' });
    }
    const all = (await get(`${BASE}/authorizations?pagesize=100`)).json() as {
      data: { payment_intent_id: string; order_id: number | null; needs_review: boolean }[];
    };
    const held = await use()
      .db.selectFrom('fraud_outcomes')
      .select('payment_intent_id')
      .where('status', '=', 'review')
      .where('manual_action', 'is', null)
      .execute();
    const heldIds = new Set(held.map((row) => row.payment_intent_id));
    const marked = all.data.filter((row) => row.needs_review);
    expect(marked.length, 'the seeded history holds payments for review').toBeGreaterThan(0);
    expect(all.data.length - marked.length, 'and has ordinary authorizations').toBeGreaterThan(0);
    for (const row of all.data) expect(row.needs_review).toBe(heldIds.has(row.payment_intent_id));
    // A payment held for review is an authorization read by its id too, though the checkout
    // asked for an automatic capture.
    const heldNow = all.data.find((row) => row.needs_review)!;
    const one = await get(`${BASE}/authorizations/${heldNow.payment_intent_id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ payment_intent_id: heldNow.payment_intent_id, needs_review: true });

    // Approving one (a capture) takes it off the list; blocking one (a cancel) too.
    const [approve, block] = marked;
    for (const [row, action] of [
      [approve!, 'capture_authorization'],
      [block!, 'cancel_authorization'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `${BASE}/orders/${row.order_id}/${action}`,
        headers: { authorization: admin.basic, 'idempotency-key': `review-${action}` },
        payload: { payment_intent_id: row.payment_intent_id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = (await get(`${BASE}/authorizations?pagesize=100`)).json() as typeof all;
    const left = new Set(after.data.map((row) => row.payment_intent_id));
    expect(left.has(approve!.payment_intent_id)).toBe(false);
    expect(left.has(block!.payment_intent_id)).toBe(false);
    expect(after.data.filter((row) => row.needs_review)).toHaveLength(marked.length - 2);
  });

  it('requires the manage_woocommerce capability', async () => {
    const customer = await makeUser(use(), 'customer');
    expect((await get(`${BASE}/transactions`, customer.basic)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${BASE}/authorizations` })).statusCode).toBe(401);
  });
});
