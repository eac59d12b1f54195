import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { CHROMIUM_PATH } from './chromium.ts';

export const ADMIN = { login: 'admin', password: 'e2e-admin-password' };
export const CUSTOMER = { login: 'shopper', password: 'e2e-customer-password' };

/** Flags for a headless Chromium on a machine without network or GPU. */
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export function adminUrl(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ page: 'wc-admin', path, ...query });
  return `${baseUrl()}/wp-admin/admin.php?${search.toString()}`;
}

/**
 * The browser the suites of this worker share (the files share the worker's modules: see the e2e
 * project in vitest.config.ts), launched again if it has gone. Each suite's pages live in browser
 * contexts of their own, which it closes after, so what one file leaves never reaches the next.
 */
let shared: Promise<Browser> | undefined;

async function sharedBrowser(): Promise<Browser> {
  // One that failed to launch is launched again too.
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  shared = chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  return shared;
}

/**
 * A browser suite: skipped, saying so, when the global setup found no Chromium. `use()` gives
 * the browser inside tests.
 */
export function describeInBrowser(name: string, suite: (use: () => Browser) => void): void {
  const enabled = Boolean(inject('baseUrl'));
  (enabled ? describe : describe.skip)(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await sharedBrowser();
    });
    afterAll(async () => {
      // The suite's own contexts, left open or not; the browser serves the next file.
      for (const context of browser?.contexts() ?? []) await context.close();
    });
    suite(() => {
      if (!browser) throw new Error('browser not started');
      return browser;
    });
  });
}

export async function signIn(
  page: Page,
  user: { login: string; password: string } = ADMIN,
  redirectTo?: string,
): Promise<void> {
  const url = `${baseUrl()}/wp-login.php${redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : ''}`;
  await page.goto(url);
  await page.fill('#user_login', user.login);
  await page.fill('#user_pass', user.password);
  await Promise.all([page.waitForURL(/wp-admin|wp-login/), page.click('#wp-submit')]);
}
