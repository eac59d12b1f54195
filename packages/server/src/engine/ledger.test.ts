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

  it('throws rather than answer a balance past the exact integer range', async () => {
    await pay(api.app, api.admin.basic, 2_500);
    await sql`update balance_transactions set amount = ${HALF_PAST_SAFE} + fee, net = ${HALF_PAST_SAFE}
               where account_id = ${api.account.id}`.execute(use().db);
    // The balance reads the unswept rows' copies (ledger_unswept), which the ledger never changes.
    await sql`update ledger_unswept set net = ${HALF_PAST_SAFE} where account_id = ${api.account.id}`.execute(
      use().db,
    );
    await expect(balances()).rejects.toThrow(/safe integer/);
  });
});
