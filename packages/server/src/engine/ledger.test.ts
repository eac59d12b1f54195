import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { clockNow } from './clock.ts';
import { ledgerBalances } from './ledger.ts';
import { pay } from './payouts/testing.ts';

/** 2^52: two rows of it are each exact, their sum 2^53 is one past the last exact integer. */
const HALF_PAST_SAFE = 2 ** 52;

describeEachDatabase('balances derived from the ledger', (use) => {
  const api = testApi(use, { account: true });
  const balances = async () => ledgerBalances(use().db, api.account.id, await clockNow(use().db));

  it('sums the nets no payout swept yet', async () => {
    await pay(api.app, api.admin.basic, 2_500);
    const [usd] = await balances();
    expect(usd?.currency).toBe('usd');
    expect((usd?.available ?? 0) + (usd?.pending ?? 0)).toBeGreaterThan(0);
  });

  it('equals the sums of the unswept rows at any moment, within an hour of rows or between hours', async () => {
    for (let i = 0; i < 4; i++) await pay(api.app, api.admin.basic, 1_000 + i);
    const db = use().db;
    // Rows of one hour on both sides of a moment: spread the copies' availability over two hours.
    const base = new Date(Math.floor((await clockNow(db)).getTime() / 3_600_000) * 3_600_000 + 86_400_000);
    await sql`delete from ledger_unswept_hours where account_id = ${api.account.id}`.execute(db);
    await sql`update ledger_unswept u set available_on = ${base}::timestamptz + (u.seq % 7) * interval '17 minutes'
               where account_id = ${api.account.id}`.execute(db);
    await sql`insert into ledger_unswept_hours (account_id, currency, hour, count, net)
              select account_id, currency, date_trunc('hour', available_on, 'UTC'), count(*), sum(net)
                from ledger_unswept where account_id = ${api.account.id} group by 1, 2, 3`.execute(db);
    const moments = [-60, 0, 1, 16, 17, 18, 50, 60, 61, 103, 119, 120, 200].map(
      (minutes) => new Date(base.getTime() + minutes * 60_000),
    );
    for (const now of moments) {
      const direct = await sql<{ currency: string; available: string; pending: string }>`
        select currency, coalesce(sum(net) filter (where available_on <= ${now}), 0)::text as available,
               coalesce(sum(net) filter (where available_on > ${now}), 0)::text as pending
          from ledger_unswept where account_id = ${api.account.id} group by currency order by currency`.execute(
        db,
      );
      expect(await ledgerBalances(db, api.account.id, now), now.toISOString()).toEqual(
        direct.rows.map((row) => ({
          currency: row.currency,
          available: Number(row.available),
          pending: Number(row.pending),
        })),
      );
    }
    const split = await ledgerBalances(db, api.account.id, moments[4]!);
    expect(split[0]!.available).toBeGreaterThan(0);
    expect(split[0]!.pending).toBeGreaterThan(0);
  });

  it('throws rather than answer a balance past the exact integer range', async () => {
    await pay(api.app, api.admin.basic, 2_500);
    await sql`update balance_transactions set amount = ${HALF_PAST_SAFE} + fee, net = ${HALF_PAST_SAFE}
               where account_id = ${api.account.id}`.execute(use().db);
    // The balance reads the unswept rows' copies (ledger_unswept) and their sums per hour, which
    // the ledger never changes: both are set as if the rows were that large.
    await sql`update ledger_unswept set net = ${HALF_PAST_SAFE} where account_id = ${api.account.id}`.execute(
      use().db,
    );
    await sql`update ledger_unswept_hours h
                 set net = (select sum(u.net) from ledger_unswept u
                             where u.account_id = h.account_id and u.currency = h.currency
                               and date_trunc('hour', u.available_on, 'UTC') = h.hour)
               where h.account_id = ${api.account.id}`.execute(use().db);
    await expect(balances()).rejects.toThrow(/safe integer/);
  });
});
