import { beforeAll, expect, it } from 'vitest';
import { readAccountSnapshot } from '../../engine/accounts.ts';
import {
  CONNECT_INCENTIVE_APPLIED_OPTION,
  CONNECT_INCENTIVE_OPTION,
  setConnectIncentive,
  setOnboardingDisabled,
} from '../../store/connect-options.ts';
import { getOption, setOptions } from '../../store/options.ts';
import { buildWcpaySettings } from '../../store/page-settings.ts';
import { testApi } from '../../testing/api.ts';
import { json, makeUser, signIn, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';

/**
 * The Connect page's operator switches in the settings object, and its promotion endpoint
 * (POST /wc-analytics/admin/notes/experimental-activate-promo/{id}), on a real database.
 */

const PROMO = '/wp-json/wc-analytics/admin/notes/experimental-activate-promo';
const INCENTIVE = {
  id: 'summer-2026',
  description: 'No fees for 30 days',
  tc_url: 'https://example.test/terms',
};

describeEachDatabase('the Connect page switches and its promotion', (use) => {
  const api = testApi(use);
  let customer: TestUser;
  const settings = () => buildWcpaySettings(use().db, 'nonce', readAccountSnapshot);
  const activate = (id: string, user: TestUser = api.admin) =>
    api.app.inject({ method: 'POST', url: `${PROMO}/${id}`, headers: { authorization: user.basic } });

  beforeAll(async () => {
    customer = await makeUser(use(), 'customer');
  });

  it('reads both switches from the store options', async () => {
    expect(await settings()).toMatchObject({ onBoardingDisabled: false, connectIncentive: null });
    await setOnboardingDisabled(use().db, true);
    await setConnectIncentive(use().db, INCENTIVE);
    expect(await settings()).toMatchObject({ onBoardingDisabled: true, connectIncentive: INCENTIVE });
    await setOnboardingDisabled(use().db, false);
    expect((await settings()).onBoardingDisabled).toBe(false);
  });

  it('reads a malformed stored promotion as none, so the page still opens', async () => {
    await setOptions(use().db, {
      [CONNECT_INCENTIVE_OPTION]: { id: 'x y', description: '', tc_url: 'javascript:1' },
    });
    expect((await settings()).connectIncentive).toBeNull();
    await setOptions(use().db, { [CONNECT_INCENTIVE_OPTION]: 'text' });
    expect((await settings()).connectIncentive).toBeNull();
    await setConnectIncentive(use().db, INCENTIVE);
  });

  it('refuses malformed ids with a 400, and ids the store does not offer with a 404', async () => {
    for (const id of ['bad%20id', '%3Cscript%3E', 'a.b', 'x'.repeat(101)]) {
      const res = await activate(id);
      expect(res.statusCode, id).toBe(400);
      expect(json(res).code).toBe('rest_invalid_param');
    }
    const other = await activate('winter-2026');
    expect(other.statusCode).toBe(404);
    expect(json(other)).toMatchObject({
      code: 'woocommerce_note_invalid_promo',
      data: { status: 404 },
    });
    expect(await getOption(use().db, CONNECT_INCENTIVE_APPLIED_OPTION)).toBeUndefined();
  });

  it('is for administrators with a nonce only', async () => {
    expect((await activate(INCENTIVE.id, customer)).statusCode).toBe(403);
    const { cookie } = await signIn(api.app, api.admin);
    const noNonce = await api.app.inject({
      method: 'POST',
      url: `${PROMO}/${INCENTIVE.id}`,
      headers: { cookie },
    });
    expect(noNonce.statusCode).toBe(403);
    expect(json(noNonce).code).toBe('rest_cookie_invalid_nonce');
    expect(await getOption(use().db, CONNECT_INCENTIVE_APPLIED_OPTION)).toBeUndefined();
  });

  it('applies the offered promotion once and answers success', async () => {
    const res = await activate(INCENTIVE.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true });
    const applied = await getOption<{ id: string; applied_at: string }>(
      use().db,
      CONNECT_INCENTIVE_APPLIED_OPTION,
    );
    expect(applied?.id).toBe(INCENTIVE.id);
    // Again: still success, the first record stays.
    expect(json(await activate(INCENTIVE.id))).toEqual({ success: true });
    expect(await getOption(use().db, CONNECT_INCENTIVE_APPLIED_OPTION)).toEqual(applied);
  });

  it('offers and applies the promotion only before the store has an account', async () => {
    await connectSandboxAccount(use());
    expect((await settings()).connectIncentive).toBeNull();
    const res = await activate(INCENTIVE.id);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('wcpay_connect_promo_not_applicable');
  });
});
