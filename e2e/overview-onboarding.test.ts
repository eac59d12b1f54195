import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer, pageFetch } from './own-server.ts';

/**
 * The Overview's ways into business verification, against a server of its own (they create and
 * remove the store's account): a sandbox account leaves the sandbox through "Set up live
 * payments", and an account whose details were never submitted finishes its setup in place
 * with the Overview onboarding flow. The tests run in order and share the store.
 */

const server = new OwnServer('overview-onboarding', 'overview-onboarding-admin-password');

interface AccountAnswer {
  status: string | null;
  testDrive: boolean;
  testMode: boolean;
  detailsSubmitted: boolean;
  isAccountConnected: boolean;
  progressiveOnboarding: { isEnabled: boolean; isComplete: boolean };
  requirements: { errors: { code: string; reason: string }[] };
}

const accountStatus = async (page: Page) =>
  (await pageFetch<AccountAnswer>(page, '/wp-json/wc/v3/payments/accounts')).body;

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const DETAILS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@beans.example',
  phone: '+1 555 010 0001',
  'address.line1': '2 Main St',
  'address.city': 'Springfield',
  'address.state': 'CA',
  'address.postal_code': '94110',
  id_number: '000000000',
};

describeInBrowser('overview: live activation of a sandbox and the onboarding flow in place', (use) => {
  beforeAll(async () => {
    await server.start();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('leaves the sandbox from the account card for the onboarding wizard, removing the sandbox account', async () => {
    const page = await server.signedInPage(use());
    await page.goto(server.adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    // The sandbox test drive, as the Connect page starts it: the connect URL with test_drive.
    const connectUrl = await page.evaluate(
      () =>
        JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!).wcpaySettings
          .connectUrl as string,
    );
    await page.goto(`${server.origin}${connectUrl}&test_drive=true`);
    await page.waitForURL(/path=%2Fpayments%2Foverview/, { timeout: 45_000 });
    await page.getByTestId('overview-page').waitFor();
    expect(await accountStatus(page)).toMatchObject({
      testDrive: true,
      testMode: true,
      detailsSubmitted: true,
    });
    // A sandbox account has submitted its details: no onboarding flow on its Overview.
    expect(await page.getByTestId('overview-onboarding').count()).toBe(0);

    const card = page.getByTestId('account-status-card');
    await card.getByText('Test mode').waitFor();
    await card.getByTestId('activate-live-payments').click();
    const modal = page.getByTestId('live-activation-modal');
    await modal.waitFor();
    expect(await page.getByRole('dialog').getByText('Set up live payments on your store').count()).toBe(1);
    // Cancel keeps the sandbox.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect((await accountStatus(page)).testDrive).toBe(true);

    await card.getByTestId('activate-live-payments').click();
    await page.screenshot({ path: 'test-results/overview-live-activation.png' });
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/, { timeout: 20_000 }),
      page.getByTestId('live-activation-confirm').click(),
    ]);
    await page.getByTestId('onboarding-business-step').waitFor();
    const landed = new URL(page.url());
    expect(landed.searchParams.get('source')).toBe('wcpay-overview');
    expect(landed.searchParams.get('from')).toBe('WCPAY_CONNECT');
    expect(await accountStatus(page)).toMatchObject({
      status: null,
      testDrive: false,
      isAccountConnected: false,
    });
    await page.context().close();
  });

  it('finishes an unverified account on the Overview: business, store, eligibility, verification', async () => {
    const page = await server.signedInPage(use(), { viewport: { width: 1280, height: 1000 } });
    await page.goto(server.adminUrl('/payments/onboarding'));
    await page.getByTestId('onboarding-business-step').waitFor();
    // The business starts its verification and leaves before submitting any details: the first
    // account session registers it as a live account waiting for its details.
    const started = await pageFetch(
      page,
      `/wp-json/wc/v3/payments/onboarding/kyc/session?${new URLSearchParams({
        self_assessment: JSON.stringify({
          country: 'US',
          business_type: 'individual',
          mcc: 'software',
          annual_revenue: 'less_than_250k',
          go_live_timeframe: 'within_1month',
        }),
        progressive: 'false',
      }).toString()}`,
    );
    expect(started.status).toBe(200);
    expect(await accountStatus(page)).toMatchObject({
      status: 'pending',
      detailsSubmitted: false,
      isAccountConnected: true,
    });

    const requests: Request[] = [];
    page.on('request', (request) => {
      if (/onboarding\/(router\/po_eligible|kyc\/session|kyc\/finalize)/.test(request.url())) {
        requests.push(request);
      }
    });
    const sent = (part: string) => requests.filter((request) => request.url().includes(part));
    // The eligibility answer is held back until the loading step has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/onboarding\/router\/po_eligible/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(server.adminUrl('/payments/overview'));
    const card = page.getByTestId('overview-onboarding');
    await card.getByText('Finish setting up payments').waitFor();
    // The setup card stands in for the account status card until the details are in.
    expect(await page.getByTestId('account-status-card').count()).toBe(0);
    const flow = card.getByTestId('overview-onboarding-flow');

    // Business: the country, type, structure and category; nothing of the store yet.
    const step = flow.getByTestId('onboarding-business-step');
    await step.getByText('Tell us about your business').waitFor();
    expect(await flow.getByTestId('onboarding-annual-revenue').count()).toBe(0);
    await flow.getByTestId('onboarding-business-continue').click();
    await step.getByText('Please provide a business type').waitFor();
    await flow.getByTestId('business-type-company').click();
    await choose(page, 'onboarding-structure', 'Single-member LLC');
    await flow.getByTestId('onboarding-mcc').click();
    await page.getByRole('option', { name: 'Software', exact: true }).click();
    await page.screenshot({ path: 'test-results/overview-onboarding-business.png', fullPage: true });
    await flow.getByTestId('onboarding-business-continue').click();

    // Store: revenue and go-live time, with the way back keeping the business answers.
    await flow.getByText('Tell us about your store').waitFor();
    expect(await flow.getByTestId('onboarding-country').count()).toBe(0);
    await flow.getByRole('button', { name: 'Back' }).click();
    expect(await flow.getByTestId('onboarding-mcc').inputValue()).toBe('Software');
    await flow.getByTestId('onboarding-business-continue').click();
    await choose(page, 'onboarding-annual-revenue', 'Less than $250k');
    await choose(page, 'onboarding-go-live', 'Within 1 month');
    await page.screenshot({ path: 'test-results/overview-onboarding-store.png', fullPage: true });
    const eligibilityAnswer = page.waitForResponse(/onboarding\/router\/po_eligible/);
    await flow.getByTestId('onboarding-business-continue').click();

    // Loading while eligibility is checked (once), then the embedded verification form by itself.
    await flow
      .getByTestId('overview-onboarding-loading')
      .getByText('One moment while we set up your account…')
      .waitFor();
    expect(await page.getByTestId('overview-onboarding-flow').count()).toBe(1);
    release();
    const eligible = (await (await eligibilityAnswer).json()) as { result: string };
    expect(eligible).toEqual({ result: 'eligible' });
    const form = flow.getByTestId('onboarding-verification-form');
    await form.waitFor({ timeout: 20_000 });
    const eligibility = sent('po_eligible');
    expect(eligibility).toHaveLength(1);
    expect(eligibility[0]!.postDataJSON()).toEqual({
      business: { country: 'US', type: 'company', mcc: 'software' },
      store: { annual_revenue: 'less_than_250k', go_live_timeframe: 'within_1month' },
    });
    // The session carries the answers and the eligibility: the business sells first.
    const sessions = sent('kyc/session');
    expect(sessions).toHaveLength(1);
    const sessionQuery = new URL(sessions[0]!.url()).searchParams;
    expect(sessionQuery.get('progressive')).toBe('true');
    expect(JSON.parse(sessionQuery.get('self_assessment') ?? '{}')).toMatchObject({
      country: 'US',
      business_type: 'company',
      structure: 'single_member_llc',
      mcc: 'software',
      annual_revenue: 'less_than_250k',
      go_live_timeframe: 'within_1month',
    });
    expect(await form.locator('input[name=legal_name]').inputValue()).toBe('My Store');
    await page.screenshot({ path: 'test-results/overview-onboarding-embedded.png', fullPage: true });

    // An underage representative is refused by the verification, and the account stays unverified.
    for (const [name, value] of Object.entries(DETAILS))
      await form.locator(`input[name="${name}"]`).fill(value);
    const year = new Date().getUTCFullYear();
    await form.locator('input[name=dob]').fill(`${year - 17}-06-01`);
    await form.getByLabel('I agree to the payments terms of service').check();
    await form.getByTestId('verification-submit').click();
    const errors = flow.getByTestId('verification-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Underage. Age must be at least 18.');
    const refused = await accountStatus(page);
    expect(refused).toMatchObject({ status: 'restricted', detailsSubmitted: false });
    expect(refused.requirements.errors.map((error) => error.code)).toEqual(['invalid_dob_age_under_18']);
    expect(sent('kyc/finalize')).toHaveLength(0);

    // Corrected, the details pass: the flow finalizes from the Overview and lands on it.
    await form.locator('input[name=dob]').fill('1980-01-01');
    await Promise.all([
      page.waitForURL(/wcpay-connection-success=1/, { timeout: 20_000 }),
      form.getByTestId('verification-submit').click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('path')).toBe('/payments/overview');
    expect(landed.searchParams.get('source')).toBe('wcpay-overview');
    expect(sent('kyc/finalize').map((request) => request.postDataJSON())).toEqual([
      { source: 'wcpay-overview', from: 'WCPAY_OVERVIEW' },
    ]);
    const verified = await accountStatus(page);
    // Eligible to sell first, the account is enabled now and collects payout details later.
    expect(verified).toMatchObject({
      status: 'enabled',
      detailsSubmitted: true,
      progressiveOnboarding: { isEnabled: true, isComplete: false },
      requirements: { errors: [] },
    });
    await page.getByTestId('overview-page').waitFor();
    await page.getByTestId('account-status-card').waitFor();
    expect(await page.getByTestId('overview-onboarding').count()).toBe(0);
    await page.context().close();
  });
});
