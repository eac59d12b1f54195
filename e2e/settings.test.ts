import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payments settings page against a server of its own (it needs a payments account): the
 * payout schedule anchor, a save with "Settings saved.", and a save the server refuses with
 * "Error saving settings." and its reason.
 */

const server = new OwnServer('settings', 'settings-first-admin-password');
const MERCHANT = { login: 'settings-admin', password: 'settings-admin-password' };

interface Settings {
  account_statement_descriptor: string;
  account_business_name: string;
  deposit_delay_days: number;
}

const notice = (page: Page, text: string) =>
  page.getByTestId('notice').filter({ has: page.getByText(text, { exact: true }) });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes' });

describeInBrowser('the payments settings page', (use) => {
  beforeAll(async () => {
    server.cli('seed', '--transactions', '1', '--days', '1');
    server.createAdministrator({ ...MERCHANT, email: 'settings-admin@example.test' });
    server.useAppPassword(MERCHANT.login);
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
    expect((await server.api<Settings>('GET', '/settings')).account_business_name).not.toBe('x'.repeat(201));
    expect(await saveButton(page).isEnabled()).toBe(true);
    await page.context().close();
  });
});
