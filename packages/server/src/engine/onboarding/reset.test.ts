import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../../testing/engine.ts';
import { accountTableRows, NO_ACCOUNT_ROWS } from '../../testing/onboarding.ts';
import { resetAccount } from './reset.ts';

describeEachDatabase('a reset while checkouts are in flight', (use) => {
  const api = testApi(use, { account: true });
  // One returning customer, so each checkout reuses the documents of the charges before it,
  // which the reset deletes with the account.
  const customer = { name: 'Rita Race', email: 'rita@example.test' };
  const pay = () => {
    const body = cardCheckout();
    return api.checkout({ ...body, order: { ...body.order, customer } });
  };

  it('finishes each checkout before the reset or refuses it as the account being gone, and the reset succeeds', async () => {
    for (let round = 0; round < 4; round++) {
      if (round > 0) await connectSandboxAccount(use());
      expect((await pay()).statusCode).toBe(200);
      const checkouts = Array.from({ length: 12 }, () => pay());
      // The reset starts once the first checkout has answered, while the others are in flight.
      const reset = Promise.race(checkouts).then(() => resetAccount(use().db));
      const [answers, done] = await Promise.all([Promise.all(checkouts), reset]);
      expect(done).toBe(true);
      for (const answer of answers) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json()).toMatchObject({ code: 'wcpay_account_not_found' });
      }
      expect(await accountTableRows(use().db)).toEqual(NO_ACCOUNT_ROWS);
    }
  });
});
