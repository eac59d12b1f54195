import { join } from 'node:path';
import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { PAYMENT_METHODS_WIZARD_PATH } from '@paydesk/domain/payments/paths';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payment-methods setup wizard against a server of its own (it changes the settings and the
 * account): methods locked while progressive onboarding is pending; then card locked, a method
 * needing a currency the store lacks, the requirements modal, enabling with the spinner and
 * disabling at once, a save the server refuses, and a save that reaches setup-complete.
 */

const ROOT = join(import.meta.dirname, '..');
const server = new OwnServer('payment-methods-wizard', 'pmw-first-admin-password');
const MERCHANT = { login: 'pmw-admin', password: 'pmw-admin-password' };

interface Settings {
  enabled_payment_method_ids: string[];
  payment_method_statuses: Record<string, { status: string; requirements: string[] }>;
}

/** Gives the account outstanding requirements, as the payments provider would (server stopped). */
async function setRequirements(currently_due: string[]): Promise<void> {
  const database = join(ROOT, 'packages/server/src/db/database.ts');
  const script = `
    import { openDatabase } from ${JSON.stringify(database)};
    const handle = await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR });
    try {
      await handle.db.updateTable('accounts').set({
        requirements: JSON.stringify({ errors: [], currently_due: ${JSON.stringify(currently_due)}, past_due: [], current_deadline: null }),
      }).execute();
    } finally {
      await handle.close();
    }
  `;
  await server.node(['--input-type=module', '-e', script], 'setRequirements');
}

/** Longer than the 1500 ms enabling spinner, with room for a slow machine. */
const SPIN_WAIT_MS = 10_000;

const method = (page: Page, id: string) => page.getByTestId(`method-${id}`);
const checkbox = (page: Page, id: string) => method(page, id).getByRole('checkbox');
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describeInBrowser('the payment-methods setup wizard', (use) => {
  beforeAll(async () => {
    await server.cli('seed', '--transactions', '1', '--days', '1');
    await server.createAdministrator({ ...MERCHANT, email: 'pmw-admin@example.test' });
    await server.useAppPassword(MERCHANT.login);
    await server.cli('account:set', '--progressive-onboarding', 'open');
    await server.start();
    await server.api('POST', '/settings', {
      enabled_payment_method_ids: ['card'],
      is_multi_currency_enabled: false,
    });
  });
  afterAll(async () => {
    await server.dispose();
  });

  const open = async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(server.adminUrl(PAYMENT_METHODS_WIZARD_PATH));
    await method(page, 'card').waitFor();
    return page;
  };

  it('opens from the payments settings and locks the methods while progressive onboarding is pending', async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(`${server.origin}${paymentsSettingsUrl()}`);
    await page.getByRole('link', { name: 'Add payment methods' }).click();
    await page.waitForURL(/path=\/payments\/additional-payment-methods/);
    await method(page, 'card').waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Add payment methods' }).isVisible()).toBe(true);
    const step = page.getByTestId('wizard-step-add-payment-methods');
    expect(await step.getAttribute('aria-current')).toBe('step');
    expect(await page.getByRole('heading', { level: 2, name: /Step 1 of 2/ }).isVisible()).toBe(true);
    await page.getByTestId('methods-locked-notice').waitFor();
    expect(await checkbox(page, 'alipay').isDisabled()).toBe(true);
    expect(await method(page, 'alipay').getByText('Pending approval').isVisible()).toBe(true);
    expect(await checkbox(page, 'card').isChecked()).toBe(true);
    expect(await continueButton(page).isDisabled()).toBe(true);
    await expectAccessible(page, 'payment-methods wizard: methods locked');
    await page.context().close();
  });

  it("shows the server's reason when it refuses the save", async () => {
    await server.stop();
    // A weekly schedule without its day, as the command line may leave it: a whole-object save
    // (which sends the schedule) is refused until the day is chosen.
    await server.cli('account:set', '--progressive-onboarding', 'complete', '--payout-schedule', 'weekly');
    await setRequirements(['company.tax_id', 'business_profile.url', 'external_account']);
    await server.start();
    const statuses = (await server.api<Settings>('GET', '/settings')).payment_method_statuses;
    expect(statuses.alipay).toEqual({
      status: 'pending_verification',
      requirements: ['company.tax_id', 'business_profile.url', 'external_account'],
    });

    const page = await open();
    expect(await page.getByTestId('methods-locked-notice').count()).toBe(0);
    await checkbox(page, 'alipay').click();
    const dialog = page.getByRole('dialog', { name: 'More information needed to enable Alipay' });
    await dialog.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => checkbox(page, 'alipay').isChecked(), { timeout: SPIN_WAIT_MS }).toBe(true);
    await continueButton(page).click();
    const error = page.getByTestId('wizard-save-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Error saving settings\. \S/);
    expect(await page.getByTestId('wizard-step-add-payment-methods').getAttribute('aria-current')).toBe(
      'step',
    );
    expect((await server.api<Settings>('GET', '/settings')).enabled_payment_method_ids).toEqual(['card']);
    await page.context().close();
    await server.api('POST', '/settings', { deposit_schedule_interval: 'daily' });
  });

  it('enables methods with the spinner, asks for requirements, saves and completes', async () => {
    const page = await open();

    // Card is required and locked, with the reason.
    expect(await checkbox(page, 'card').isChecked()).toBe(true);
    expect(await checkbox(page, 'card').isDisabled()).toBe(true);
    expect(await method(page, 'card').getByText('Required').isVisible()).toBe(true);
    expect(
      await method(page, 'card')
        .getByText('Card payments are always on: every other method needs them.')
        .isVisible(),
    ).toBe(true);
    expect(await method(page, 'card').getByText('Fees: 2.9% + $0.30').isVisible()).toBe(true);

    // Multi-currency is off and the store sells in USD: iDEAL (EUR) needs setup.
    expect(await checkbox(page, 'ideal').isDisabled()).toBe(true);
    const warning = method(page, 'ideal').getByRole('button', {
      name: 'iDEAL cannot be enabled at checkout.',
    });
    await warning.focus();
    await page.getByRole('tooltip').getByText('iDEAL needs the EUR currency', { exact: false }).waitFor();
    // Pay-later methods take the domestic currency only.
    expect(await method(page, 'klarna').getByText('Currencies: USD').isVisible()).toBe(true);
    expect(await method(page, 'alipay').getByText('Pending activation').isVisible()).toBe(true);
    expect(await continueButton(page).isDisabled()).toBe(true);

    // The requirements modal lists what is needed; Cancel enables nothing.
    await checkbox(page, 'alipay').click();
    const dialog = page.getByRole('dialog', { name: 'More information needed to enable Alipay' });
    await dialog.waitFor();
    const listed = await dialog.getByRole('listitem').allTextContents();
    // In the status's order; the requirement without a label is left out.
    expect(listed).toEqual(['Business Number', 'Business Website']);
    await expectAccessible(page, 'payment-methods wizard: requirements modal', {
      include: ['[role="dialog"]'],
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await checkbox(page, 'alipay').isChecked()).toBe(false);
    expect(await method(page, 'alipay').getByTestId('method-spinner').count()).toBe(0);

    // Enabling after the modal spins first, then checks.
    await checkbox(page, 'alipay').click();
    await dialog.getByRole('button', { name: 'Enable' }).click();
    const spinner = method(page, 'alipay').getByRole('status', { name: 'Enabling…' });
    await spinner.waitFor();
    expect(await checkbox(page, 'alipay').isChecked()).toBe(false);
    await spinner.waitFor({ state: 'detached' });
    expect(await checkbox(page, 'alipay').isChecked()).toBe(true);
    expect(await continueButton(page).isEnabled()).toBe(true);

    // Klarna: enabled with the spinner, then disabled at once.
    await checkbox(page, 'klarna').click();
    const klarnaDialog = page.getByRole('dialog', { name: 'More information needed to enable Klarna' });
    await klarnaDialog.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => checkbox(page, 'klarna').isChecked(), { timeout: SPIN_WAIT_MS }).toBe(true);
    await checkbox(page, 'klarna').click();
    expect(await checkbox(page, 'klarna').isChecked()).toBe(false);
    expect(await method(page, 'klarna').getByTestId('method-spinner').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'payment-methods wizard: add payment methods');

    await page.screenshot({ path: 'test-results/payment-methods-wizard.png', fullPage: true });
    // Continue saves the whole settings object; the wizard moves to setup-complete.
    await continueButton(page).click();
    const complete = page.getByTestId('wizard-step-setup-complete');
    await expect.poll(() => complete.getAttribute('aria-current')).toBe('step');
    await expect.poll(() => activeId(page)).toBe('wizard-step-setup-complete');
    expect(
      await complete.getByText('Setup complete. One new payment method is now enabled.').isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('enabled-methods').getByRole('listitem').allTextContents()).toEqual([
      'Credit card / debit card',
      'Alipay',
    ]);
    const saved = await server.api<Settings & { deposit_schedule_interval: string }>('GET', '/settings');
    expect(saved.enabled_payment_method_ids).toEqual(['card', 'alipay']);
    expect(saved.deposit_schedule_interval).toBe('daily');
    await expectAccessible(page, 'payment-methods wizard: setup complete');

    expect(await page.getByRole('link', { name: 'Go to payments settings' }).getAttribute('href')).toBe(
      '/wp-admin/admin.php?page=wc-settings&tab=checkout&section=woocommerce_payments',
    );
    await page.getByRole('link', { name: 'Go to the Overview' }).click();
    await page.waitForURL(/path=\/payments\/overview/);
    await page.context().close();
  });

  it('asks for the requirements on the payments settings page too', async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(`${server.origin}${paymentsSettingsUrl()}`);
    const klarna = page.getByRole('switch', { name: 'Klarna' });
    await klarna.click();
    const dialog = page.getByRole('dialog', { name: 'More information needed to enable Klarna' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'Business Number',
      'Business Website',
    ]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await klarna.isChecked()).toBe(false);
    await klarna.click();
    await dialog.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => klarna.isChecked()).toBe(true);
    await page.context().close();
  });
});
