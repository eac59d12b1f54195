import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer, pageFetch } from './own-server.ts';

/**
 * Connect → sandbox test drive → Overview, and the reset, against a server of its own: the test
 * drive gives the store an account, which would change what every other file sees on the shared
 * server; here the order the files run in does not matter.
 */

const server = new OwnServer('connect', 'connect-admin-password');
const adminUrl = (path: string, query: Record<string, string> = {}) => server.adminUrl(path, query);
/** A fresh browser session, signed in; closing its page's context ends it. */
const signedInPage = (browser: Browser, redirectTo?: string) => server.signedInPage(browser, { redirectTo });

/** GET {base}/accounts with the page's session and nonce. */
const accountStatus = async (page: Page) =>
  (await pageFetch<{ status: string | null; testDrive: boolean }>(page, '/wp-json/wc/v3/payments/accounts'))
    .body;

describeInBrowser('connect, the sandbox test drive and the reset', (use) => {
  beforeAll(async () => {
    await server.start();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('sends a store without an account from the Overview to Connect and greets the merchant', async () => {
    const page = await signedInPage(use(), '/wp-admin/admin.php?page=wc-admin&path=/payments/overview');
    await page.getByTestId('connect-page').waitFor();
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    expect(await page.getByTestId('connect-greeting').textContent()).toBe('Hi Admin, welcome to payments');
    expect(await page.getByTestId('connect-primary').textContent()).toBe('Connect your store');
    // A US store shows the one-page checkout logo too: 20 logos, 10 of them inline.
    await page.getByTestId('payment-method-logo').first().waitFor();
    expect(await page.getByTestId('payment-method-logo').count()).toBe(10);
    expect(await page.getByTestId('more-payment-methods').textContent()).toBe('+ 10');
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=payment-method-logo]').length === 7,
    );
    await page.setViewportSize({ width: 480, height: 900 });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=payment-method-logo]').length === 5,
    );
    expect(await page.getByTestId('more-payment-methods').textContent()).toBe('+ 15');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByTestId('connect-summary').textContent()).toContain('Recurring payments');
    expect(await page.getByRole('button', { name: /Reset/ }).count()).toBe(0);
    await page.screenshot({ path: 'test-results/connect.png', fullPage: true });
    await page.context().close();
  });

  it("points an unconnected store's transactions page to Connect, asking for no list", async () => {
    const page = await signedInPage(use(), '/wp-admin/admin.php?page=wc-admin&path=/payments/overview');
    await page.getByTestId('connect-page').waitFor();
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (/\/payments\/(transactions|authorizations)/.test(request.url())) listReads.push(request.url());
    });
    await page.goto(server.adminUrl('/payments/transactions'));
    const card = page.getByTestId('transactions-connect');
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe('Connect your store to see its transactions');
    expect(await page.getByText('Error retrieving transactions.').count()).toBe(0);
    await card.getByRole('link', { name: 'Connect' }).click();
    await page.getByTestId('connect-page').waitFor();
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    expect(listReads).toEqual([]);
    await page.context().close();
  });

  it('reports a failed sandbox set-up back on the Connect page', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    // The connect URL answers as a failed set-up would.
    await page.route(/wcpay-connect=1/, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, data: { message: 'failed' } }),
      }),
    );
    await page.getByText("I'm setting up a store for someone else").click();
    await page.getByRole('button', { name: 'Enable sandbox mode' }).click();
    await page.waitForURL(/test_drive_error=true/);
    expect(await page.getByTestId('test-drive-error').textContent()).toBe(
      'An error occurred while setting up your sandbox account. Please try again!',
    );
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    await page.context().close();
  });

  it('sets up a sandbox with sample activity, showing its progress, and lands on the Overview', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect', { source: 'e2e<script>', from: 'WCADMIN_PAYMENT_TASK' }));
    await page.getByTestId('connect-page').waitFor();
    const seen: number[] = [];
    await page.exposeFunction('recordProgress', (value: string) => seen.push(Number(value)));
    await page.evaluate(() => {
      const record = (window as unknown as { recordProgress: (value: string) => void }).recordProgress;
      let last = '';
      new MutationObserver(() => {
        const value = document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') ?? '';
        if (value && value !== last) {
          last = value;
          record(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    let connectRequest = '';
    page.on('request', (request) => {
      if (request.url().includes('wcpay-connect=1')) connectRequest = request.url();
    });
    const connectAnswer = page.waitForResponse(/wcpay-connect=1/, { timeout: 45_000 });
    await page.getByText("I'm setting up a store for someone else").click();
    await page.getByRole('button', { name: 'Enable sandbox mode' }).click();
    const answer = await connectAnswer;
    // A failed set-up would only flash the progress: say what the server answered and logged.
    expect(answer.status(), `${await answer.text()}\n${server.log}`).toBe(200);
    await page.getByText('Finishing payments setup').first().waitFor();
    await page.waitForURL(/path=%2Fpayments%2Foverview/, { timeout: 45_000 });
    await page.getByTestId('overview-page').waitFor();

    const landed = new URL(page.url());
    expect(landed.searchParams.get('test_drive')).toBe('true');
    expect(landed.searchParams.get('wcpay-sandbox-success')).toBe('true');
    // Progress starts at 5, climbs by 5 while the account is made, jumps to 40, then adds 6 a poll.
    expect(seen[0]).toBe(5);
    expect(seen).toContain(40);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const [index, value] of seen.entries()) {
      if (index > 0) expect(value).toBeGreaterThan(seen[index - 1]!);
      expect(value <= 40 ? value % 5 : (value - 40) % 6).toBe(0);
    }
    const request = new URL(connectRequest);
    expect(request.searchParams.get('test_drive')).toBe('true');
    expect(request.searchParams.get('source')).toBe('wcadmin-payment-task');
    expect(request.searchParams.get('from')).toBe('WCADMIN_PAYMENT_TASK');
    expect(await accountStatus(page)).toMatchObject({ status: 'complete', testDrive: true });
    await page.screenshot({ path: 'test-results/connect-sandbox-overview.png', fullPage: true });
    await page.context().close();
  });

  it('resets the sandbox account from the Connect page', async () => {
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    expect(await page.getByTestId('connect-primary').textContent()).toBe('Verify business details');
    await page.getByRole('button', { name: 'Reset sandbox account' }).click();
    await page.getByRole('dialog').getByText('Reset your sandbox account?').waitFor();
    // Cancel keeps the account.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await accountStatus(page)).status).toBe('complete');
    await page.getByRole('button', { name: 'Reset sandbox account' }).click();
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fconnect$/),
      page.getByRole('dialog').getByRole('button', { name: 'Reset account' }).click(),
    ]);
    await page.getByTestId('connect-page').waitFor();
    expect(await accountStatus(page)).toMatchObject({ status: null, testDrive: false });
    // The store stays registered with the service; the sandbox can be set up again.
    expect(await page.getByTestId('connect-primary').textContent()).toBe('Verify business details');
    expect(await page.getByTestId('sandbox-panel').count()).toBe(1);
    await page.goto(adminUrl('/payments/overview'));
    await page.getByTestId('connect-page').waitFor();
    await page.context().close();
  });

  it('lists the supported countries when the store country is not one of them', async () => {
    await server.stop();
    await server.cli('store:set', '--key', 'woocommerce_default_country', '--value', 'BR');
    await server.start();
    const page = await signedInPage(use());
    await page.goto(adminUrl('/payments/connect'));
    await page.getByTestId('connect-page').waitFor();
    await page.getByTestId('connect-primary').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('supported-countries').waitFor();
    expect(await dialog.getByTestId('supported-countries').textContent()).toContain('United States');
    expect(await dialog.getByTestId('supported-countries').textContent()).not.toContain('Brazil');
    // Cancel aborts: the merchant stays on the Connect page.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    // Continue goes on to connect: the connect URL, then the onboarding wizard.
    await page.getByTestId('connect-primary').click();
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('from')).toBe('WCPAY_CONNECT');
    await page.context().close();
  });
});

/**
 * The operator's switches on the Connect page (paused onboarding, the promotion) and the failed
 * connection notice, against a server of their own whose options the CLI sets between restarts.
 */
const switches = new OwnServer('connect-switches', 'connect-switches-password');
const PROMOTION = {
  id: 'spring-2026',
  description: 'No fees for 30 days',
  tc_url: 'https://example.test/terms',
};
const PROMO_PATH = '/wp-json/wc-analytics/admin/notes/experimental-activate-promo/';

describeInBrowser('the Connect page switches, its promotion and a failed connection', (use) => {
  const openConnect = async (query: Record<string, string> = {}) => {
    const page = await switches.signedInPage(use());
    await page.goto(switches.adminUrl('/payments/connect', query));
    await page.getByTestId('connect-page').waitFor();
    return page;
  };

  beforeAll(async () => {
    await switches.cli(
      'connect:set',
      '--onboarding-disabled',
      'true',
      '--incentive-id',
      PROMOTION.id,
      '--incentive-description',
      PROMOTION.description,
      '--incentive-tc-url',
      PROMOTION.tc_url,
    );
    await switches.start();
  });

  afterAll(async () => {
    await switches.dispose();
  });

  it('says new account creation is paused and offers no way to start it, with drawn payment logos', async () => {
    const page = await openConnect();
    const paused = page.getByTestId('onboarding-paused');
    expect(await paused.textContent()).toBe(
      "We've temporarily paused new account creation. We'll notify you when we resume!",
    );
    expect(await page.getByTestId('connect-primary').isDisabled()).toBe(true);
    await page.getByText("I'm setting up a store for someone else").click();
    expect(await page.getByRole('button', { name: 'Enable sandbox mode' }).isDisabled()).toBe(true);
    // The logos are pictures named for what they show.
    const logos = page.getByTestId('payment-method-logo');
    await logos.first().waitFor();
    expect(await logos.count()).toBe(10);
    expect(await logos.first().getAttribute('role')).toBe('img');
    expect(await page.getByRole('img', { name: 'Visa', exact: true }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Mastercard' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'American Express' }).count()).toBe(1);
    await expectAccessible(page, 'the Connect page with onboarding paused and a promotion');
    await page.screenshot({ path: 'test-results/connect-paused.png', fullPage: true });
    await page.context().close();
  });

  it('shows the promotion, and when applying it fails says so and connects on the next click', async () => {
    await switches.stop();
    await switches.cli('connect:clear', '--onboarding-disabled');
    await switches.start();
    const page = await openConnect();
    const box = page.getByTestId('connect-incentive');
    expect(await box.getByRole('heading').textContent()).toBe(`${PROMOTION.description}*`);
    expect(await box.getByText('Limited time offer').count()).toBe(1);
    expect(await box.getByTestId('connect-incentive-terms').getAttribute('href')).toBe(PROMOTION.tc_url);
    expect(await page.getByTestId('onboarding-paused').count()).toBe(0);

    // The offer is withdrawn while the page is open: the server no longer knows this id.
    await page.route(
      (url) => url.pathname.startsWith(PROMO_PATH),
      (route) => route.continue({ url: route.request().url().replace(PROMOTION.id, 'withdrawn-offer') }),
    );
    const answer = page.waitForResponse((response) => response.url().includes(PROMO_PATH));
    await page.getByTestId('connect-primary').click();
    expect((await answer).status()).toBe(404);
    const error = page.getByTestId('connect-incentive-error');
    expect(await error.textContent()).toBe(
      'There was an error applying the promotion. Please contact support for assistance if the problem persists',
    );
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    await expectAccessible(page, 'the promotion error notice');
    await page.screenshot({ path: 'test-results/connect-promotion-error.png', fullPage: true });

    // The next click goes on to connect, without trying the promotion again.
    let promoCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes(PROMO_PATH)) promoCalls++;
    });
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      page.getByTestId('connect-primary').click(),
    ]);
    expect(promoCalls).toBe(0);
    await page.context().close();
  });

  it('applies the promotion before connecting', async () => {
    const page = await openConnect();
    // The server's answer, read on its way to the page (which leaves right after).
    const answers: { status: number; body: unknown }[] = [];
    await page.route(
      (url) => url.pathname.startsWith(PROMO_PATH),
      async (route) => {
        const response = await route.fetch();
        answers.push({ status: response.status(), body: await response.json() });
        await route.fulfill({ response });
      },
    );
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      page.getByTestId('connect-primary').click(),
    ]);
    expect(answers).toEqual([{ status: 200, body: { success: true } }]);
    await page.context().close();
  });

  it('tells the merchant that connecting failed, and Try again starts over', async () => {
    const page = await openConnect({ 'wcpay-connection-error': '1' });
    const alert = page.getByTestId('connection-error');
    expect(await alert.textContent()).toContain('Your store could not be connected');
    expect(await alert.textContent()).toContain(
      'Something went wrong while finishing the connection to your payments account. Please try again.',
    );
    expect(await alert.getAttribute('role')).toBe('alert');
    await expectAccessible(page, 'the failed connection notice');
    await page.screenshot({ path: 'test-results/connect-connection-error.png', fullPage: true });
    await Promise.all([
      page.waitForURL(/path=%2Fpayments%2Fonboarding/),
      alert.getByRole('button', { name: 'Try again' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('wcpay-connection-error')).toBeNull();
    await page.context().close();
  });

  it('shows no failure notice without the flag', async () => {
    const page = await openConnect({ 'wcpay-connection-error': '0' });
    expect(await page.getByTestId('connection-error').count()).toBe(0);
    await page.context().close();
  });
});
