import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payments settings page against a server of its own (it needs a payments account): the
 * payout schedule anchor, a save with "Settings saved.", a save the server refuses with
 * "Error saving settings." and its reason, the branding logo, the fraud protection level, the
 * multi-currency link. The reset tool of a test-drive sandbox: settings-reset.test.ts.
 */

const server = new OwnServer('settings', 'settings-first-admin-password');
const MERCHANT = { login: 'settings-admin', password: 'settings-admin-password' };

interface Settings {
  account_branding_logo: string;
  current_protection_level: string;
  account_statement_descriptor: string;
  account_business_name: string;
  deposit_delay_days: number;
}

const notice = (page: Page, text: string) =>
  page.getByTestId('notice').filter({ has: page.getByText(text, { exact: true }) });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes' });

/** A 2×2 PNG that a browser draws. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQSDgARAwQCgAgjgUB59mTewAAAABJRU5ErkJggg==',
  'base64',
);
/** Whether the logo's preview is shown and its image loaded. */
const previewLoaded = (page: Page) =>
  page
    .getByTestId('branding-logo-preview')
    .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

describeInBrowser('the payments settings page', (use) => {
  beforeAll(async () => {
    await server.cli('seed', '--transactions', '1', '--days', '1');
    await server.createAdministrator({ ...MERCHANT, email: 'settings-admin@example.test' });
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  });
  afterAll(async () => {
    await server.dispose();
  });

  const open = async (anchor?: string) => {
    const page = await server.signedInPage(use(), { user: MERCHANT, viewport: { width: 1280, height: 700 } });
    await page.goto(`${server.origin}${paymentsSettingsUrl(anchor)}`);
    await page.getByRole('heading', { name: 'Payouts' }).waitFor();
    return page;
  };

  it('opens at the payout schedule from its anchor', async () => {
    const page = await open('payout-schedule');
    const heading = page.getByRole('heading', { name: 'Payouts' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payout-schedule-heading');
    expect(await heading.isVisible()).toBe(true);
    const top = await page.evaluate(
      () => document.getElementById('payout-schedule')!.getBoundingClientRect().top,
    );
    expect(top).toBeLessThan(700);
    expect(await page.getByRole('combobox', { name: 'Payout schedule' }).inputValue()).toBe('daily');
    await expectAccessible(page, 'settings');
    await page.context().close();
  });

  it('saves a change with "Settings saved." and refuses a bad one with the server\'s reason', async () => {
    const page = await open();
    expect(await saveButton(page).isDisabled()).toBe(true);

    const descriptor = page.getByRole('textbox', { name: 'Full bank statement' });
    await descriptor.fill('SETTINGS SHOP');
    const delay = page.getByRole('spinbutton', { name: 'Payout delay (days)' });
    await delay.fill('4');
    expect(await saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    await notice(page, 'Settings saved.').waitFor();
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);
    const saved = await server.api<Settings>('GET', '/settings');
    expect(saved.account_statement_descriptor).toBe('SETTINGS SHOP');
    expect(saved.deposit_delay_days).toBe(4);

    // A name longer than the server keeps: the page sends it and shows the server's reason.
    await page.getByRole('textbox', { name: 'Business name' }).fill('x'.repeat(201));
    // The success notice lies over the button at this viewport; the keyboard reaches it.
    await saveButton(page).focus();
    await page.keyboard.press('Enter');
    await notice(page, 'Error saving settings. This value is too long.').waitFor();
    await expectAccessible(page, 'settings: a refused save');
    expect((await server.api<Settings>('GET', '/settings')).account_business_name).not.toBe('x'.repeat(201));
    expect(await saveButton(page).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('uploads a PNG logo, previews it, saves it, and refuses a text file named .png', async () => {
    const page = await open();
    const logo = page.getByLabel('Logo', { exact: true });
    await page.getByTestId('branding-logo').getByText('No logo uploaded.').waitFor();
    // The file input is the keyboard's way in: Tab reaches it.
    await logo.focus();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('file');

    await logo.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    const refusal = page.getByTestId('branding-logo-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('The logo must be a PNG or JPEG image.');
    expect(await logo.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'settings: a refused logo');
    expect(await saveButton(page).isDisabled()).toBe(true);

    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await page.getByTestId('branding-logo-preview').waitFor();
    await expect.poll(() => previewLoaded(page)).toBe(true);
    expect(await refusal.count()).toBe(0);
    expect(await saveButton(page).isEnabled()).toBe(true);
    await saveButton(page).click();
    await notice(page, 'Settings saved.').waitFor();
    const saved = await server.api<Settings>('GET', '/settings');
    expect(saved.account_branding_logo).toMatch(/^file_/);

    await page.reload();
    await page.getByTestId('branding-logo-preview').waitFor();
    expect(await page.getByTestId('branding-logo-preview').getAttribute('src')).toContain(
      `/file/${saved.account_branding_logo}?_wpnonce=`,
    );
    await expect.poll(() => previewLoaded(page)).toBe(true);

    // Removing is a change like any other, saved with "Save changes".
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByTestId('branding-logo').getByText('No logo uploaded.').waitFor();
    await saveButton(page).click();
    await expect
      .poll(async () => (await server.api<Settings>('GET', '/settings')).account_branding_logo)
      .toBe('');
    await page.context().close();
  });

  it('says the fraud protection level and links to multi-currency set-up, then its settings', async () => {
    await server.api('POST', '/wc-admin/options', { wcpay_multi_currency_setup_completed: 'no' }, '/wp-json');
    const page = await open();
    const level = (await server.api<Settings>('GET', '/settings')).current_protection_level;
    expect(await page.getByTestId('fraud-protection-level').textContent()).toBe(
      `Current protection level: ${level === 'advanced' ? 'Advanced' : 'Basic'}`,
    );
    expect(
      await page.getByRole('link', { name: 'Configure fraud protection' }).getAttribute('href'),
    ).toContain('path=/payments/fraud-protection');

    const setup = page.getByRole('link', { name: 'Set up multi-currency' });
    await setup.waitFor();
    expect(await setup.getAttribute('href')).toContain('path=/payments/multi-currency-setup');

    await server.api(
      'POST',
      '/wc-admin/options',
      { wcpay_multi_currency_setup_completed: 'yes' },
      '/wp-json',
    );
    await page.reload();
    const settings = page.getByRole('link', { name: 'Multi-currency settings' });
    await settings.waitFor();
    expect(await settings.getAttribute('href')).toBe(
      '/wp-admin/admin.php?page=wc-settings&tab=wcpay_multi_currency',
    );
    await page.context().close();
  });

  it('offers no reset for a sandbox the reset does not take (made without the test drive)', async () => {
    const page = await open();
    await page.getByRole('heading', { name: 'Advanced settings' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Account tools' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reset sandbox account' }).count()).toBe(0);
    await page.context().close();
  });
});
