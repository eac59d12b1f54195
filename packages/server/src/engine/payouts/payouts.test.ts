import { ERRORS } from '@paydesk/domain';
import { HOUR_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { clockNow, DAY_MS } from '../clock.ts';
import { ledgerBalances } from '../ledger.ts';
import {
  advanceDays,
  advanceMs,
  expectLedgerConsistent,
  netOfCharges,
  pay,
  payoutsOf,
  setAccount,
} from './testing.ts';

const BASE = '/wp-json/wc/v3/payments';
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

describeEachDatabase('scheduled payouts', (use) => {
  const api = testApi(use, { account: true });

  it('queues the daily jobs of a new account', async () => {
    const jobs = await use()
      .db.selectFrom('jobs')
      .select(['kind', 'run_at'])
      .where('status', '=', 'queued')
      .orderBy('kind')
      .execute();
    const now = await clockNow(use().db);
    expect(jobs.map((j) => j.kind)).toEqual(['documents.invoices', 'payouts.schedule', 'readers.fees']);
    for (const job of jobs) {
      expect(job.run_at.getTime() % DAY_MS).toBe(0);
      expect(job.run_at.getTime() - now.getTime()).toBeLessThanOrEqual(DAY_MS);
    }
  });

  let charges: string[] = [];
  it('holds the funds for the delay, then pays them out: pending, in transit, paid', async () => {
    charges = [
      (await pay(api.app, api.admin.basic, 2500)).charge.id,
      (await pay(api.app, api.admin.basic, 10_000)).charge.id,
    ];
    const total = await netOfCharges(use(), charges);
    await advanceDays(use(), 6);
    expect(await payoutsOf(use(), api.account.id)).toEqual([]);
    let overview = (await api.get(`${BASE}/deposits/overview-all`)).json();
    expect(overview.balance.pending).toEqual([{ amount: total, currency: 'usd' }]);
    expect(overview.balance.available).toEqual([{ amount: 0, currency: 'usd' }]);

    await advanceDays(use(), 2);
    const [payout] = await payoutsOf(use(), api.account.id);
    expect(payout).toMatchObject({
      amount: total,
      fee: 0,
      currency: 'usd',
      automatic: true,
      method: 'standard',
      type: 'deposit',
    });
    expect(['pending', 'in_transit']).toContain(payout!.status);
    expect(payout!.created_at.getTime() % DAY_MS).toBeLessThan(60_000); // made by the midnight run
    expect(payout!.arrival_date.getTime() - payout!.created_at.getTime()).toBe(2 * DAY_MS);
    const swept = await use()
      .db.selectFrom('balance_transactions as b')
      .leftJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
      .select(['b.charge_id', 'lp.payout_id'])
      .where('b.charge_id', 'in', charges)
      .execute();
    expect(swept.every((row) => row.payout_id === payout!.id)).toBe(true);
    if (use().kind === 'pglite') {
      // The embedded database runs no autovacuum: the day's run freed the swept rows' space.
      const unswept = await sql<{ vacuumed: boolean }>`
        select last_vacuum is not null as vacuumed
          from pg_stat_user_tables where relname = 'ledger_unswept'`.execute(use().db);
      expect(unswept.rows).toEqual([{ vacuumed: true }]);
    }

    const untilInTransit =
      payout!.created_at.getTime() + HOUR_MS + 60_000 - (await clockNow(use().db)).getTime();
    if (untilInTransit > 0) await advanceMs(use(), untilInTransit);
    expect((await payoutsOf(use(), api.account.id))[0]!.status).toBe('in_transit');

    await advanceDays(use(), 2);
    const [paid] = await payoutsOf(use(), api.account.id);
    expect(paid!.status).toBe('paid');
    overview = (await api.get(`${BASE}/deposits/overview-all`)).json();
    expect(overview.deposit.last_paid).toHaveLength(1);
    expect(overview.deposit.last_paid[0]).toMatchObject({
      id: paid!.id,
      amount: total,
      status: 'paid',
      date: paid!.arrival_date.getTime(),
    });
    expect(overview.balance.available).toEqual([{ amount: 0, currency: 'usd' }]);
    expect(overview.balance.pending).toEqual([{ amount: 0, currency: 'usd' }]);
    await expectLedgerConsistent(use());
  });

  it('answers one payout, and 404 with its message for an unknown one', async () => {
    const [payout] = await payoutsOf(use(), api.account.id);
    const res = await api.get(`${BASE}/deposits/${payout!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: payout!.id,
      type: 'deposit',
      amount: payout!.amount,
      fee: 0,
      fee_percentage: 0,
      currency: 'usd',
      status: 'paid',
      automatic: true,
      bankAccount: 'STRIPE TEST BANK •••• 6789 (USD)',
      bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', currency: 'usd' },
      date: payout!.arrival_date.getTime(),
      arrival_date: payout!.arrival_date.getTime(),
    });
    expect(res.json().bank_reference_key).toMatch(/^STRIPE TEST \d{10}$/);
    const missing = await api.get(`${BASE}/deposits/po_missing`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'wcpay_deposit_not_found',
      message: 'The deposit you are looking for cannot be found.',
    });
    const bad = await api.get(`${BASE}/deposits/po-x.y`);
    expect(bad.statusCode).toBe(400);
  });

  it('waits while the available balance is below the minimum', async () => {
    await setAccount(use(), api.account.id, { deposit_minimum_amounts: JSON.stringify({ usd: 1_000_000 }) });
    const charge = (await pay(api.app, api.admin.basic, 3000)).charge.id;
    await advanceDays(use(), 9);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(1);
    const [balance] = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    expect(balance).toEqual({ currency: 'usd', available: await netOfCharges(use(), [charge]), pending: 0 });
    await setAccount(use(), api.account.id, { deposit_minimum_amounts: JSON.stringify({ usd: 100 }) });
    await advanceDays(use(), 1);
    const payouts = await payoutsOf(use(), api.account.id);
    expect(payouts).toHaveLength(2);
    expect(payouts[1]!.amount).toBe(balance!.available);
    await expectLedgerConsistent(use());
  });

  it('never pays out on a manual schedule', async () => {
    await setAccount(use(), api.account.id, { deposit_schedule_interval: 'manual' });
    await pay(api.app, api.admin.basic, 4000);
    await advanceDays(use(), 10);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(2);
  });

  it('pays out weekly on the anchor weekday only', async () => {
    const today = (await clockNow(use().db)).getUTCDay();
    const anchor = WEEKDAYS[(today + 3) % 7]!;
    await setAccount(use(), api.account.id, {
      deposit_schedule_interval: 'weekly',
      deposit_weekly_anchor: anchor,
    });
    await advanceDays(use(), 8);
    const payouts = await payoutsOf(use(), api.account.id);
    expect(payouts).toHaveLength(3);
    expect(WEEKDAYS[payouts[2]!.created_at.getUTCDay()]).toBe(anchor);
    await pay(api.app, api.admin.basic, 4000);
    await advanceDays(use(), 6);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(3);
    await expectLedgerConsistent(use());
  });
});

describeEachDatabase('a failing bank account', (use) => {
  const api = testApi(use, { account: true });
  beforeAll(async () => {
    const banks = api.account.external_accounts.map((bank) => ({ ...bank, last4: '1113' }));
    await setAccount(use(), api.account.id, { external_accounts: JSON.stringify(banks) });
  });

  it('fails the payout at arrival, returns the funds and pauses payouts', async () => {
    const charge = (await pay(api.app, api.admin.basic, 5000)).charge.id;
    const net = await netOfCharges(use(), [charge]);
    await advanceDays(use(), 11);
    const payouts = await payoutsOf(use(), api.account.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: 'failed', failure_code: 'account_closed', amount: net });
    expect(payouts[0]!.failure_message).toBeTruthy();
    const rows = await use()
      .db.selectFrom('balance_transactions as b')
      .leftJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
      .leftJoin('ledger_unswept as u', 'u.seq', 'b.seq')
      .select(['lp.payout_id', 'u.seq as unswept'])
      .where('b.account_id', '=', api.account.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.payout_id === null && row.unswept !== null)).toBe(true);
    expect(await ledgerBalances(use().db, api.account.id, await clockNow(use().db))).toEqual([
      { currency: 'usd', available: net, pending: 0 },
    ]);
    const stored = await use()
      .db.selectFrom('accounts')
      .select('external_accounts')
      .where('id', '=', api.account.id)
      .executeTakeFirstOrThrow();
    expect(stored.external_accounts[0]!.status).toBe('errored');

    // Its reconciliation explains nothing: the rows went back to the balance.
    const reconciliation = (await api.get(`${BASE}/deposits/${payouts[0]!.id}/reconciliation`)).json();
    expect(reconciliation).toMatchObject({ lines: [], total_net: 0 });

    const overview = (await api.get(`${BASE}/deposits/overview-all`)).json();
    expect(overview.account.default_external_accounts).toEqual([{ currency: 'usd', status: 'errored' }]);
    expect(overview.balance.available).toEqual([{ amount: net, currency: 'usd' }]);
    expect(overview.balance.instant).toEqual([
      { amount: 0, fee: 0, net: 0, fee_percentage: 1.5, currency: 'usd' },
    ]);

    // Paused: no new scheduled payout, and an instant payout is refused, saying why.
    await advanceDays(use(), 3);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(1);
    const instant = await api.app.inject({
      method: 'POST',
      url: `${BASE}/deposits`,
      headers: { authorization: api.admin.basic },
      payload: { type: 'instant', currency: 'usd' },
    });
    expect(instant.statusCode).toBe(409);
    expect(instant.json()).toMatchObject({
      code: 'wcpay_payouts_paused',
      message: ERRORS.wcpay_payouts_paused.message,
    });
    await expectLedgerConsistent(use());
  });
});

describeEachDatabase('instant payouts', (use) => {
  const api = testApi(use, { account: true });
  beforeAll(async () => {
    await setAccount(use(), api.account.id, { deposit_schedule_interval: 'manual' });
  });

  const instant = (body: Record<string, unknown>, key?: string) =>
    api.app.inject({
      method: 'POST',
      url: `${BASE}/deposits`,
      headers: { authorization: api.admin.basic, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });

  it('refuses when nothing is available', async () => {
    await pay(api.app, api.admin.basic, 20_000);
    const res = await instant({ type: 'instant', currency: 'usd' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_instant_payout_no_balance');
    expect((await instant({ type: 'standard', currency: 'usd' })).statusCode).toBe(400);
    expect((await instant({ type: 'instant', currency: 'usdollar' })).statusCode).toBe(400);
  });

  it('matches the overview to the ledger balances', async () => {
    await advanceDays(use(), 7.5);
    await pay(api.app, api.admin.basic, 3_000);
    const balances = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    const overview = (await api.get(`${BASE}/deposits/overview-all`)).json();
    expect(overview.balance.available).toEqual(
      balances.map((b) => ({ amount: b.available, currency: b.currency })),
    );
    expect(overview.balance.pending).toEqual(
      balances.map((b) => ({ amount: b.pending, currency: b.currency })),
    );
    const available = balances[0]!.available;
    const fee = Math.max(Math.round((available * 150) / 10_000), 50);
    expect(overview.balance.instant).toEqual([
      { amount: available, fee, net: available - fee, fee_percentage: 1.5, currency: 'usd' },
    ]);
    expect(overview.account).toMatchObject({
      default_currency: 'usd',
      deposits_schedule: { interval: 'manual', delay_days: 7, weekly_anchor: null, monthly_anchor: null },
      deposits_blocked: false,
      completed_waiting_period: true,
    });
  });

  it('pays the available balance less the fee, once per idempotency key', async () => {
    const [before] = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    const fee = Math.max(Math.round((before!.available * 150) / 10_000), 50);
    const first = await instant({ type: 'instant', currency: 'USD' }, 'instant-1');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^po_/),
      amount: before!.available - fee,
      currency: 'usd',
      status: 'in_transit',
      fee,
      fee_percentage: 1.5,
    });
    const replay = await instant({ type: 'instant', currency: 'USD' }, 'instant-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await instant({ type: 'instant', currency: 'eur' }, 'instant-1')).statusCode).toBe(422);
    expect(await payoutsOf(use(), api.account.id)).toHaveLength(1);

    const [after] = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    expect(after!.available).toBe(0);
    expect(after!.pending).toBe(before!.pending);
    const again = await instant({ type: 'instant', currency: 'usd' }, 'instant-2');
    expect(again.statusCode).toBe(409);

    const detail = (await api.get(`${BASE}/deposits/${body.id}`)).json();
    expect(detail).toMatchObject({
      automatic: false,
      method: 'instant',
      fee,
      fee_percentage: 1.5,
      status: 'in_transit',
    });
    expect(detail.arrival_date - detail.created).toBe(30 * 60_000);
    await advanceMs(use(), 31 * 60_000);
    expect((await payoutsOf(use(), api.account.id))[0]!.status).toBe('paid');
    await expectLedgerConsistent(use());
  });
});
