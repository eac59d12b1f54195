import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The fraud protection page against a server of its own with a seeded sandbox history: each
 * filter enabled and saved, the validation messages, the protection level notices, the leave
 * prompt, the selling locations, a backtest, and a failed load.
 */

const server = new OwnServer('fraud', 'fraud-admin-password');
const MERCHANT = { login: 'fp-admin', password: 'fp-admin-password' };

interface Rule {
  key: string;
  outcome: string;
  check: unknown;
}
interface Settings {
  current_protection_level: string;
  advanced_fraud_protection_settings: Rule[];
}

const notice = (page: Page, text: string) =>
  page.getByTestId('notice').filter({ has: page.getByText(text, { exact: true }) });
const card = (page: Page, id: string) => page.getByTestId(`fraud-card-${id}`);
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Changes' }).first();

describeInBrowser('the fraud protection page', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'fp@example.test' });
    await server.cli('seed', '--transactions', '150', '--days', '20', '--seed', '5');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  });
  afterAll(async () => {
    await server.dispose();
  });
  beforeEach(async () => {
    // Every test starts at basic protection, selling everywhere.
    await server.api('POST', '/settings', {
      current_protection_level: 'basic',
      advanced_fraud_protection_settings: [],
    });
    await server.api('POST', '/settings/general', { woocommerce_allowed_countries: 'all' }, '/wp-json/wc/v3');
  });

  const open = async () => {
    const page = await server.signedInPage(use(), {
      user: MERCHANT,
      viewport: { width: 1280, height: 1000 },
    });
    await page.goto(server.adminUrl('/payments/fraud-protection'));
    await card(page, 'avs_verification').getByRole('switch', { name: 'Enable filtering' }).waitFor();
    return page;
  };
  const toggle = (page: Page, id: string) =>
    card(page, id).getByRole('switch', { name: 'Enable filtering' }).click();

  it('enables every filter, saves the rules each card maps to, and says the level changed', async () => {
    const page = await open();
    expect(await saveButton(page).isDisabled()).toBe(true);
    expect(await page.getByTestId('cvc-notice').textContent()).toBe(
      'For security, this filter is enabled and cannot be modified. Payments failing CVC verification will be blocked.',
    );
    expect(await page.getByTestId('international-ip-disabled').textContent()).toBe(
      "This filter is disabled because you're currently selling to all countries.",
    );
    for (const id of ['avs_verification', 'ip_address_mismatch', 'address_mismatch']) await toggle(page, id);
    await card(page, 'address_mismatch').getByRole('radio', { name: 'Block payment' }).check();
    await toggle(page, 'purchase_price_threshold');
    await page.getByLabel('Minimum purchase price').fill('10.50');
    await page.getByLabel('Maximum purchase price').fill('1000');
    await toggle(page, 'order_items_threshold');
    await page.getByLabel('Minimum items per order').fill('2');
    expect(await saveButton(page).isDisabled()).toBe(false);
    await expectAccessible(page, 'fraud protection: every filter on');
    await saveButton(page).click();
    await notice(page, 'Current protection level is set to "advanced".').waitFor();
    const saved = await server.api<Settings>('GET', '/settings');
    expect(saved.current_protection_level).toBe('advanced');
    const byKey = Object.fromEntries(
      saved.advanced_fraud_protection_settings.map((rule) => [rule.key, rule]),
    );
    expect(byKey.avs_verification).toEqual({
      key: 'avs_verification',
      outcome: 'review',
      check: { key: 'avs_mismatch', operator: 'equals', value: true },
    });
    expect(byKey.ip_address_mismatch?.check).toEqual({
      key: 'ip_billing_country_same',
      operator: 'equals',
      value: false,
    });
    expect(byKey.address_mismatch).toMatchObject({
      outcome: 'block',
      check: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
    });
    expect(byKey.purchase_price_threshold?.check).toEqual({
      operator: 'or',
      checks: [
        { key: 'order_total', operator: 'less_than', value: '1050|usd' },
        { key: 'order_total', operator: 'greater_than', value: '100000|usd' },
      ],
    });
    expect(byKey.order_items_threshold?.check).toEqual({
      key: 'item_count',
      operator: 'less_than',
      value: 2,
    });
    expect(await saveButton(page).isDisabled()).toBe(true);
    // The page shows what was saved after a reload.
    await page.reload();
    await card(page, 'purchase_price_threshold').getByLabel('Minimum purchase price').waitFor();
    expect(await page.getByLabel('Minimum purchase price').inputValue()).toBe('10.5');
    await page.context().close();
  });

  it('warns about a missing range, refuses a maximum below the minimum, and saves nothing', async () => {
    const page = await open();
    await toggle(page, 'purchase_price_threshold');
    expect(await card(page, 'purchase_price_threshold').getByTestId('range-warning').textContent()).toBe(
      'A price range must be set for the "Purchase Price threshold" filter.',
    );
    await toggle(page, 'order_items_threshold');
    await page.getByLabel('Minimum items per order').fill('5');
    await page.getByLabel('Maximum items per order').fill('3');
    expect(await card(page, 'order_items_threshold').getByTestId('range-error').textContent()).toBe(
      'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
    );
    await page.mouse.wheel(0, 3000);
    await saveButton(page).click();
    const error = page.getByTestId('fraud-save-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Settings were not saved.');
    expect(await error.textContent()).toContain(
      'A price range must be set for the "Purchase Price threshold" filter.',
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page, 'fraud protection: a refused save');
    expect((await server.api<Settings>('GET', '/settings')).current_protection_level).toBe('basic');
    await page.context().close();
  });

  it('falls back to basic when every filter is turned off, and saves nothing when it already was', async () => {
    await server.api('POST', '/settings', {
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [
        {
          key: 'avs_verification',
          outcome: 'block',
          check: { key: 'avs_mismatch', operator: 'equals', value: true },
        },
      ],
    });
    const page = await open();
    await toggle(page, 'avs_verification');
    await saveButton(page).click();
    await notice(
      page,
      'Current protection level is set to "basic". At least one risk filter needs to be enabled for advanced protection.',
    ).waitFor();
    expect(await server.api<Settings>('GET', '/settings')).toEqual(
      expect.objectContaining({ current_protection_level: 'basic', advanced_fraud_protection_settings: [] }),
    );
    // Turning a filter on and off again makes the page dirty without any filter on.
    await toggle(page, 'address_mismatch');
    await toggle(page, 'address_mismatch');
    await saveButton(page).click();
    await notice(page, 'At least one risk filter needs to be enabled for advanced protection.').waitFor();
    await page.context().close();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const page = await open();
    await toggle(page, 'avs_verification');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (dialogs.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    expect(dialogs).toEqual([
      'There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?',
    ]);
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/fraud-protection');
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(/overview/);
    expect(dialogs).toHaveLength(2);
    await page.context().close();
  });

  it('changes where the store sells, and the international IP filter screens the other countries', async () => {
    const page = await open();
    await card(page, 'international_ip_address')
      .getByRole('button', { name: 'Change where the store sells' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Where the store sells' });
    await dialog.waitFor();
    await expectAccessible(page, 'fraud protection: selling locations modal', { include: ['[role=dialog]'] });
    await dialog.getByRole('radio', { name: 'Specific countries' }).check();
    await dialog.getByLabel('Countries the store sells to').fill('Canada');
    await page.getByRole('option', { name: 'Canada' }).click();
    // The country list stays open for more picks; clicking elsewhere in the form closes it.
    await dialog.getByText('Sell to', { exact: true }).click();
    await expectAccessible(page, 'fraud protection: selling locations, specific countries', {
      include: ['[role=dialog]'],
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('selling-countries-note').textContent()).toBe(
      'Payments from IP addresses outside of these countries are screened: Canada.',
    );
    await toggle(page, 'international_ip_address');
    await saveButton(page).click();
    await notice(page, 'Current protection level is set to "advanced".').waitFor();
    const rules = (await server.api<Settings>('GET', '/settings')).advanced_fraud_protection_settings;
    expect(rules).toEqual([
      {
        key: 'international_ip_address',
        outcome: 'review',
        check: { key: 'ip_country', operator: 'not_in', value: 'ca' },
      },
    ]);
    await page.context().close();
  });

  it('tests the unsaved filters on the last 30 days of payments, as the API counts them', async () => {
    const page = await open();
    await toggle(page, 'purchase_price_threshold');
    await page.getByLabel('Maximum purchase price').fill('50');
    await page.getByRole('button', { name: 'Test on past payments' }).click();
    const summary = page.getByTestId('backtest-summary');
    await summary.waitFor();
    const rules = [
      {
        key: 'purchase_price_threshold',
        outcome: 'review',
        check: { key: 'order_total', operator: 'greater_than', value: '5000|usd' },
      },
    ];
    const expected = await server.api<{ total: { count: number }; tested: { count: number } }>(
      'POST',
      '/fraud_protection/backtest',
      { days: 30, rules },
    );
    expect(expected.total.count).toBeGreaterThan(0);
    expect(await summary.textContent()).toContain(`Would have caught ${expected.total.count} payments`);
    expect(await summary.textContent()).toContain(`Out of ${expected.tested.count} payments`);
    expect(await page.getByTestId('backtest-purchase_price_threshold').textContent()).toContain(
      `Would have caught ${expected.total.count} payments`,
    );
    // Nothing was saved by testing.
    expect((await server.api<Settings>('GET', '/settings')).current_protection_level).toBe('basic');
    await page.context().close();
  });

  it('says so when the settings cannot be loaded, and cannot save', async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.route('**/wp-json/wc/v3/payments/settings**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"internal_server_error","message":"x","data":{"status":500}}',
      }),
    );
    await page.goto(server.adminUrl('/payments/fraud-protection'));
    const banner = page.getByTestId('fraud-load-error');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toBe(
      'There was an error retrieving your fraud protection settings. Please refresh the page to try again.',
    );
    expect(await saveButton(page).isDisabled()).toBe(true);
    await page.context().close();
  });
});
