import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The regular onboarding, from a store without an account to a verified one, against a server
 * of its own: it gives the store an account, which would change what every other file sees on
 * the shared server. The tests run in order and share the store.
 */

const server = new OwnServer('onboarding', 'onboarding-admin-password');
const adminUrl = (path: string, query: Record<string, string> = {}) => server.adminUrl(path, query);
const signedInPage = (browser: Browser) =>
  server.signedInPage(browser, { viewport: { width: 1280, height: 1400 } });

/** GET {base}/accounts with the page's session and nonce. */
async function accountStatus(page: Page): Promise<{
  status: string | null;
  detailsSubmitted: boolean;
  isAccountConnected: boolean;
  requirements: { errors: { code: string; reason: string }[] };
}> {
  return page.evaluate(async () => {
    const bootstrap = JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!);
    const response = await fetch('/wp-json/wc/v3/payments/accounts', {
      headers: { 'X-WP-Nonce': bootstrap.page.nonce, Accept: 'application/json' },
    });
    return response.json();
  });
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const DETAILS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@beans.example',
  phone: '+1 555 010 0000',
  'address.line1': '1 Main St',
  'address.city': 'Springfield',
  'address.state': 'CA',
  'address.postal_code': '94110',
  id_number: '000000000',
};

describeInBrowser('onboarding: the wizard, business verification and KYC continue', (use) => {
  beforeAll(async () => {
    // The store's industry gives the wizard its initial type of goods or services.
    await server.cli(
      'store:set',
      '--key',
      'woocommerce_store_industry',
      '--value',
      'food-drink,health-beauty',
    );
    await server.start();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('leaves the wizard for the Connect page with the source and from=WCPAY_ONBOARDING_WIZARD', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/onboarding', { source: 'e2e<x>' }));
    await page.getByTestId('onboarding-business-step').waitFor();
    await Promise.all([
      page.waitForURL(/path=\/payments\/connect/),
      page.getByTestId('onboarding-close').click(),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('e2ex');
    expect(url.searchParams.get('from')).toBe('WCPAY_ONBOARDING_WIZARD');
    expect(await accountStatus(page)).toMatchObject({ status: null, isAccountConnected: false });
    await page.context().close();
  });

  it('connects the store, walks the business step and shows a verification error', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    expect(await page.getByTestId('connect-primary').textContent()).toBe('Connect your store');
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      page.getByTestId('connect-primary').click(),
    ]);
    expect(new URL(page.url()).searchParams.get('from')).toBe('WCPAY_CONNECT');
    const step = page.getByTestId('onboarding-business-step');
    await step.waitFor();

    // Initial values: the connect country, and the MCC of the first chosen store industry.
    expect(await page.getByTestId('onboarding-country').inputValue()).toBe('United States (US)');
    // Fields appear in order: the structure, MCC and revenue wait for the business type.
    expect(await page.getByTestId('onboarding-structure').count()).toBe(0);
    expect(await page.getByTestId('onboarding-mcc').count()).toBe(0);
    // Required messages show once touched: Continue touches every field on screen.
    expect(await step.getByText('Please provide a business type').count()).toBe(0);
    await page.getByTestId('onboarding-business-continue').click();
    await step.getByText('Please provide a business type').waitFor();
    // Company comes first.
    const types = await page
      .locator('[data-testid^=business-type-]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(types).toEqual(['business-type-company', 'business-type-individual', 'business-type-non_profit']);
    await page.getByTestId('business-type-company').click();
    await choose(page, 'onboarding-structure', 'Single-member LLC');
    expect(await page.getByTestId('onboarding-mcc').inputValue()).toBe('Groceries');

    // A new country clears the business type and with it the structure.
    await page.getByTestId('onboarding-country').fill('Canada');
    await page.getByRole('option', { name: 'Canada', exact: true }).click();
    expect(await page.getByTestId('onboarding-structure').count()).toBe(0);
    expect(await page.getByTestId('business-type-company').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('onboarding-country').fill('Puerto');
    await page.getByRole('option', { name: 'Puerto Rico', exact: true }).click();
    // Puerto Rico uses the business types of the United States, structures included.
    await page.getByTestId('business-type-company').click();
    await page.getByTestId('onboarding-structure').waitFor();
    await page.getByTestId('onboarding-country').fill('United States');
    await page.getByRole('option', { name: 'United States (US)', exact: true }).click();
    await page.getByTestId('business-type-company').click();
    await choose(page, 'onboarding-structure', 'Single-member LLC');
    await choose(page, 'onboarding-annual-revenue', 'Less than $250k');
    await choose(page, 'onboarding-go-live', 'Within 1 month');
    await page.screenshot({ path: 'test-results/onboarding-business.png', fullPage: true });

    await page.getByTestId('onboarding-business-continue').click();
    const form = page.getByTestId('onboarding-verification-form');
    await form.waitFor();
    // The business name starts as the site title; on localhost the URL is the fixed test URL.
    expect(await form.locator('input[name=legal_name]').inputValue()).toBe('My Store');
    expect(await form.locator('input[name=url]').inputValue()).toBe('https://wcpay.test');
    await page.screenshot({ path: 'test-results/onboarding-embedded.png', fullPage: true });

    for (const [name, value] of Object.entries(DETAILS))
      await form.locator(`input[name="${name}"]`).fill(value);
    const year = new Date().getUTCFullYear();
    await form.locator('input[name=dob]').fill(`${year - 16}-03-01`);
    await form.getByLabel('I agree to the payments terms of service').check();
    await form.getByTestId('verification-submit').click();
    const errors = page.getByTestId('verification-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Underage. Age must be at least 18.');
    await page.screenshot({ path: 'test-results/onboarding-verification-error.png', fullPage: true });
    const status = await accountStatus(page);
    expect(status).toMatchObject({ status: 'restricted', detailsSubmitted: false });
    expect(status.requirements.errors.map((error) => error.code)).toEqual(['invalid_dob_age_under_18']);

    // Leaving now keeps the unverified account; the Connect page asks to finish.
    await Promise.all([
      page.waitForURL(/path=\/payments\/connect/),
      page.getByTestId('onboarding-close').click(),
    ]);
    await page.getByTestId('connect-page').waitFor();
    await page.getByText('Please complete your setup to process payments.').waitFor();
    expect(await page.getByTestId('connect-primary').textContent()).toBe(
      'Finish business details verifications',
    );
    await page.context().close();
  });

  it('sends a KYC continue that finalizes unverified to the Connect page with wcpay-connection-error=1', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/onboarding/kyc', { source: 'e2e' }));
    const form = page.getByTestId('onboarding-verification-form');
    await form.waitFor();
    // The open requirement and the details submitted so far are there.
    expect(await page.getByTestId('verification-errors').textContent()).toContain(
      'Underage. Age must be at least 18.',
    );
    expect(await form.locator('input[name=first_name]').inputValue()).toBe('Ada');
    await page.screenshot({ path: 'test-results/onboarding-kyc.png', fullPage: true });
    await Promise.all([
      page.waitForURL(/wcpay-connection-error=1/),
      page.getByTestId('verification-finish-later').click(),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get('path')).toBe('/payments/connect');
    expect((await accountStatus(page)).detailsSubmitted).toBe(false);
    await page.context().close();
  });

  it('verifies the corrected details in the wizard and lands on the Overview', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      page.getByTestId('connect-primary').click(),
    ]);
    await page.getByTestId('onboarding-business-step').waitFor();
    await page.getByTestId('business-type-individual').click();
    expect(await page.getByTestId('onboarding-structure').count()).toBe(0);
    await choose(page, 'onboarding-annual-revenue', 'Less than $250k');
    await choose(page, 'onboarding-go-live', 'My store is already live');
    await page.getByTestId('onboarding-business-continue').click();
    const form = page.getByTestId('onboarding-verification-form');
    await form.waitFor();
    expect(await form.locator('input[name=last_name]').inputValue()).toBe('Lovelace');
    await form.locator('input[name=dob]').fill('1980-01-01');
    await form.getByLabel('I agree to the payments terms of service').check();
    await Promise.all([
      page.waitForURL(/wcpay-connection-success=1/, { timeout: 20_000 }),
      form.getByTestId('verification-submit').click(),
    ]);
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/overview');
    expect(await accountStatus(page)).toMatchObject({
      detailsSubmitted: true,
      requirements: { errors: [] },
    });
    expect(['complete', 'enabled']).toContain((await accountStatus(page)).status);
    await page.context().close();
  });
});
