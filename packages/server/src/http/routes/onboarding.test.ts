import type { onboarding } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { createAccount } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { orderRows } from '../../engine/document-rows.ts';
import { randomIds } from '../../engine/ids.ts';
import { ACCOUNT_TABLES, resetAccount } from '../../engine/onboarding/reset.ts';
import { setOnboardingDisabled } from '../../store/connect-options.ts';
import { getOption } from '../../store/options.ts';
import { adminPageUrl, makeUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import {
  accountTableRows,
  NO_ACCOUNT_ROWS,
  onboardingApp,
  SELF_ASSESSMENT,
} from '../../testing/onboarding.ts';

const ACCOUNTS = '/wp-json/wc/v3/payments/accounts';

/** The settings object written into an admin page. */
function settingsOf(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/json" id="paydesk-bootstrap">(.*?)<\/script>/s);
  if (!match) throw new Error('no bootstrap in the page');
  return JSON.parse(match[1]!).wcpaySettings;
}

describeEachDatabase('onboarding: account states, test drive and reset', (use) => {
  const s = onboardingApp(use);
  const { page, connect, accountCount, createLiveAccount } = s;
  beforeEach(async () => {
    await resetAccount(use().db);
    await use().db.deleteFrom('options').where('name', '=', 'paydesk_store_connected').execute();
  });

  const accounts = async () => {
    const res = await s.api.get(ACCOUNTS);
    expect(res.statusCode).toBe(200);
    return res.json() as onboarding.TAccountStatus;
  };

  it('walks the account states: not connected, connected without an account, account', async () => {
    const fresh = await accounts();
    expect(fresh).toMatchObject({ status: null, isJetpackConnected: false, isAccountConnected: false });
    let settings = settingsOf((await page({ path: '/payments/connect' })).body);
    expect(settings).toMatchObject({ isJetpackConnected: false, isAccountConnected: false, testMode: false });

    const connected = await connect({ source: 'a<b>' });
    expect(connected.statusCode).toBe(302);
    expect(connected.headers.location).toBe(
      adminPageUrl({ path: '/payments/onboarding', source: 'ab', from: 'WCPAY_CONNECT' }),
    );
    expect(await accounts()).toMatchObject({ isJetpackConnected: true, isAccountConnected: false });
    expect(await accountCount()).toBe(0);

    await createAccount(use().db, randomIds, {
      mode: 'live',
      status: 'restricted',
      country: 'US',
      currency: 'usd',
      businessName: 'Shop',
      detailsSubmitted: false,
      createdAt: await clockNow(use().db),
    });
    expect(await accounts()).toMatchObject({
      status: 'restricted',
      isAccountConnected: true,
      isAccountValid: false,
      testMode: false,
      detailsSubmitted: false,
    });
    settings = settingsOf((await page({ path: '/payments/connect' })).body);
    expect(settings).toMatchObject({ isAccountConnected: true, isAccountValid: false });
  });

  it('sends a store without an account from the Overview to Connect, and not once it has one', async () => {
    const overview = await page({ path: '/payments/overview' });
    expect(overview.statusCode).toBe(302);
    expect(overview.headers.location).toBe(adminPageUrl({ path: '/payments/connect' }));
    expect((await page({ path: '/payments/connect' })).statusCode).toBe(200);
    await connect({ test_drive: 'true' }, true);
    expect((await page({ path: '/payments/overview' })).statusCode).toBe(200);
  });

  it('starts no sandbox and no account while the operator has paused account creation', async () => {
    await setOnboardingDisabled(use().db, true);
    try {
      const json = await connect({ test_drive: 'true' }, true);
      expect(json.statusCode).toBe(403);
      expect(json.json()).toEqual({
        success: false,
        data: { message: "We've temporarily paused new account creation. We'll notify you when we resume!" },
      });
      const browser = await connect({});
      expect(browser.statusCode).toBe(302);
      expect(browser.headers.location).toBe(adminPageUrl({ path: '/payments/connect' }));
      const session = await s.api.get(
        `/wp-json/wc/v3/payments/onboarding/kyc/session?self_assessment=${encodeURIComponent(
          JSON.stringify(SELF_ASSESSMENT),
        )}`,
      );
      expect(session.statusCode).toBe(403);
      expect(session.json()).toMatchObject({ code: 'wcpay_onboarding_paused' });
      expect(await accountCount()).toBe(0);
      expect(await getOption(use().db, 'paydesk_store_connected')).toBeUndefined();
    } finally {
      await setOnboardingDisabled(use().db, false);
    }
    // Resumed: the same link starts the sandbox.
    const resumed = await connect({ test_drive: 'true' }, true);
    expect(resumed.statusCode).toBe(200);
    expect(await accountCount()).toBe(1);
  });

  it('refuses the connect URL without the nonce, and changes nothing', async () => {
    const res = await page({ path: '/payments/connect', 'wcpay-connect': '1', test_drive: 'true' }, true);
    expect(res.statusCode).toBe(403);
    const wrong = await page(
      { path: '/payments/connect', 'wcpay-connect': '1', test_drive: 'true', _wpnonce: 'x'.repeat(32) },
      true,
    );
    expect(wrong.statusCode).toBe(403);
    expect(await accountCount()).toBe(0);
    expect(await getOption(use().db, 'paydesk_store_connected')).toBeUndefined();
  });

  it('creates one sandbox test-drive account with 90 days of sample activity, once', async () => {
    const res = await connect({ test_drive: 'true', sample_data: '1' }, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { redirect_to: adminPageUrl({ path: '/payments/overview' }) },
    });
    const status = await accounts();
    expect(status).toMatchObject({
      status: 'complete',
      isJetpackConnected: true,
      isAccountConnected: true,
      isAccountValid: true,
      testMode: true,
      testDrive: true,
    });
    expect(status.progressiveOnboarding.tpv).toBeGreaterThan(0);
    const rows = await use()
      .db.selectFrom('balance_transactions')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('first')])
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(400);
    const ageDays =
      ((await clockNow(use().db)).getTime() - new Date(rows.first as Date).getTime()) / 86_400_000;
    expect(ageDays).toBeGreaterThan(80);
    expect(ageDays).toBeLessThanOrEqual(91);

    const settings = settingsOf((await page({ path: '/payments/connect' })).body);
    expect(settings).toMatchObject({ testMode: true, testModeOnboarding: true, isAccountConnected: true });

    // A second click, and two at once, make no second account and no more history.
    const again = await connect({ test_drive: 'true', sample_data: '1' }, true);
    expect(again.json()).toMatchObject({ success: true });
    expect(await accountCount()).toBe(1);
    const after = await use()
      .db.selectFrom('balance_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(rows.n));
  });

  it('makes one account when two test-drive requests arrive together', async () => {
    const query = { path: '/payments/connect', 'wcpay-connect': '1', _wpnonce: s.nonce, test_drive: 'true' };
    const [a, b] = await Promise.all([page(query, true), page(query, true)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await accountCount()).toBe(1);
    expect((await accounts()).status).toBe('complete');
  });

  it('redirects a browser visit of the test drive to the Overview with the success flags', async () => {
    const res = await connect({ test_drive: 'true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      adminPageUrl({ path: '/payments/overview', test_drive: 'true', 'wcpay-sandbox-success': 'true' }),
    );
  });

  it('resets a test-drive account and everything made under it', async () => {
    await connect({ test_drive: 'true', sample_data: '1' }, true);
    // The documents no order names: the charges' (outcomes, cards, billing details, fee rates).
    const chargesDocuments = async () => {
      const orders = await use()
        .db.selectFrom('orders')
        .select(['billing_address_id', 'shipping_address_id'])
        .execute();
      const named = new Set(orders.flatMap((order) => [order.billing_address_id, order.shipping_address_id]));
      const kept = await use().db.selectFrom('charge_documents').select('id').execute();
      return kept.filter((row) => !named.has(row.id));
    };
    expect((await chargesDocuments()).length).toBeGreaterThan(0);
    const res = await connect({ 'wcpay-reset-account': 'true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(adminPageUrl({ path: '/payments/connect' }));
    expect(await accountCount()).toBe(0);
    expect(await accountTableRows(use().db)).toEqual(NO_ACCOUNT_ROWS);
    // The charges' documents (billing details, cards) went with them; the orders stay with theirs.
    expect(await chargesDocuments()).toEqual([]);
    const orders = await use().db.selectFrom(orderRows(use().db)).select('billing_address').execute();
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) expect(order.billing_address).toHaveProperty('country');
    expect(await accounts()).toMatchObject({
      status: null,
      isJetpackConnected: true,
      isAccountConnected: false,
    });
    // A new test drive after the reset starts over.
    await connect({ test_drive: 'true' }, true);
    expect(await accountCount()).toBe(1);
  });

  it('refuses to reset a verified live account and says so on the Overview', async () => {
    await createLiveAccount();
    const res = await connect({ 'wcpay-reset-account': 'true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      adminPageUrl({ path: '/payments/overview', 'wcpay-reset-account-error': '1' }),
    );
    expect(await accountCount()).toBe(1);
  });

  it('lists every table that holds account rows for the reset', async () => {
    const result = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'account_id' and c.table_schema = current_schema()
        and t.table_type = 'BASE TABLE'`.execute(use().db);
    const tables = result.rows.map((row) => row.table_name).sort();
    expect(tables).toEqual([...ACCOUNT_TABLES].sort());
  });

  it('refuses the accounts route and the connect URL to a customer, and changes nothing', async () => {
    const customer = await makeUser(use(), 'customer');
    const res = await s.api.get(ACCOUNTS, { authorization: customer.basic });
    expect(res.statusCode).toBe(403);
    const { cookie: customerCookie, nonce: customerNonce } = await s.api.signIn(customer);
    for (const flag of [{ test_drive: 'true' }, { 'wcpay-reset-account': 'true' }] as Record<
      string,
      string
    >[]) {
      const refused = await s.api.app.inject({
        method: 'GET',
        url: adminPageUrl({
          path: '/payments/connect',
          'wcpay-connect': '1',
          _wpnonce: customerNonce,
          ...flag,
        }),
        headers: { cookie: customerCookie, accept: 'application/json' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await accountCount()).toBe(0);
    const anonymous = await s.api.app.inject({
      method: 'GET',
      url: adminPageUrl({ path: '/payments/connect', 'wcpay-connect': '1', test_drive: 'true' }),
    });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/wp-login\.php\?redirect_to=/);
    expect(await accountCount()).toBe(0);
  });

  it('keeps a live account when the test drive is asked for again by a browser visit', async () => {
    await createLiveAccount();
    const res = await connect({ test_drive: 'true' });
    expect(res.statusCode).toBe(302);
    expect(await accountCount()).toBe(1);
    expect(await accounts()).toMatchObject({ testMode: false, testDrive: false, status: 'complete' });
  });
});
