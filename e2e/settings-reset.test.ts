import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payments settings page's reset tool, against a server of its own: a sandbox
 * made by the test drive offers it; cancelling keeps the account, confirming deletes it and
 * opens the Connect page.
 */

const server = new OwnServer('settings-reset', 'settings-reset-admin-password');
const MERCHANT = { login: 'reset-admin', password: 'reset-admin-password' };

const bootstrap = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!) as {
        wcpaySettings: { connectUrl: string; isAccountConnected: boolean };
      },
  );

describeInBrowser('the settings page resets a test-drive sandbox', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'reset-admin@example.test' });
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('offers the reset in test mode; Cancel keeps the account, confirming goes to Connect', async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(server.adminUrl('/payments/connect'));
    const { wcpaySettings } = await bootstrap(page);
    await page.goto(`${server.origin}${wcpaySettings.connectUrl}&test_drive=true`);
    await page.waitForURL(/overview/, { timeout: 45_000 });

    await page.goto(`${server.origin}${paymentsSettingsUrl()}`);
    const reset = page.getByRole('button', { name: 'Reset sandbox account' });
    await reset.waitFor();
    await page.getByRole('heading', { name: 'Account tools' }).waitFor();

    // Keyboard first: the button opens the dialog with Enter.
    await reset.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Reset your sandbox account?').waitFor();
    await expectAccessible(page, 'settings: reset account confirmation', { include: ['[role=dialog]'] });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await bootstrap(page)).wcpaySettings.isAccountConnected).toBe(true);
    expect(await server.api<{ is_test_mode_onboarding: boolean }>('GET', '/settings')).toMatchObject({
      is_test_mode_onboarding: true,
    });

    await reset.click();
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fconnect$/),
      page.getByRole('dialog').getByRole('button', { name: 'Reset account' }).click(),
    ]);
    await page.getByTestId('connect-page').waitFor();
    expect((await bootstrap(page)).wcpaySettings.isAccountConnected).toBe(false);
    await page.context().close();
  });
});
