import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';

/**
 * Connect → sandbox test drive → Overview, and the reset, against a server of its own: the test
 * drive gives the store an account, which would change what every other file sees on the shared
 * server; here the order the files run in does not matter.
 */

const ROOT = join(import.meta.dirname, '..');
const ADMIN = { login: 'admin', password: 'connect-admin-password' };

let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Paydesk is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  origin = `http://127.0.0.1:${port}`;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A CLI command on the data folder; the server must be stopped (it holds the folder's lock). */
function cli(...args: string[]): void {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/server/src/cli/bin.ts'), ...args],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}${result.stdout}`);
}

const adminUrl = (path: string, query: Record<string, string> = {}) =>
  `${origin}/wp-admin/admin.php?${new URLSearchParams({ page: 'wc-admin', path, ...query }).toString()}`;

/** A fresh browser session, signed in; closing its page's context ends it. */
async function signedInPage(browser: Browser, redirectTo?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
  await page.goto(`${origin}/wp-login.php${query}`);
  await page.fill('#user_login', ADMIN.login);
  await page.fill('#user_pass', ADMIN.password);
  await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
  return page;
}

/** GET {base}/accounts with the page's session and nonce. */
async function accountStatus(page: Page): Promise<{ status: string | null; testDrive: boolean }> {
  return page.evaluate(async () => {
    const bootstrap = JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!);
    const response = await fetch('/wp-json/wc/v3/payments/accounts', {
      headers: { 'X-WP-Nonce': bootstrap.page.nonce, Accept: 'application/json' },
    });
    return response.json();
  });
}

describeInBrowser('connect, the sandbox test drive and the reset', (use) => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-connect-'));
    await startServer();
  });

  afterAll(async () => {
    await stopServer();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a store without an account from the Overview to Connect and greets the merchant', async () => {
    const page = await signedInPage(use(), '/wp-admin/admin.php?page=wc-admin&path=/payments/overview');
    await page.getByTestId('connect-page').waitFor();
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/connect');
    expect(await page.getByTestId('connect-greeting').textContent()).toBe('Hi Admin, welcome to payments');
    expect(await page.getByTestId('connect-primary').textContent()).toBe('Connect your store');
    // A US store shows the one-page checkout logo too: 20 logos, 10 of them inline.
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
    await page.getByText("I'm setting up a store for someone else").click();
    await page.getByRole('button', { name: 'Enable sandbox mode' }).click();
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
    await stopServer();
    cli('store:set', '--key', 'woocommerce_default_country', '--value', 'BR');
    await startServer();
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
