import type { reporting } from '@paydesk/domain/contracts';
import { REPORT_TYPES, rangeInstants } from '@paydesk/domain/overview/payment-activity';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAccount } from '../../engine/accounts.ts';
import { postLedger } from '../../engine/ledger.ts';
import { seedHistory } from '../../engine/seed/seed.ts';
import { makeTestApp, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/**
 * The Overview's reads over a seeded history: each figure of the payment activity is checked
 * against the ledger rows of its range summed here in plain TypeScript.
 */

const BASE = '/wp-json/wc/v3/payments';
const END = new Date('2026-06-15T12:34:56Z');

interface Row {
  type: string;
  amount: number;
  fee: number;
  currency: string;
  created_at: Date;
}

const has = (list: readonly string[], type: string) => list.includes(type);

/** The figures of a range, from the ledger rows themselves. */
function oracle(rows: Row[], currency: string, from_ms: number, to_ms: number) {
  const inRange = rows.filter(
    (row) =>
      row.currency === currency &&
      row.created_at.getTime() >= from_ms &&
      row.created_at.getTime() < to_ms &&
      [
        ...REPORT_TYPES.charges,
        ...REPORT_TYPES.refunds,
        ...REPORT_TYPES.disputes,
        ...REPORT_TYPES.fees,
      ].includes(row.type as never),
  );
  const sum = (types: readonly string[]) =>
    inRange.filter((row) => has(types, row.type)).reduce((total, row) => total + row.amount, 0);
  const charges = sum(REPORT_TYPES.charges);
  const refunds = 0 - sum(REPORT_TYPES.refunds);
  const disputes = 0 - sum(REPORT_TYPES.disputes);
  const fees = inRange.reduce((total, row) => total + row.fee, 0) - sum(['card_reader_fee']);
  return {
    charges,
    refunds,
    disputes,
    fees,
    total_payment_volume: charges - refunds - disputes,
    rows: inRange,
  };
}

describeEachDatabase('reporting', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let rows: Row[];
  let accountId: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: admin.basic } });
  const activity = async (query: Record<string, string>) => {
    const res = await get(`${BASE}/reporting/payment_activity?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as reporting.TPaymentActivity;
  };

  beforeAll(async () => {
    admin = await makeUser(use(), 'administrator');
    await seedHistory(use(), { transactions: 1500, days: 20, seed: 7, end: END, batchPayments: 300 });
    const account = await findAccount(use().db);
    accountId = account!.id;
    // A second settlement currency, with rows off the hour and one on either side of a range edge.
    const at = (iso: string) => new Date(iso);
    await use()
      .db.transaction()
      .execute((trx) =>
        postLedger(trx, [
          ...[
            ['2026-06-10T09:15:00Z', 'charge', 5000, 175],
            ['2026-06-10T23:59:59Z', 'charge', 2500, 100],
            ['2026-06-11T00:00:00Z', 'charge', 1200, 60],
            ['2026-06-12T10:30:00Z', 'refund', -800, 0],
            ['2026-06-13T18:05:00Z', 'dispute', -2500, 1500],
            ['2026-06-14T08:00:00Z', 'card_reader_fee', -40, 0],
          ].map(([when, type, amount, fee], index) => ({
            id: `txn_eurtest${index}`,
            account_id: accountId,
            type: type as 'charge',
            amount: amount as number,
            fee: fee as number,
            currency: 'eur',
            source_id: `ch_eurtest${index}`,
            available_on: at(when as string),
            created_at: at(when as string),
          })),
        ]),
      );
    app = await makeTestApp(use());
    rows = (
      await sql<Row>`select type, amount, fee, currency, created_at from balance_transactions`.execute(
        use().db,
      )
    ).rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['the whole history in UTC', '2026-05-20T00:00:00', '2026-06-15T23:59:59', 'UTC'],
    ['a week in New York, off the hour', '2026-06-03T07:13:00', '2026-06-10T16:45:10', 'America/New_York'],
    ['a day in Kolkata (a half-hour offset)', '2026-06-08T00:00:00', '2026-06-08T23:59:59', 'Asia/Kolkata'],
    ['a fixed offset', '2026-06-01T00:00:00', '2026-06-14T23:59:59', '-03:00'],
  ])('sums the ledger rows of %s', async (_, date_start, date_end, timezone) => {
    const body = await activity({ date_start, date_end, timezone });
    const range = rangeInstants({ date_start, date_end }, timezone)!;
    const expected = oracle(rows, 'usd', range.from_ms, range.to_ms);
    expect(expected.rows.length, 'the range has ledger rows').toBeGreaterThan(10);
    expect(body).toMatchObject({
      currency: 'usd',
      charges: expected.charges,
      refunds: expected.refunds,
      disputes: expected.disputes,
      fees: expected.fees,
      total_payment_volume: expected.total_payment_volume,
      date_start,
      date_end,
      timezone,
    });
    expect(expected.charges).toBeGreaterThan(0);
    expect(body.series.reduce((total, point) => total + point.total_payment_volume, 0)).toBe(
      expected.total_payment_volume,
    );
  });

  it('answers the volume per day in the time zone, each day summing its own rows', async () => {
    const body = await activity({
      date_start: '2026-06-01T00:00:00',
      date_end: '2026-06-07T23:59:59',
      timezone: 'America/New_York',
    });
    expect(body.interval).toBe('day');
    expect(body.series.map((point) => point.date)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((day) => `2026-06-0${day}T00:00:00`),
    );
    for (const point of body.series) {
      const day = point.date.slice(0, 10);
      const range = rangeInstants(
        { date_start: `${day}T00:00:00`, date_end: `${day}T23:59:59` },
        'America/New_York',
      )!;
      expect(point.total_payment_volume, day).toBe(
        oracle(rows, 'usd', range.from_ms, range.to_ms).total_payment_volume,
      );
    }
  });

  it('answers hours for a day and months for a long period', async () => {
    const day = await activity({
      date_start: '2026-06-08T00:00:00',
      date_end: '2026-06-08T23:59:59',
      timezone: 'UTC',
    });
    expect(day.interval).toBe('hour');
    expect(day.series).toHaveLength(24);
    const year = await activity({
      date_start: '2025-06-16T00:00:00',
      date_end: '2026-06-15T23:59:59',
      timezone: 'UTC',
    });
    expect(year.interval).toBe('month');
    expect(year.series[0]?.date).toBe('2025-06-16T00:00:00');
    expect(year.series[1]?.date).toBe('2025-07-01T00:00:00');
    expect(year.series).toHaveLength(13);
  });

  it('reads another settlement currency, to the second at the range edges', async () => {
    const body = await activity({
      date_start: '2026-06-10T00:00:00',
      date_end: '2026-06-10T23:59:59',
      timezone: 'UTC',
      currency: 'EUR',
    });
    // The charge at 00:00:00 on the 11th is outside; the one at 23:59:59 is inside.
    expect(body).toMatchObject({ currency: 'eur', charges: 7500, refunds: 0, disputes: 0, fees: 275 });
    const week = await activity({
      date_start: '2026-06-10T00:00:00',
      date_end: '2026-06-15T23:59:59',
      timezone: 'UTC',
      currency: 'eur',
    });
    expect(week).toMatchObject({
      charges: 8700,
      refunds: 800,
      disputes: 2500,
      fees: 175 + 100 + 60 + 1500 + 40,
      total_payment_volume: 8700 - 800 - 2500,
    });
  });

  it('lists the deposit currencies, the default first, saying which have taken payments', async () => {
    const body = await activity({
      date_start: '2026-06-10T00:00:00',
      date_end: '2026-06-10T23:59:59',
      timezone: 'UTC',
    });
    expect(body.currencies).toEqual([
      { currency: 'usd', has_payments: true },
      { currency: 'eur', has_payments: true },
    ]);
    // A default currency without a payment yet is listed first all the same.
    await sql`update accounts set default_currency = 'gbp'`.execute(use().db);
    try {
      const moved = await activity({
        date_start: '2026-06-10T00:00:00',
        date_end: '2026-06-10T23:59:59',
        timezone: 'UTC',
      });
      expect(moved.currency).toBe('gbp');
      expect(moved.currencies).toEqual([
        { currency: 'gbp', has_payments: false },
        { currency: 'eur', has_payments: true },
        { currency: 'usd', has_payments: true },
      ]);
    } finally {
      await sql`update accounts set default_currency = 'usd'`.execute(use().db);
    }
  });

  it('answers zeros for a currency without activity', async () => {
    const body = await activity({
      date_start: '2026-06-10T00:00:00',
      date_end: '2026-06-10T23:59:59',
      timezone: 'UTC',
      currency: 'gbp',
    });
    expect(body).toMatchObject({ currency: 'gbp', charges: 0, total_payment_volume: 0, fees: 0 });
    expect(body.series.every((point) => point.total_payment_volume === 0)).toBe(true);
  });

  it.each([
    ['no end', 'date_start=2026-06-01T00:00:00&timezone=UTC', 'date_end'],
    ['a date without time', 'date_start=2026-06-01&date_end=2026-06-02T00:00:00&timezone=UTC', 'date_start'],
    [
      'a day that does not exist',
      'date_start=2026-02-30T00:00:00&date_end=2026-03-02T00:00:00&timezone=UTC',
      'date_start',
    ],
    [
      'an end before the start',
      'date_start=2026-06-02T00:00:00&date_end=2026-06-01T23:59:59&timezone=UTC',
      'date_end',
    ],
    [
      'an unknown time zone',
      'date_start=2026-06-01T00:00:00&date_end=2026-06-02T00:00:00&timezone=Mars/Base',
      'timezone',
    ],
    [
      'a currency that is not a code',
      'date_start=2026-06-01T00:00:00&date_end=2026-06-02T00:00:00&timezone=UTC&currency=euro',
      'currency',
    ],
    [
      'a period too long',
      'date_start=1990-01-01T00:00:00&date_end=2026-06-02T00:00:00&timezone=UTC',
      'date_start',
    ],
    [
      'an unknown parameter',
      'date_start=2026-06-01T00:00:00&date_end=2026-06-02T00:00:00&timezone=UTC&preset=today',
      'preset',
    ],
  ])('refuses %s with a 400 naming the parameter', async (_, query, param) => {
    const res = await get(`${BASE}/reporting/payment_activity?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; data: { status: number; params: Record<string, string> } };
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.status).toBe(400);
    expect(Object.keys(body.data.params)).toContain(param);
  });

  it('lists the disputes awaiting a response, the nearest deadline first', async () => {
    const expected = (
      await sql<{ id: string; charge_id: string; amount: number; currency: string; due_by: Date }>`
        select id, charge_id, amount, currency, due_by from disputes
         where status in ('needs_response', 'warning_needs_response') order by due_by, id limit 50`.execute(
        use().db,
      )
    ).rows;
    const res = await get(`${BASE}/reporting/disputes_awaiting_response`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: { dispute_id: string; due_by: string }[] };
    expect(data.map((item) => item.dispute_id)).toEqual(expected.map((row) => row.id));
    expect(data[0]).toEqual({
      dispute_id: expected[0]?.id,
      charge_id: expected[0]?.charge_id,
      amount: Number(expected[0]?.amount),
      currency: expected[0]?.currency,
      due_by: new Date(expected[0]!.due_by).toISOString(),
    });
    // Answered disputes are not listed.
    await sql`update disputes set status = 'under_review' where id = ${expected[0]!.id}`.execute(use().db);
    const after = (await get(`${BASE}/reporting/disputes_awaiting_response`)).json() as {
      data: { dispute_id: string }[];
    };
    expect(after.data.map((item) => item.dispute_id)).not.toContain(expected[0]!.id);
  });
});
