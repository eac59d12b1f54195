import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The Overview against a server of its own: a seeded sandbox history in USD whose account then
 * moved to EUR (so there are two balances), manual payouts (so USD funds wait for an instant
 * payout), and account states set with `account:set` between server runs, since the embedded
 * database belongs to one process at a time.
 */

const ROOT = join(import.meta.dirname, '..');
const MERCHANT = { login: 'ov-admin', password: 'ov-admin-password', firstName: 'Morgan' };

const server = new OwnServer('overview', 'ov-first-admin-password');

interface Overview {
  balance: {
    available: { amount: number; currency: string }[];
    pending: { amount: number; currency: string }[];
    instant: { amount: number; net: number; currency: string }[];
  };
}
interface PayoutList {
  data: { id: string; amount: number; status: string; currency: string }[];
  total_count: number;
}

const overviewUrl = (query: Record<string, string> = {}) => server.adminUrl('/payments/overview', query);

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const page = await server.signedInPage(browser, {
    user: MERCHANT,
    viewport: { width: 1280, height: 1000 },
  });
  return { context: page.context(), page };
}

/** "$1,234.56" as the page writes it, for comparing with the API's minor units. */
const usd = (minor: number) =>
  `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });

describeInBrowser('the overview page', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({
      ...MERCHANT,
      email: 'ov@example.test',
      firstName: MERCHANT.firstName,
    });
    await server.cli('seed', '--transactions', '120', '--days', '20', '--seed', '11');
    // Manual payouts keep the funds that become available in the balance, ready for an instant
    // payout; the account settles in EUR from now on, so USD and EUR balances both exist.
    await server.cli('account:set', '--payout-schedule', 'manual', '--default-currency', 'eur');
    // The seeded daily payouts swept whatever was available when they ran, so whether anything
    // is available now would depend on the time of day; two more days on a manual schedule make
    // pending funds available for the instant payout whatever the hour.
    await server.cli('clock:advance', '--days', '2');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    await server.api('POST', '/payment_intents', {
      amount: 4_200,
      currency: 'eur',
      capture_method: 'automatic',
      payment_method_data: {
        type: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
      },
      order: {
        number: '8801',
        customer: { name: 'Eve Euro', email: 'eve@example.test' },
        billing_address: { country: 'FR' },
      },
    });
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('greets the merchant and shows the account status card', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    await expect
      .poll(() => page.getByTestId('greeting').textContent())
      .toMatch(new RegExp(`^Good (morning|afternoon|evening), ${MERCHANT.firstName}$`));
    await page.getByTestId('account-status').waitFor();
    expect(await page.getByTestId('account-status').textContent()).toBe('Complete');
    expect(await page.getByTestId('payments-status').textContent()).toBe('Enabled');
    expect(await page.getByTestId('payouts-status').textContent()).toBe('Manual');
    // The seeded history left notes in the inbox, which a working account shows.
    await page.getByTestId('inbox-note').first().waitFor();
    await context.close();
  });

  it('shows the balance of each currency, chosen with selected_currency', async () => {
    const overview = await server.api<Overview>('GET', '/deposits/overview-all');
    const currencies = overview.balance.available.map((b) => b.currency);
    expect(currencies).toEqual(['eur', 'usd']);
    const pendingEur = overview.balance.pending.find((b) => b.currency === 'eur')!.amount;
    expect(pendingEur).toBeGreaterThan(0);

    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    // EUR is the account's currency now, so it is shown first.
    await page.getByTestId('balance-pending').waitFor();
    await expect.poll(() => page.getByTestId('balance-pending').textContent()).toContain('€');
    expect(await page.getByTestId('balance-pending').textContent()).toContain(
      (pendingEur / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    await page.getByTestId('balance-currency').getByText('USD').click();
    await page.waitForURL(/selected_currency=usd/);
    const availableUsd = overview.balance.available.find((b) => b.currency === 'usd')!.amount;
    const pendingUsd = overview.balance.pending.find((b) => b.currency === 'usd')!.amount;
    await expect.poll(() => page.getByTestId('balance-available').textContent()).toBe(usd(availableUsd));
    expect(await page.getByTestId('balance-pending').textContent()).toBe(usd(pendingUsd));

    // A page opened with selected_currency shows that currency straight away.
    await page.goto(overviewUrl({ selected_currency: 'USD' }));
    await expect.poll(() => page.getByTestId('balance-available').textContent()).toBe(usd(availableUsd));
    await context.close();
  });

  it('lists the last 3 payouts of the selected currency with links', async () => {
    const latest = await server.api<PayoutList>('GET', '/deposits?store_currency_is=usd&pagesize=3');
    expect(latest.total_count).toBeGreaterThan(3);
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl({ selected_currency: 'usd' }));
    const rows = page.getByTestId('recent-payout');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    const links = await rows
      .locator('a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.map((href) => new URL(href!, 'http://x').searchParams.get('id'))).toEqual(
      latest.data.map((p) => p.id),
    );
    const amounts = await rows.locator('td:last-child').allTextContents();
    expect(amounts).toEqual(latest.data.map((p) => usd(p.amount)));
    await page.setViewportSize({ width: 1280, height: 2200 });
    await page.screenshot({ path: join(ROOT, 'test-results/overview-dashboard.png'), fullPage: true });
    const history = page.getByRole('link', { name: 'View full payouts history' });
    expect(new URL((await history.getAttribute('href'))!, server.origin).searchParams.get('path')).toBe(
      '/payments/payouts',
    );
    await context.close();
  });

  it('pays out the instant balance and says so, with View details', async () => {
    // Funds made available since the seeded history ended wait for the instant payout.
    const before = await server.api<Overview>('GET', '/deposits/overview-all');
    const instant = before.balance.instant.find((b) => b.currency === 'usd')!;
    expect(instant.amount).toBeGreaterThan(0);
    const payoutsBefore = await server.api<PayoutList>('GET', '/deposits?store_currency_is=usd&pagesize=3');
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl({ selected_currency: 'usd' }));
    const button = page.getByTestId('instant-payout-button');
    await expect.poll(() => button.textContent()).toBe(`Pay out ${usd(instant.amount)} now`);
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    const modal = page.getByTestId('instant-payout-modal');
    await modal.getByText('Net payout amount').waitFor();
    expect(await modal.textContent()).toContain(usd(instant.net));
    expect(await modal.textContent()).toContain('1.5% service fee');
    await page.getByRole('button', { name: 'Pay out now' }).click();

    const success = notice(page, `Instant payout for ${usd(instant.net)} in transit.`);
    await success.waitFor();
    const details = success.getByRole('link', { name: 'View details' });
    const href = new URL((await details.getAttribute('href'))!, server.origin);
    expect(href.searchParams.get('path')).toBe('/payments/payouts/details');
    const payoutId = href.searchParams.get('id')!;
    expect(payoutId).toMatch(/^po_/);
    expect(
      await server.api<{ method: string; status: string }>('GET', `/deposits/${payoutId}`),
    ).toMatchObject({
      method: 'instant',
      status: 'in_transit',
    });

    // Nothing is left to pay out instantly: the offer is gone, no "Pay out $0.00 now".
    await button.waitFor({ state: 'detached' });
    expect(await page.getByTestId('balance-instant').count()).toBe(0);
    expect(await page.getByText('Pay out $0.00 now').count()).toBe(0);
    // The recent payouts are read again: the widget shows the 3 latest by arrival date, as the list does.
    const after = await server.api<PayoutList>('GET', '/deposits?store_currency_is=usd&pagesize=3');
    expect(after.total_count).toBe(payoutsBefore.total_count + 1);
    await expect
      .poll(async () =>
        (
          await page
            .getByTestId('recent-payout')
            .locator('a')
            .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
        ).map((href) => new URL(href!, 'http://x').searchParams.get('id')),
      )
      .toEqual(after.data.map((p) => p.id));
    await context.close();
  });

  it('shows the notices of the query flags', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl({ 'wcpay-loan-offer-error': '1', 'wcpay-server-link-error': '1' }));
    await page.getByTestId('overview-error').first().waitFor();
    expect(await page.getByTestId('overview-error').allTextContents()).toEqual([
      'There was a problem redirecting you to the loan offer. Please check that it is not expired and try again.',
      'There was a problem redirecting you to the requested link. Please check that it is valid and try again.',
    ]);
    await page.goto(overviewUrl({ 'wcpay-sandbox-success': 'true', test_drive: 'true' }));
    await notice(page, 'Success! Your sandbox account is ready').waitFor();
    expect(await page.getByTestId('overview-error').count()).toBe(0);
    await context.close();
  });

  it('dismisses the connection success modal for good', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl({ 'wcpay-connection-success': '1' }));
    const modal = page.getByRole('dialog', { name: "You're ready to accept payments!" });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Got it' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await server.api<Record<string, unknown>>(
              'GET',
              '/wc-admin/options?options=wcpay_connection_success_modal_dismissed',
              undefined,
              '/wp-json',
            )
          ).wcpay_connection_success_modal_dismissed,
      )
      .toBe(true);
    await page.reload();
    // Dismissed: the same flag now only shows its notice.
    await notice(page, 'Thanks for verifying your business details!').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('shows the fraud protection banner until it is dismissed for good', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    const banner = page.getByTestId('fraud-banner');
    await banner.waitFor();
    const discover = banner.getByRole('link', { name: 'Discover how' });
    expect(new URL((await discover.getAttribute('href'))!, server.origin).searchParams.get('path')).toBe(
      '/payments/fraud-protection',
    );
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await server.api<Record<string, unknown>>(
              'GET',
              '/wc-admin/options?options=wcpay_frt_discover_banner_settings',
              undefined,
              '/wp-json',
            )
          ).wcpay_frt_discover_banner_settings,
      )
      .toBe('{"dontShowAgain":true}');
    await page.reload();
    await page.getByTestId('balance-widget').waitFor();
    await page.getByTestId('account-status').waitFor();
    expect(await page.getByTestId('fraud-banner').count()).toBe(0);
    await context.close();
  });

  it('hides the greeting and inbox of an account under review or rejected, and reports Safe Mode', async () => {
    // Each state needs a server restart, since the CLI and the server cannot share the data folder.
    for (const [status, label, movedHome] of [
      ['under_review', 'Under review', undefined],
      ['rejected.fraud', 'Rejected', 'https://staging.example.test'],
    ] as const) {
      await server.stop();
      // Progressive onboarding left open: coming back from the short form opens the eligibility modal.
      await server.cli(
        'account:set',
        '--status',
        status,
        '--progressive-onboarding',
        movedHome ? 'off' : 'open',
      );
      if (movedHome) await server.cli('store:set', '--key', 'home', '--value', movedHome);
      await server.start();
      const { context, page } = await signedIn(use());
      await page.goto(overviewUrl());
      await expect.poll(() => page.getByTestId('account-status').textContent()).toBe(label);
      expect(await page.getByTestId('greeting').count()).toBe(0);
      expect(await page.getByTestId('inbox-note').count()).toBe(0);
      // A store answering at another address than the one it was connected from is in Safe Mode.
      expect(await page.getByTestId('safe-mode-notice').count()).toBe(movedHome ? 1 : 0);
      if (movedHome) expect(await page.getByTestId('safe-mode-notice').textContent()).toContain(movedHome);
      await page.goto(overviewUrl({ 'wcpay-connection-success': '1' }));
      await page.getByTestId('account-status').waitFor();
      const eligibility = page.getByRole('dialog', { name: 'You can start selling right away' });
      if (movedHome) {
        expect(await eligibility.count()).toBe(0);
      } else {
        await eligibility.getByRole('button', { name: 'Got it' }).click();
        await eligibility.waitFor({ state: 'detached' });
        await page.reload();
        await page.getByTestId('account-status').waitFor();
        await notice(page, 'Thanks for verifying your business details!').waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
      await context.close();
    }
  }, 240_000);
});
