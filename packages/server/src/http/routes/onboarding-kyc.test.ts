import type { onboarding } from '@paydesk/domain/contracts';
import { ACCOUNT_SESSION_TTL_MS, VERIFICATION_ERROR_MESSAGES } from '@paydesk/domain/onboarding/verification';
import { beforeEach, expect, it } from 'vitest';
import { advanceClock, clockNow } from '../../engine/clock.ts';
import { resetAccount } from '../../engine/onboarding/reset.ts';
import { adminPageUrl } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { onboardingApp, SELF_ASSESSMENT } from '../../testing/onboarding.ts';

const BASE = '/wp-json/wc/v3/payments';

const DETAILS: onboarding.TBusinessDetails = {
  legal_name: 'Bean Shop LLC',
  url: 'https://beans.example',
  first_name: 'Ada',
  last_name: 'Lovelace',
  dob: '1980-01-01',
  email: 'ada@beans.example',
  phone: '+1 555 010 0000',
  address: { line1: '1 Main St', city: 'Springfield', state: 'CA', postal_code: '94110', country: 'US' },
  id_number: '000000000',
  tos_accepted: true,
};

describeEachDatabase('onboarding: account sessions, verification and finalize', (use) => {
  const s = onboardingApp(use);
  const { page, connect, accountCount, createLiveAccount } = s;
  beforeEach(async () => {
    await resetAccount(use().db);
  });

  const { get, post } = s.api;
  const kycSession = (query: Record<string, string> = {}) =>
    get(`${BASE}/onboarding/kyc/session?${new URLSearchParams(query).toString()}`);
  const startKyc = async (assessment: Record<string, string> = SELF_ASSESSMENT) => {
    const res = await kycSession({ self_assessment: JSON.stringify(assessment), progressive: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as onboarding.TAccountSession;
  };
  const submit = (secret: string, details: onboarding.TBusinessDetails) =>
    post(`${BASE}/onboarding/kyc/details`, { client_secret: secret, details });
  const account = () => use().db.selectFrom('accounts').selectAll().executeTakeFirst();
  const settingsOf = (html: string) => {
    const match = html.match(/<script type="application\/json" id="paydesk-bootstrap">(.*?)<\/script>/s);
    if (!match) throw new Error('no bootstrap in the page');
    return JSON.parse(match[1]!).wcpaySettings as Record<string, unknown>;
  };

  it('answers po_eligible from the business and the store, and refuses a malformed body', async () => {
    const body = {
      business: { country: 'US', type: 'company', mcc: 'software' },
      store: { annual_revenue: 'less_than_250k', go_live_timeframe: 'already_live' },
    };
    const eligible = await post(`${BASE}/onboarding/router/po_eligible`, body);
    expect(eligible.statusCode).toBe(200);
    expect(eligible.json()).toEqual({ result: 'eligible' });
    const big = await post(`${BASE}/onboarding/router/po_eligible`, {
      ...body,
      store: { ...body.store, annual_revenue: 'more_than_100m' },
    });
    expect(big.json()).toEqual({ result: 'not_eligible' });
    const bad = await post(`${BASE}/onboarding/router/po_eligible`, { business: body.business });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('rest_invalid_param');
  });

  it('refuses an account session before there is an account, then gives one', async () => {
    const none = await get(`${BASE}/accounts/session`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      "Failed to create account session. Please check that you're using the latest version of WooPayments.",
    );
    await startKyc();
    const res = await get(`${BASE}/accounts/session`);
    expect(res.statusCode).toBe(200);
    const session = res.json() as onboarding.TAccountSession;
    const acct = await account();
    expect(session.clientSecret.startsWith(`${acct!.id}_secret_`)).toBe(true);
    expect(session.publishableKey).toBe(`pk_live_${acct!.id}`);
    expect(session.locale).toBe('en-US');
  });

  it('refuses a kyc session without a self-assessment or with a wrong one, and creates nothing', async () => {
    const missing = await kycSession();
    expect(missing.statusCode).toBe(409);
    const notJson = await kycSession({ self_assessment: '{nope' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().data.params).toEqual({ self_assessment: 'Not a JSON object.' });
    const wrongType = await kycSession({
      self_assessment: JSON.stringify({ ...SELF_ASSESSMENT, business_type: 'empire' }),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().data.params).toMatchObject({
      'self_assessment.business_type': 'Please provide a business type',
    });
    const extra = await kycSession({ self_assessment: JSON.stringify({ ...SELF_ASSESSMENT, admin: 'yes' }) });
    expect(extra.json().data.params).toEqual({ 'self_assessment.admin': 'Unknown parameter.' });
    const unknownQuery = await kycSession({ self_assessment: JSON.stringify(SELF_ASSESSMENT), x: '1' });
    expect(unknownQuery.statusCode).toBe(400);
    expect(await accountCount()).toBe(0);
  });

  it('registers the business on the first kyc session: a live account waiting for verification', async () => {
    const session = await startKyc();
    expect(session.publishableKey.startsWith('pk_live_')).toBe(true);
    const acct = await account();
    expect(acct).toMatchObject({
      mode: 'live',
      status: 'pending',
      country: 'US',
      business_name: 'Bean Shop',
      business_type: 'company',
      business_structure: 'single_member_llc',
      mcc: '5734',
      business_url: 'https://beans.example',
      details_submitted: false,
      payments_enabled: false,
    });
    // Another session for the same store makes no second account.
    await startKyc();
    expect(await accountCount()).toBe(1);
    const settings = settingsOf((await page({ path: '/payments/connect' })).body);
    expect(settings).toMatchObject({
      isAccountConnected: true,
      isAccountValid: false,
      errorMessage: 'Please complete your setup to process payments.',
    });
    const status = (await get(`${BASE}/accounts`)).json() as onboarding.TAccountStatus;
    expect(status).toMatchObject({ status: 'pending', detailsSubmitted: false, testMode: false });
  });

  it('refuses details with a wrong or expired client secret, and changes nothing', async () => {
    const session = await startKyc();
    const wrong = await submit(`${session.clientSecret}x`, DETAILS);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'wcpay_account_session_invalid',
      message: 'Failed to retrieve account session. Please try again later.',
    });
    expect((await get(`${BASE}/onboarding/kyc/details?client_secret=nope`)).statusCode).toBe(403);
    await advanceClock(use().db, ACCOUNT_SESSION_TTL_MS + 1000);
    const expired = await submit(session.clientSecret, DETAILS);
    expect(expired.statusCode).toBe(403);
    expect(await account()).toMatchObject({ status: 'pending', details_submitted: false });
  });

  it('refuses incomplete details field by field, and changes nothing', async () => {
    const session = await startKyc();
    const res = await submit(session.clientSecret, {
      ...DETAILS,
      first_name: '',
      email: 'x',
      tos_accepted: false,
      address: { ...DETAILS.address, city: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toEqual({
      'details.first_name': 'Please provide a response',
      'details.email': 'Please provide a valid email address',
      'details.tos_accepted': 'Please accept the terms of service',
      'details.address.city': 'Please provide a response',
    });
    expect(await account()).toMatchObject({ status: 'pending', details_submitted: false });
    const start = (await get(`${BASE}/onboarding/kyc/details?client_secret=${session.clientSecret}`)).json();
    expect(start.details).toMatchObject({ legal_name: 'Bean Shop', url: 'https://beans.example' });
  });

  it('raises a verification error for an underage representative, then verifies the corrected details', async () => {
    const session = await startKyc();
    const today = await clockNow(use().db);
    const underage = `${today.getUTCFullYear() - 17}-01-01`;
    const failed = await submit(session.clientSecret, { ...DETAILS, dob: underage });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({
      status: 'restricted',
      details_submitted: false,
      requirements: {
        errors: [
          {
            code: 'invalid_dob_age_under_18',
            reason: 'Underage. Age must be at least 18.',
            requirement: 'representative.dob.day',
          },
        ],
      },
    });
    const status = (await get(`${BASE}/accounts`)).json() as onboarding.TAccountStatus;
    expect(status.requirements.errors).toEqual([
      { code: 'invalid_dob_age_under_18', reason: 'Underage. Age must be at least 18.' },
    ]);
    expect(status).toMatchObject({ status: 'restricted', detailsSubmitted: false, paymentsEnabled: false });
    // The form starts again from what was submitted.
    const again = (await get(`${BASE}/onboarding/kyc/details?client_secret=${session.clientSecret}`)).json();
    expect(again.details.dob).toBe(underage);

    const finalizeEarly = await post(`${BASE}/onboarding/kyc/finalize`, {
      source: 'wcpay-connect-page',
      from: 'x',
    });
    expect(finalizeEarly.json()).toEqual({ success: false, details_submitted: false, params: {} });

    const passed = await submit(session.clientSecret, DETAILS);
    expect(passed.json()).toEqual({
      status: 'complete',
      details_submitted: true,
      requirements: { errors: [] },
    });
    expect(await account()).toMatchObject({
      status: 'complete',
      details_submitted: true,
      payments_enabled: true,
      payouts_enabled: true,
      business_name: 'Bean Shop LLC',
      support_email: 'ada@beans.example',
    });
    const settings = settingsOf((await page({ path: '/payments/connect' })).body);
    expect(settings).toMatchObject({ isAccountValid: true, errorMessage: '' });

    const finalize = await post(`${BASE}/onboarding/kyc/finalize`, {
      source: 'wcpay<connect>',
      from: 'WCPAY_ONBOARDING_WIZARD',
    });
    expect(finalize.statusCode).toBe(200);
    expect(finalize.json()).toEqual({
      success: true,
      details_submitted: true,
      params: { 'wcpay-connection-success': '1', source: 'wcpayconnect' },
    });
    // The finished session's secret no longer works.
    expect((await submit(session.clientSecret, DETAILS)).statusCode).toBe(403);
  });

  it('raises each documented verification error from its test value', async () => {
    const cases: [Partial<onboarding.TBusinessDetails>, string][] = [
      [{ dob: '1902-01-01' }, 'verification_failed_keyed_identity'],
      [{ legal_name: 'Name Mismatch' }, 'verification_failed_name_match'],
      [{ legal_name: 'Missing Owners' }, 'verification_missing_owners'],
      [{ legal_name: 'Missing Executives' }, 'verification_missing_executives'],
      [{ legal_name: 'Holding Company' }, 'verification_requires_additional_memorandum_of_associations'],
      [{ legal_name: 'Verification Failed' }, 'verification_failed_other'],
      [{ address: { ...DETAILS.address, line1: 'address_no_match' } }, 'verification_failed_address_match'],
      [{ address: { ...DETAILS.address, line1: 'invalid_street' } }, 'invalid_street_address'],
      [{ address: { ...DETAILS.address, line1: 'PO Box 1' } }, 'verification_failed_residential_address'],
      [{ address: { ...DETAILS.address, postal_code: '00000' } }, 'invalid_address_city_state_postal_code'],
      [{ address: { ...DETAILS.address, country: 'CA' } }, 'invalid_representative_country'],
      [{ id_number: '111111111' }, 'verification_failed_tax_id_match'],
      [{ id_number: '222222222' }, 'verification_failed_tax_id_not_issued'],
      [{ id_number: '333333333' }, 'verification_failed_id_number_match'],
      [{ id_number: '444444444' }, 'verification_failed_keyed_match'],
    ];
    const session = await startKyc();
    for (const [change, code] of cases) {
      const res = await submit(session.clientSecret, { ...DETAILS, ...change });
      expect(res.statusCode, code).toBe(200);
      expect(res.json().requirements.errors, code).toEqual([
        expect.objectContaining({ code, reason: VERIFICATION_ERROR_MESSAGES[code] }),
      ]);
      expect((await account())?.status, code).toBe('restricted');
    }
  });

  it('starts a progressive account selling first, and finalize fails without an account', async () => {
    const res = await kycSession({ self_assessment: JSON.stringify(SELF_ASSESSMENT), progressive: 'true' });
    const session = res.json() as onboarding.TAccountSession;
    const passed = await submit(session.clientSecret, DETAILS);
    expect(passed.json()).toMatchObject({ status: 'enabled', details_submitted: true });
    expect((await account())?.progressive_onboarding).toEqual({ isEnabled: true, isComplete: false });
    // Collecting payout requirements completes it.
    const payout = (
      await kycSession({ collect_payout_requirements: 'true' })
    ).json() as onboarding.TAccountSession;
    expect((await submit(payout.clientSecret, DETAILS)).json()).toMatchObject({ status: 'complete' });
    expect((await account())?.progressive_onboarding).toEqual({ isEnabled: true, isComplete: true });

    await resetAccount(use().db);
    const none = await post(`${BASE}/onboarding/kyc/finalize`, { source: 'a', from: 'b' });
    expect(none.statusCode).toBe(409);
  });

  it('resets an unverified account with wcpay-reset-account=true', async () => {
    await startKyc();
    const res = await connect({ 'wcpay-reset-account': 'true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(adminPageUrl({ path: '/payments/connect' }));
    expect(await accountCount()).toBe(0);
  });

  it('activates live payments: the sandbox account goes and the wizard starts; a live account stays', async () => {
    await connect({ test_drive: 'true' });
    expect((await account())?.mode).toBe('test');
    const activation = {
      path: '/payments/connect',
      'wcpay-connect': '1',
      'wcpay-disable-onboarding-test-mode': 'true',
    };
    const noNonce = await page(activation);
    expect(noNonce.statusCode).toBe(403);
    expect(await accountCount()).toBe(1);
    const res = await page({ ...activation, _wpnonce: s.nonce, source: 'wcpay-overview' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      adminPageUrl({ path: '/payments/onboarding', source: 'wcpay-overview', from: 'WCPAY_CONNECT' }),
    );
    expect(await accountCount()).toBe(0);

    await createLiveAccount();
    const live = await page({ ...activation, _wpnonce: s.nonce });
    expect(live.headers.location).toBe(adminPageUrl({ path: '/payments/overview' }));
    expect(await account()).toMatchObject({ mode: 'live', status: 'complete' });
  });
});
