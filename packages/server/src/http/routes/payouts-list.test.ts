import type { exports, payouts } from '@paydesk/domain/contracts';
import { PAYOUT_CSV_HEADERS } from '@paydesk/domain/exports/columns';
import { PAYOUT_STATUSES } from '@paydesk/domain/transactions/status';
import { beforeAll, expect, it } from 'vitest';
import { JOB_HANDLERS } from '../../engine/context.ts';
import { runDueJobs } from '../../engine/jobs.ts';
import { insertPayoutFixtures, type PayoutFixture } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/**
 * Every parameter, sort, filter and error of `GET {base}/deposits`, its summary, one payout and
 * the payouts export, over a fixed set of payouts in two currencies and every status.
 */

const BASE = '/wp-json/wc/v3/payments';
type Payout = payouts.TPayout;

/** Arrival days are distinct, so the default order is known: newest first. */
const FIXTURES: PayoutFixture[] = [
  { id: 'po_t01', day: '2026-03-01', amount: 5_000, status: 'paid' },
  { id: 'po_t02', day: '2026-03-02', amount: 1_000, status: 'paid' },
  { id: 'po_t03', day: '2026-03-03', amount: 7_500, status: 'failed' },
  { id: 'po_t04', day: '2026-03-04', amount: 2_500, status: 'canceled' },
  { id: 'po_t05', day: '2026-03-05', amount: 3_000, status: 'paid', type: 'withdrawal' },
  { id: 'po_t06', day: '2026-03-06', amount: 9_900, fee: 150, status: 'in_transit' },
  { id: 'po_t07', day: '2026-03-07', amount: 4_000, currency: 'eur', status: 'paid' },
  { id: 'po_t08', day: '2026-03-08', amount: 6_000, currency: 'eur', status: 'pending' },
  { id: 'po_t09', day: '2026-03-09', amount: 8_000, status: 'pending' },
];
const byId = new Map(FIXTURES.map((f) => [f.id, f]));

describeEachDatabase('payouts list parameters, summary, detail and export', (use) => {
  const api = testApi(use, { account: true });
  const { get } = api;
  const ok = async <T>(url: string): Promise<T> => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const ids = async (query: string) =>
    (await ok<{ data: Payout[] }>(`${BASE}/deposits?${query}`)).data.map((p) => p.id);
  const summary = (query: string) => ok<payouts.TPayoutsSummary>(`${BASE}/deposits/summary?${query}`);

  beforeAll(async () => {
    await insertPayoutFixtures(use(), api.account.id, FIXTURES);
  });

  const newestFirst = FIXTURES.map((f) => f.id).reverse();

  it('answers data and total_count, by arrival date newest first unless asked otherwise', async () => {
    const body = await ok<{ data: Payout[]; total_count: number }>(`${BASE}/deposits`);
    expect(body.total_count).toBe(FIXTURES.length);
    expect(body.data.map((p) => p.id)).toEqual(newestFirst);
    expect(await ids('sort=date&direction=asc')).toEqual([...newestFirst].reverse());
    expect(await ids('pagesize=4&page=2')).toEqual(newestFirst.slice(4, 8));
    expect(await ids('pagesize=4&page=3')).toEqual(newestFirst.slice(8));
    expect(await ids('pagesize=4&page=4')).toEqual([]);
  });

  it('sorts by amount and by status, ties by date', async () => {
    const amounts = FIXTURES.map((f) => f.amount);
    const byAmount = await ids('sort=amount&direction=asc');
    expect(byAmount.map((id) => byId.get(id)!.amount)).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await ids('sort=amount');
    expect(desc).toEqual([...byAmount].reverse());

    const byStatus = await ids('sort=status&direction=asc');
    const rank = (id: string) => PAYOUT_STATUSES.indexOf(byId.get(id)!.status);
    expect(byStatus.map(rank)).toEqual([...byStatus.map(rank)].sort((a, b) => a - b));
    // Within a status, the older payout comes first in ascending order.
    expect(byStatus.slice(0, 2)).toEqual(['po_t08', 'po_t09']);
    expect(await ids('sort=status&direction=desc')).toEqual([...byStatus].reverse());
  });

  it('filters by status, currency and arrival date, combined as match says', async () => {
    expect(await ids('status_is=paid')).toEqual(['po_t07', 'po_t05', 'po_t02', 'po_t01']);
    expect(await ids('status_is_not=paid')).toEqual(['po_t09', 'po_t08', 'po_t06', 'po_t04', 'po_t03']);
    expect(await ids('store_currency_is=EUR')).toEqual(['po_t08', 'po_t07']);
    expect(await ids('date_before=2026-03-03')).toEqual(['po_t02', 'po_t01']);
    expect(await ids('date_after=2026-03-07')).toEqual(['po_t09', 'po_t08']);
    // Between takes whole days, in either order, sent as a list.
    expect(await ids('date_between[]=2026-03-05&date_between[]=2026-03-03')).toEqual([
      'po_t05',
      'po_t04',
      'po_t03',
    ]);
    expect(await ids('date_between[0]=2026-03-03&date_between[1]=2026-03-03')).toEqual(['po_t03']);
    expect(await ids('status_is=paid&date_after=2026-03-04')).toEqual(['po_t07', 'po_t05']);
    expect(await ids('match=any&status_is=failed&date_after=2026-03-08')).toEqual(['po_t09', 'po_t03']);
    // The currency always narrows, whatever match says.
    expect(await ids('match=any&store_currency_is=eur&status_is=failed&date_after=2026-03-08')).toEqual([]);
    expect(await ids('store_currency_is=eur&status_is=pending')).toEqual(['po_t08']);
    const total = await ok<{ total_count: number }>(`${BASE}/deposits?status_is=paid&pagesize=1`);
    expect(total.total_count).toBe(4);
  });

  it('answers the summary (it is not a payout id) with the same filters', async () => {
    expect(await summary('')).toEqual({
      count: 9,
      // Two currencies: the total is the default currency's.
      total: FIXTURES.filter((f) => !f.currency).reduce((sum, f) => sum + f.amount, 0),
      currency: 'usd',
      store_currencies: ['eur', 'usd'],
    });
    expect(await summary('store_currency_is=eur')).toEqual({
      count: 2,
      total: 10_000,
      currency: 'eur',
      store_currencies: ['eur', 'usd'],
    });
    // Only euro payouts selected: the total is in euros without asking.
    expect(await summary('status_is=pending&date_after=2026-03-07&date_before=2026-03-09')).toEqual({
      count: 1,
      total: 6_000,
      currency: 'eur',
      store_currencies: ['eur', 'usd'],
    });
    // Paging and sorting select nothing.
    expect((await summary('page=3&pagesize=1&sort=amount&direction=asc')).count).toBe(9);
    expect(await summary('status_is=paid&date_before=2001-01-01')).toMatchObject({ count: 0, total: 0 });
  });

  it('answers one payout with its fee, bank account and reference', async () => {
    const payout = await ok<Payout>(`${BASE}/deposits/po_t06`);
    expect(payout).toMatchObject({
      id: 'po_t06',
      amount: 9_900,
      fee: 150,
      fee_percentage: 1.5,
      method: 'instant',
      automatic: false,
      status: 'in_transit',
      bank_reference_key: 'REFPO_T06',
      bankAccount: 'STRIPE TEST BANK •••• 6789 (USD)',
      date: Date.parse('2026-03-06T00:00:00Z'),
    });
  });

  it('answers 404 for an unknown payout and 400 for an id with a non-word character', async () => {
    const unknown = await get(`${BASE}/deposits/po_missing`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'wcpay_deposit_not_found',
      message: 'The deposit you are looking for cannot be found.',
    });
    for (const id of ['po-t06', 'po_t06%27', 'po%20t06', 'po.t06', 'x'.repeat(65)]) {
      const res = await get(`${BASE}/deposits/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
    }
  });

  it('refuses malformed filters with 400, on the list and the summary alike', async () => {
    for (const query of [
      'sort=fee',
      'match=some',
      'date_before=2026-02-30',
      'date_after=yesterday',
      'date_between[]=2026-03-01',
      'date_between[]=2026-03-01&date_between[]=2026-03-02&date_between[]=2026-03-03',
      'status_is=lost',
      'status_is_not=',
      'store_currency_is=dollars',
      'deposit_id=po_t01',
    ]) {
      for (const path of ['deposits', 'deposits/summary']) {
        const res = await get(`${BASE}/${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().code).toBe('rest_invalid_param');
      }
    }
  });

  it('exports the payouts the filters select as CSV, like the list shows them', async () => {
    const post = await api.post(
      `${BASE}/deposits/download?status_is_not=failed&date_between[]=2026-03-02&date_between[]=2026-03-08`,
      { user_email: 'payouts@example.test', locale: 'en_US', user_timezone: 'UTC' },
    );
    expect(post.statusCode, post.body).toBe(200);
    const started = post.json() as exports.TExportStarted;
    expect(started).toMatchObject({ status: 'pending', user_email: 'payouts@example.test' });
    await runDueJobs(use().db, JOB_HANDLERS);
    const status = (await ok<exports.TExportStatus>(
      `${BASE}/deposits/download/${started.export_id}`,
    )) as exports.TExportStatus;
    expect(status).toMatchObject({ status: 'success', row_count: 6 });
    const file = await get(`${status.download_url}?force_download=true`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="deposits-.*\.csv"$/);
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(PAYOUT_CSV_HEADERS.join(','));
    const listed = await ids('status_is_not=failed&date_between[]=2026-03-02&date_between[]=2026-03-08');
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(listed);
    // The instant payout: amount plus fee, the fee taken away, its bank reference.
    expect(lines.find((line) => line.endsWith(',po_t06'))).toBe(
      '2026-03-06,Payout,100.50,In transit,STRIPE TEST BANK •••• 6789 (USD),REFPO_T06,-1.50,USD,po_t06',
    );
    expect(lines.find((line) => line.endsWith(',po_t05'))).toContain(
      ',Withdrawal,30.00,Completed (deducted),',
    );
  });

  it('refuses bad export filters with 400 and makes no export', async () => {
    for (const query of ['status_is=lost', 'sort=date', 'page=2', 'date_before=2026-13-01']) {
      const res = await api.app.inject({
        method: 'POST',
        url: `${BASE}/deposits/download?${query}`,
        headers: api.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
    const made = await use().db.selectFrom('exports').select('id').where('kind', '=', 'deposits').execute();
    expect(made).toHaveLength(1);
  });
});
