import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The Card readers page against a server of its own: an account without readers (and without
 * loans) first, then eleven readers registered with the CLI, of which the page lists ten.
 */

const MERCHANT = { login: 'readers-admin', password: 'readers-admin-password' };
const DEVICE_TYPES = ['bbpos_wisepos_e', 'stripe_m2', 'cots_device'] as const;
const DEVICE_LABELS = {
  bbpos_wisepos_e: 'BBPOS WisePOS E',
  stripe_m2: 'Stripe Reader M2',
  cots_device: 'Tap to Pay',
};

const server = new OwnServer('card-readers', 'readers-first-admin-password');

/**
 * Registers readers, oldest first, labelled `Till 1`, `Till 2` …, with the CLI's own
 * `reader:create` (the commands share one open database); resolves to what they printed.
 */
async function registerReaders(types: readonly string[]): Promise<string> {
  let printed = '';
  for (const [index, type] of types.entries())
    printed += await server.cli('reader:create', '--label', `Till ${index + 1}`, '--device-type', type);
  return printed;
}

const readerRows = (page: Page) => page.getByTestId('connected-readers').getByTestId('reader-row');

describeInBrowser('the Card readers page', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'readers@example.test' });
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    // The business starts its verification: the store now has an account, with no readers yet.
    await server.api(
      'GET',
      `/onboarding/kyc/session?${new URLSearchParams({
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
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('says so when no reader is connected, and the menu offers no Loans without a loan', async () => {
    const page = await server.signedInPage(use(), { user: MERCHANT });
    await page.goto(server.adminUrl('/payments/overview'));
    const menu = page.getByRole('navigation', { name: 'Payments' });
    await menu.getByRole('link', { name: 'Card readers' }).click();
    await page.waitForURL(/path=\/payments\/card-readers/);
    expect(await menu.getByRole('link', { name: 'Loans', exact: true }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Connected readers' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Connected readers']);
    expect(await page.getByRole('tab', { name: 'Connected readers' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByTestId('readers-empty').waitFor();
    expect(await page.getByTestId('readers-empty').textContent()).toBe(
      'No card readers are connected to this account.',
    );
    expect(await readerRows(page).count()).toBe(0);
    await expectAccessible(page, 'card readers: none connected');
    await page.context().close();
  });

  it('lists the ten newest readers with their id, device type and status', async () => {
    await server.stop();
    const types = Array.from({ length: 11 }, (_, index) => DEVICE_TYPES[index % DEVICE_TYPES.length]!);
    const ids = (await registerReaders(types)).match(/tmr_\w+/g) ?? [];
    expect(ids).toHaveLength(11);
    const created = ids.map((id, index) => ({ id, type: types[index]! }));
    await server.start();
    const page = await server.signedInPage(use(), { user: MERCHANT });
    const request = page.waitForRequest((req) => new URL(req.url()).pathname.endsWith('/payments/readers'));
    await page.goto(server.adminUrl('/payments/card-readers'));
    expect(new URL((await request).url()).searchParams.get('limit')).toBe('10');
    await expect.poll(() => readerRows(page).count()).toBe(10);
    const newestFirst = [...created].reverse().slice(0, 10);
    const cells = await readerRows(page).evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    );
    expect(cells).toEqual(
      newestFirst.map((reader) => [
        reader.id,
        `Till ${created.indexOf(reader) + 1}`,
        DEVICE_LABELS[reader.type],
        'Active',
      ]),
    );
    expect(cells.some((row) => row[0] === created[0]!.id)).toBe(false);
    await expectAccessible(page, 'card readers: the newest ten');
    await page.context().close();
  });
});
