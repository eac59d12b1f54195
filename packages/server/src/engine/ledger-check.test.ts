import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { engineCommands } from '../cli/engine-commands.ts';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { connectSandboxAccount } from '../testing/engine.ts';
import { createLoan } from './capital/services.ts';
import { createReader } from './card-readers/services.ts';
import { clockNow } from './clock.ts';
import { engineContext } from './context.ts';
import { applyEffects, emptyEffects } from './effects.ts';
import { randomIds } from './ids.ts';
import { postLedger } from './ledger.ts';
import { checkLedger } from './ledger-check.ts';
import { advanceDays, pay, payoutsOf } from './payouts/testing.ts';

describeEachDatabase('ledger:check', (use) => {
  const api = testApi(use, { account: true });
  const charges: string[] = [];

  const run = async () => {
    const lines: string[] = [];
    const code = await engineCommands['ledger:check']!.run({
      database: use(),
      flags: {},
      out: (line) => lines.push(line),
    });
    return {
      code,
      lines,
      failed: lines.filter((l) => l.startsWith('FAIL')).map((l) => l.split(':')[0]!.replace('FAIL  ', '')),
    };
  };

  beforeAll(async () => {
    // A history with every kind of movement this area makes: charges, a refund, a loan and its
    // repayments, a reader fee, and payouts that swept the rows.
    const ctx = await engineContext(use().db);
    const reader = await createReader(use().db, randomIds, { label: 'Desk', now: ctx.now });
    await createLoan(ctx, { amount: 50_000, fee_amount: 5_000, withhold_rate_bp: 500, currency: 'usd' });
    for (let i = 0; i < 3; i++) charges.push((await pay(api.app, api.admin.basic, 4_000 + i)).charge.id);
    charges.push(
      (
        await pay(api.app, api.admin.basic, 2_000, {
          payment_method_data: { type: 'card_present', reader_id: reader.id },
        })
      ).charge.id,
    );
    const refund = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payments/refund',
      headers: { authorization: api.admin.basic },
      payload: { charge_id: charges[0], amount: 1_000 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await advanceDays(use(), 10);
    await pay(api.app, api.admin.basic, 3_000);
  });

  it('passes on a healthy ledger', async () => {
    expect((await payoutsOf(use(), api.account.id)).length).toBeGreaterThan(0);
    const { code, lines, failed } = await run();
    expect(failed).toEqual([]);
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('The ledger is consistent.');
    expect(lines.filter((l) => l.startsWith('ok'))).toHaveLength(14);
  });

  it('names an unswept cell that differs from its rows, and one left with no rows', async () => {
    const db = use().db;
    const cell = await db
      .selectFrom('ledger_unswept_hours')
      .select(['account_id', 'currency', 'hour'])
      .where('account_id', '=', api.account.id)
      .executeTakeFirstOrThrow();
    await sql`update ledger_unswept_hours set net = net + 5
               where account_id = ${cell.account_id} and currency = ${cell.currency} and hour = ${cell.hour}`.execute(
      db,
    );
    const stray = new Date('2020-01-01T05:00:00Z');
    await sql`insert into ledger_unswept_hours (account_id, currency, hour, count, net)
              values (${api.account.id}, 'usd', ${stray}, 0, 0)`.execute(db);
    const { code, lines, failed } = await run();
    expect(code).toBe(1);
    expect(failed).toEqual(['unswept_hours_match_rows']);
    expect(lines.some((l) => l.includes(stray.toISOString()) && l.includes('cell count 0'))).toBe(true);
    await sql`update ledger_unswept_hours set net = net - 5
               where account_id = ${cell.account_id} and currency = ${cell.currency} and hour = ${cell.hour}`.execute(
      db,
    );
    await sql`delete from ledger_unswept_hours where hour = ${stray}`.execute(db);
    expect((await run()).code).toBe(0);
  });

  it('names sums per first letter that differ from the sums per customer', async () => {
    const db = use().db;
    const cell = await db
      .selectFrom('ledger_customer_letters')
      .select(['customer_name', 'type', 'currency'])
      .where('account_id', '=', api.account.id)
      .where('customer_name', 'is not', null)
      .executeTakeFirstOrThrow();
    const drift = (by: number) =>
      sql`update ledger_customer_letters set amount = amount + ${by}
           where account_id = ${api.account.id} and customer_name = ${cell.customer_name}
             and type = ${cell.type} and currency = ${cell.currency}`.execute(db);
    await drift(3);
    const { code, lines, failed } = await run();
    expect(code).toBe(1);
    expect(failed).toEqual(['letter_sums_match_customer_sums']);
    expect(lines.some((l) => l.includes(`${cell.customer_name}…`) && l.includes('amount 3'))).toBe(true);
    await drift(-3);
    expect((await run()).code).toBe(0);
  });

  it('names a ledger row changed behind the rollups', async () => {
    const row = await use()
      .db.selectFrom('balance_transactions as b')
      .leftJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
      .select(['b.id', 'lp.payout_id'])
      .where('b.charge_id', '=', charges[1]!)
      .where('b.type', '=', 'charge')
      .executeTakeFirstOrThrow();
    await sql`update balance_transactions set amount = amount + 7, net = net + 7 where id = ${row.id}`.execute(
      use().db,
    );
    const { code, lines, failed } = await run();
    expect(code).toBe(1);
    expect(failed).toContain('rollups_match_ledger');
    expect(failed).toContain('cube_matches_ledger');
    expect(failed).toContain('hourly_cube_matches_ledger');
    expect(failed).toContain('customer_sums_match_ledger');
    // The row was swept, so the payout no longer equals its rows either.
    expect(row.payout_id).not.toBeNull();
    expect(failed).toContain('payout_equals_swept_rows');
    expect(lines.some((l) => l.includes(row.payout_id!))).toBe(true);
    await sql`update balance_transactions set amount = amount - 7, net = net - 7 where id = ${row.id}`.execute(
      use().db,
    );
    expect((await run()).code).toBe(0);
  });

  it('names a payout that swept a row it did not pay, and a loan whose paid amount drifted', async () => {
    const [payout] = await payoutsOf(use(), api.account.id);
    const stray = await use()
      .db.selectFrom('ledger_unswept as u')
      .innerJoin('balance_transactions as b', 'b.seq', 'u.seq')
      .selectAll('u')
      .select('b.created_at')
      .executeTakeFirstOrThrow();
    await sql`delete from ledger_unswept where seq = ${stray.seq}`.execute(use().db);
    await sql`insert into ledger_payouts (seq, payout_id, created_at)
              values (${stray.seq}, ${payout!.id}, ${stray.created_at})`.execute(use().db);
    await sql`update loans set paid_amount = paid_amount + 1`.execute(use().db);
    const { failed, lines } = await run();
    expect(failed).toEqual(
      expect.arrayContaining([
        'payout_equals_swept_rows',
        'loan_paid_matches_paydowns',
        'balances_match_ledger',
        'cube_matches_ledger',
        'hourly_cube_matches_ledger',
      ]),
    );
    expect(lines.some((l) => l.includes(payout!.id))).toBe(true);
    await sql`delete from ledger_payouts where seq = ${stray.seq}`.execute(use().db);
    await sql`insert into ledger_unswept (seq, account_id, currency, available_on, net)
              values (${stray.seq}, ${stray.account_id}, ${stray.currency}, ${stray.available_on}, ${stray.net})`.execute(
      use().db,
    );
    await sql`update loans set paid_amount = paid_amount - 1`.execute(use().db);
    expect((await run()).code).toBe(0);
  });

  it('names a ledger row neither swept nor unswept, one both, one swept at another time, and an unswept copy that differs', async () => {
    const db = use().db;
    const [payout] = await payoutsOf(use(), api.account.id);
    const [lost, shifted] = await db
      .selectFrom('ledger_payouts as lp')
      .innerJoin('balance_transactions as b', 'b.seq', 'lp.seq')
      .selectAll('lp')
      .select('b.id')
      .orderBy('lp.seq')
      .limit(2)
      .execute();
    const both = await db
      .selectFrom('ledger_unswept as u')
      .innerJoin('balance_transactions as b', 'b.seq', 'u.seq')
      .select(['u.seq', 'b.id', 'b.created_at'])
      .orderBy('u.seq')
      .executeTakeFirstOrThrow();
    expect(shifted).toBeDefined();
    await sql`delete from ledger_payouts where seq = ${lost!.seq}`.execute(db);
    await sql`update ledger_payouts set created_at = created_at + interval '1 second' where seq = ${shifted!.seq}`.execute(
      db,
    );
    await sql`insert into ledger_payouts (seq, payout_id, created_at)
              values (${both.seq}, ${payout!.id}, ${both.created_at})`.execute(db);
    let { failed, lines } = await run();
    expect(failed).toContain('ledger_rows_swept_once');
    expect(lines.some((l) => l.endsWith(`${lost!.id}: neither swept by a payout nor unswept`))).toBe(true);
    expect(
      lines.some((l) =>
        l.endsWith(`${shifted!.id}: swept by ${shifted!.payout_id} at a time other than its own`),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.endsWith(`${both.id}: swept by ${payout!.id} and unswept too`))).toBe(true);
    await sql`insert into ledger_payouts (seq, payout_id, created_at)
              values (${lost!.seq}, ${lost!.payout_id}, ${lost!.created_at})`.execute(db);
    await sql`update ledger_payouts set created_at = created_at - interval '1 second' where seq = ${shifted!.seq}`.execute(
      db,
    );
    await sql`delete from ledger_payouts where seq = ${both.seq}`.execute(db);
    expect((await run()).code).toBe(0);

    // The balances are summed from the unswept cells, which the copy changed behind: the cells'
    // check names it, and the balances still equal the ledger.
    await sql`update ledger_unswept set net = net + 1 where seq = ${both.seq}`.execute(db);
    ({ failed, lines } = await run());
    expect(failed).toEqual(['ledger_rows_swept_once', 'unswept_hours_match_rows']);
    expect(lines.some((l) => l.endsWith(`${both.id}: its unswept copy differs from the ledger row`))).toBe(
      true,
    );
    await sql`update ledger_unswept set net = net - 1 where seq = ${both.seq}`.execute(db);
    expect((await run()).code).toBe(0);
  });

  it('names refunds and captures beyond what the charge allows', async () => {
    const now = await clockNow(use().db);
    const charge = await use()
      .db.selectFrom('charges')
      .selectAll()
      .where('id', '=', charges[2]!)
      .executeTakeFirstOrThrow();
    await use()
      .db.transaction()
      .execute((trx) =>
        postLedger(trx, [
          {
            id: 'txn_bad_refund',
            account_id: api.account.id,
            type: 'refund',
            amount: -9_999,
            fee: 0,
            currency: 'usd',
            customer_amount: -9_999,
            customer_currency: 'usd',
            charge_id: charge.id,
            source_id: 're_bad',
            available_on: now,
            created_at: now,
          },
          {
            id: 'txn_bad_capture',
            account_id: api.account.id,
            type: 'charge',
            amount: 10,
            fee: 0,
            currency: 'usd',
            customer_amount: charge.amount,
            customer_currency: 'usd',
            charge_id: charges[3]!,
            source_id: charges[3]!,
            available_on: now,
            created_at: now,
          },
        ]),
      );
    const { failed, lines } = await run();
    expect(failed).toEqual(['ledger_refunds_within_capture', 'captures_within_authorization']);
    expect(lines.some((l) => l.includes(charge.id) && l.includes('ledger refunds'))).toBe(true);
  });

  it('cannot store a row whose net is not amount − fee (the database refuses it)', async () => {
    await expect(
      sql`update balance_transactions set net = net + 1 where id = 'txn_bad_refund'`.execute(use().db),
    ).rejects.toThrow(/check/i);
    const result = (await checkLedger(use().db)).find((r) => r.name === 'net_is_amount_minus_fee');
    expect(result?.count).toBe(0);
  });

  it('refuses to sweep a row twice (applyEffects asserts the swept count)', async () => {
    const swept = await use()
      .db.selectFrom('balance_transactions as b')
      .innerJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
      .select(['b.id', 'lp.payout_id'])
      .executeTakeFirstOrThrow();
    const effects = emptyEffects();
    effects.sweeps.push({ payout_id: swept.payout_id, txn_ids: [swept.id] });
    await expect(
      use()
        .db.transaction()
        .execute((trx) => applyEffects(trx, effects)),
    ).rejects.toThrow(/swept 0 of 1/);
  });
});

describeEachDatabase('clock:advance', (use) => {
  const run = async (flags: Record<string, string>) => {
    const lines: string[] = [];
    const code = await engineCommands['clock:advance']!.run({
      database: use(),
      flags,
      out: (line) => lines.push(line),
    });
    return { code, lines };
  };

  it('advances without an account, and checks its flags', async () => {
    const before = await clockNow(use().db);
    const { code, lines } = await run({ hours: '5' });
    expect(code).toBe(0);
    expect(lines).toContain('No jobs were due.');
    expect((await clockNow(use().db)).getTime() - before.getTime()).toBeGreaterThanOrEqual(5 * 3_600_000);
    await expect(run({})).rejects.toThrow(/--days/);
    await expect(run({ days: '-1' })).rejects.toThrow(/whole number/);
    await expect(run({ days: '0' })).rejects.toThrow(/at least one hour/);
  });

  it('runs the jobs that fall due and says which', async () => {
    await connectSandboxAccount(use());
    const { code, lines } = await run({ days: '2' });
    expect(code).toBe(0);
    expect(lines).toContain('  payouts.schedule × 2');
    expect(lines).toContain('  readers.fees × 2');
  });

  it('refuses on a live account', async () => {
    await sql`update accounts set mode = 'live'`.execute(use().db);
    const before = await clockNow(use().db);
    await expect(run({ days: '1' })).rejects.toMatchObject({ code: 'wcpay_live_account' });
    expect((await clockNow(use().db)).getTime() - before.getTime()).toBeLessThan(60_000);
  });
});
