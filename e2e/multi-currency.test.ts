import { multiCurrencySettingsUrl } from '@paydesk/domain/admin-urls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The multi-currency setup wizard end to end on a server of its own, since it
 * changes the store's currencies and options: search, add currencies, toggle the storefront
 * switcher and watch the preview change, finish, land on the settings tab, and be sent there
 * again when the wizard is opened once done.
 */

const server = new OwnServer('multi-currency', 'multi-currency-first-admin-password');
const WIZARD = '/payments/multi-currency-setup';
const MERCHANT = { login: 'mc-admin', password: 'mc-admin-password' };

interface Currencies {
  enabled: Record<string, unknown>;
}

const primary = (page: Page, name: string | RegExp) => page.getByRole('button', { name });
const previewSrc = (page: Page) => page.getByTestId('store-preview').getAttribute('src');

describeInBrowser('the multi-currency setup wizard', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'mc-admin@example.test' });
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('adds currencies, previews the store, finishes, and is not shown again', async () => {
    // A retry starts from a store without extra currencies, as the first try did.
    await server.api('POST', '/multi-currency/update-enabled-currencies', { enabled: [] });
    await server.api('POST', '/wc-admin/options', { wcpay_multi_currency_setup_completed: 'no' }, '/wp-json');
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(server.adminUrl(WIZARD));
    await page.getByRole('heading', { name: 'Add currencies', level: 2 }).waitFor();

    // Only the store currency is enabled and nothing is chosen: the button cannot go on.
    const add = primary(page, 'Add currencies');
    expect(await add.isDisabled()).toBe(true);
    const recommended = page.getByTestId('recommended-currencies');
    expect(await recommended.getByRole('checkbox').count()).toBe(6); // USD is the store's own.

    // Search matches symbol, code and name, in any case.
    const search = page.getByRole('searchbox', { name: 'Search currencies' });
    await search.fill('yen');
    await page.getByRole('checkbox', { name: /Japanese yen/ }).check();
    await search.fill('£');
    expect(await page.getByTestId('search-results').getByRole('checkbox').count()).toBe(1);
    await search.fill('EUR');
    await page.getByRole('checkbox', { name: /Euro/ }).check();
    await search.fill('');
    expect(await page.getByRole('checkbox', { name: /Japanese yen/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'multi-currency wizard: add currencies');

    await primary(page, 'Add 2 currencies').click();
    await page.getByRole('heading', { name: 'Set up store settings', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('mc-step-heading');
    const enabled = await server.api<Currencies>('GET', '/multi-currency/currencies');
    expect(Object.keys(enabled.enabled).sort()).toEqual(['EUR', 'JPY', 'USD']);

    // The preview loads the store as a simulation, and follows the switcher toggle.
    const before = await previewSrc(page);
    expect(before).toContain('is_mc_onboarding_simulation=1');
    expect(before).toContain('enable_storefront_switcher=false');
    const frame = page.frameLocator('[data-testid="store-preview"]');
    await frame.getByRole('heading', { name: 'Shop' }).waitFor();
    expect(await frame.getByTestId('currency-switcher').count()).toBe(0);
    await expectAccessible(page, 'multi-currency wizard: store settings with the preview');
    await page.getByRole('checkbox', { name: 'Add a currency switcher to your store' }).check();
    await expect.poll(() => previewSrc(page)).toContain('enable_storefront_switcher=true');
    await frame.getByTestId('currency-switcher').waitFor();
    await page.screenshot({ path: 'test-results/multi-currency-wizard-preview.png', fullPage: true });
    await frame.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await frame.getByRole('button', { name: 'Change currency' }).click();
    await expect.poll(() => frame.getByTestId('shown-currency').textContent()).toBe('EUR');
    // $18.00 at the shipped 0.92 is €16.56, raised to the default rounding of 1.00.
    expect(await frame.getByTestId('price-beanie').textContent()).toBe('€17.00 EUR');

    await primary(page, 'Update and complete').click();
    await page.getByRole('heading', { name: 'Setup complete', level: 2 }).waitFor();
    const settings = await server.api<Record<string, unknown>>('GET', '/multi-currency/get-settings');
    expect(settings.wcpay_multi_currency_enable_storefront_switcher).toBe(true);
    expect(settings.wcpay_multi_currency_enable_auto_currency).toBe(false);
    await expectAccessible(page, 'multi-currency wizard: setup complete');
    await expect
      .poll(
        async () =>
          (
            await server.api<Record<string, unknown>>(
              'GET',
              '/wc-admin/options?options=wcpay_multi_currency_setup_completed',
              undefined,
              '/wp-json',
            )
          ).wcpay_multi_currency_setup_completed,
      )
      .toBe('yes');

    // Finishing leads to the settings tab, with a rate, rounding and charm per currency.
    const go = page.getByRole('link', { name: 'Go to multi-currency settings' });
    await expect.poll(() => go.getAttribute('data-disabled')).toBeNull();
    await go.click();
    await page.waitForURL((url) => url.search.includes('tab=wcpay_multi_currency'));
    await page.getByRole('heading', { name: 'Enabled currencies', level: 2 }).waitFor();
    await page.screenshot({ path: 'test-results/multi-currency-settings-tab.png', fullPage: true });
    // Automatic rates are the shipped table's, with its date.
    await page.getByText('From the rates table shipped with Paydesk, dated April 15, 2024').waitFor();
    await expectAccessible(page, 'multi-currency settings');
    await page.getByLabel('Currency to edit').selectOption('EUR');
    await page.getByLabel('Charm pricing').selectOption('-0.01');
    await expect
      .poll(() => page.getByTestId('sample-conversion').textContent())
      .toBe('$20.00 USD in your store is shown as €18.99 EUR.');
    await expectAccessible(page, 'multi-currency settings: a currency being edited');
    await page.getByRole('button', { name: 'Save EUR settings' }).click();
    await page.getByText('Currency settings updated.').waitFor();
    expect(await server.api('GET', '/multi-currency/currencies/EUR')).toMatchObject({ price_charm: '-0.01' });

    // The wizard, once done, sends the merchant to the settings tab.
    await page.goto(server.adminUrl(WIZARD));
    await page.waitForURL((url) => url.search.includes('tab=wcpay_multi_currency'));
    expect(new URL(page.url()).search).toBe(new URL(`http://x${multiCurrencySettingsUrl()}`).search);
    await page.getByRole('heading', { name: 'Enabled currencies', level: 2 }).waitFor();
    await page.context().close();
  });
});
