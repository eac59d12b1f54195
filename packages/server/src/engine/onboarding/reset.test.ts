import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../../testing/engine.ts';
import { accountTableRows, NO_ACCOUNT_ROWS } from '../../testing/onboarding.ts';
import { findAccount } from '../accounts.ts';
import { resetAccount } from './reset.ts';

describeEachDatabase('a reset while writes are in flight', (use, kind) => {
  const api = testApi(use, { account: true });
  type Answer = Awaited<ReturnType<typeof api.checkout>>;

  /**
   * Rounds of `count` requests with a reset started once the first has answered, while the others
   * are in flight: each request answers 200 or, the account gone, 409 `wcpay_account_not_found`;
   * the reset succeeds and leaves no account rows. `prepare` runs before each round.
   */
  async function raceReset(
    rounds: number,
    count: number,
    request: () => Promise<Answer>,
    prepare: () => Promise<void>,
  ) {
    for (let round = 0; round < rounds; round++) {
      await prepare();
      const requests = Array.from({ length: count }, request);
      const reset = Promise.race(requests).then(() => resetAccount(use().db));
      const [answers, done] = await Promise.all([Promise.all(requests), reset]);
      expect(done).toBe(true);
      for (const answer of answers) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json()).toMatchObject({ code: 'wcpay_account_not_found' });
      }
      expect(await accountTableRows(use().db)).toEqual(NO_ACCOUNT_ROWS);
    }
  }

  // One returning customer, so each checkout reuses the documents of the charges before it,
  // which the reset deletes with the account.
  const customer = { name: 'Rita Race', email: 'rita@example.test' };
  const pay = () => {
    const body = cardCheckout();
    return api.checkout({ ...body, order: { ...body.order, customer } });
  };

  it('finishes each checkout before the reset or refuses it as the account being gone', async () => {
    let first = true;
    await raceReset(4, 12, pay, async () => {
      if (!first) await connectSandboxAccount(use());
      first = false;
      expect((await pay()).statusCode).toBe(200);
    });
  });

  it('answers a write that waited for a vanishing account as the account being gone, not a server error', async () => {
    const account = await connectSandboxAccount(use());
    let answer: Promise<Answer> | undefined;
    // Held and deleted as a reset holds and deletes it, while an export request is written.
    await use()
      .db.transaction()
      .execute(async (trx) => {
        await findAccount(trx, 'update');
        answer = api.post('/wp-json/wc/v3/payments/transactions/download', {});
        if (kind === 'postgres') {
          // Until the request waits for the account row: its export's foreign key to the account.
          for (let i = 0; i < 200; i++) {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'insert into "exports"%'`.execute(use().db);
            if (rows[0]?.n) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
        await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
      });
    const res = await answer!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'wcpay_account_not_found' });
    expect(await use().db.selectFrom('exports').select('id').execute()).toEqual([]);
  });
});
