import { REPAYMENT_INTERVAL_MS } from '@paydesk/domain/capital/loans';
import { utcDateTime } from '@paydesk/domain/time';
import { beforeAll, expect, it } from 'vitest';
import { engineCommands } from '../../cli/engine-commands.ts';
import { buildWcpaySettings } from '../../store/page-settings.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { readAccountSnapshot } from '../accounts.ts';
import { clockNow, DAY_MS } from '../clock.ts';
import { engineContext } from '../context.ts';
import { ledgerBalances } from '../ledger.ts';
import { advanceDays, expectLedgerConsistent, netOfCharges, pay, setAccount } from '../payouts/testing.ts';
import { createLoan } from './services.ts';

const BASE = '/wp-json/wc/v3/payments';

describeEachDatabase('capital loans', (use) => {
  const api = testApi(use, { account: true });
  const lines: string[] = [];
  const get = (path: string) => api.get(`${BASE}${path}`);
  const paydowns = () =>
    use()
      .db.selectFrom('balance_transactions')
      .selectAll()
      .where('type', '=', 'financing_paydown')
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    await setAccount(use(), api.account.id, { deposit_schedule_interval: 'manual' });
  });
  /** What the admin page is told about loans; its menu shows Loans for either flag. */
  const accountLoans = async () =>
    (await buildWcpaySettings(use().db, 'nonce', readAccountSnapshot)).accountLoans;

  it('has no active loan at first', async () => {
    await pay(api.app, api.admin.basic, 5000);
    const res = await get('/capital/active_loan_summary');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('wcpay_capital_no_active_loan');
    expect((await get('/capital/loans')).json()).toEqual({ data: [] });
    expect(await paydowns()).toEqual([]);
    expect(await accountLoans()).toEqual({ has_active_loan: false, has_past_loans: false });
  });

  it('pays out a loan from the CLI into the available balance', async () => {
    const before = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    const code = await engineCommands['capital:loan']!.run({
      database: use(),
      flags: { amount: '10000', fee: '1000', 'withhold-rate': '1000' },
      out: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(/^Paid out loan flxln_/);
    const loan = await use().db.selectFrom('loans').selectAll().executeTakeFirstOrThrow();
    expect(loan).toMatchObject({
      amount: 10_000,
      fee_amount: 1000,
      withhold_rate_bp: 1000,
      paid_amount: 0,
      currency: 'usd',
    });
    expect(loan.stripe_loan_id).toMatch(/^flxln_/);
    const payout = await use()
      .db.selectFrom('balance_transactions')
      .selectAll()
      .where('type', '=', 'financing_payout')
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ amount: 10_000, fee: 0, net: 10_000, loan_id: loan.id });
    const after = await ledgerBalances(use().db, api.account.id, await clockNow(use().db));
    expect(after[0]!.available - (before[0]?.available ?? 0)).toBe(10_000);
    expect(await accountLoans()).toEqual({ has_active_loan: true, has_past_loans: false });
    // One loan at a time, in the account's currency.
    const ctx = await engineContext(use().db);
    await expect(
      createLoan(ctx, { amount: 5, fee_amount: 0, withhold_rate_bp: 10, currency: 'usd' }),
    ).rejects.toMatchObject({
      code: 'wcpay_capital_loan_active',
    });
  });

  it('withholds the rate of each payment until the loan is repaid', async () => {
    const charges: string[] = [];
    for (let i = 0; i < 3; i++) charges.push((await pay(api.app, api.admin.basic, 20_000)).charge.id);
    const rows = await paydowns();
    expect(rows).toHaveLength(3);
    for (const [i, row] of rows.entries()) {
      const net = await netOfCharges(use(), [charges[i]!]);
      // The charge's own row, not the paydown that shares its charge id.
      const chargeNet = (
        await use()
          .db.selectFrom('balance_transactions')
          .select('net')
          .where('charge_id', '=', charges[i]!)
          .where('type', '=', 'charge')
          .executeTakeFirstOrThrow()
      ).net;
      expect(net).toBe(chargeNet + row.net);
      expect(row.amount).toBe(-Math.floor((chargeNet * 1000) / 10_000));
    }
    const paid = -rows.reduce((sum, row) => sum + row.amount, 0);
    const summary = (await get('/capital/active_loan_summary')).json();
    const loan = await use().db.selectFrom('loans').selectAll().executeTakeFirstOrThrow();
    expect(summary.details).toMatchObject({
      advance_amount: 10_000,
      fee_amount: 1000,
      paid_amount: paid,
      currency: 'usd',
      withhold_rate: 0.1,
      advance_paid_out_at: Math.floor(loan.paid_out_at.getTime() / 1000),
      repayments_begin_at: Math.floor(loan.paid_out_at.getTime() / 1000),
      current_repayment_interval: {
        due_at: Math.floor((loan.paid_out_at.getTime() + REPAYMENT_INTERVAL_MS) / 1000),
        paid_amount: paid,
        remaining_amount: Math.max(0, Math.ceil(11_000 / 9) - paid),
      },
    });
    await expectLedgerConsistent(use());
  });

  it('counts the repayment window from repayments_begin_at', async () => {
    await advanceDays(use(), 61);
    const loan = await use().db.selectFrom('loans').selectAll().executeTakeFirstOrThrow();
    const summary = (await get('/capital/active_loan_summary')).json();
    expect(summary.details.current_repayment_interval).toEqual({
      due_at: Math.floor((loan.paid_out_at.getTime() + 2 * REPAYMENT_INTERVAL_MS) / 1000),
      paid_amount: 0,
      remaining_amount: Math.ceil(11_000 / 9),
    });
    expect(REPAYMENT_INTERVAL_MS).toBe(60 * DAY_MS);
  });

  it('stops withholding once the loan and its fee are repaid', async () => {
    for (let i = 0; i < 6; i++) await pay(api.app, api.admin.basic, 20_000);
    const loan = await use().db.selectFrom('loans').selectAll().executeTakeFirstOrThrow();
    expect(loan.paid_amount).toBe(11_000);
    expect(loan.fully_paid_at).not.toBeNull();
    const count = (await paydowns()).length;
    await pay(api.app, api.admin.basic, 20_000);
    expect(await paydowns()).toHaveLength(count);
    expect((await get('/capital/active_loan_summary')).statusCode).toBe(404);
    const list = (await get('/capital/loans')).json();
    expect(list.data).toEqual([
      {
        stripe_loan_id: loan.stripe_loan_id,
        amount: 10_000,
        fee_amount: 1000,
        paid_amount: 11_000,
        currency: 'usd',
        withhold_rate: 0.1,
        paid_out_at: utcDateTime(loan.paid_out_at),
        first_paydown_at: utcDateTime(loan.first_paydown_at!),
        fully_paid_at: utcDateTime(loan.fully_paid_at!),
      },
    ]);
    await expectLedgerConsistent(use());
  });

  it('tells the admin page about a loan being repaid and loans repaid before', async () => {
    expect(await accountLoans()).toEqual({ has_active_loan: false, has_past_loans: true });
    await createLoan(await engineContext(use().db), {
      amount: 5000,
      fee_amount: 500,
      withhold_rate_bp: 1250,
      currency: 'usd',
    });
    expect(await accountLoans()).toEqual({ has_active_loan: true, has_past_loans: true });
    const list = (await get('/capital/loans')).json();
    expect(list.data.map((loan: { withhold_rate: number }) => loan.withhold_rate)).toEqual([0.125, 0.1]);
  });
});
