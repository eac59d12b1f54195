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
 * A browser suite: skipped, saying so, when the global setup found no Chromium. `use()` gives
 * the browser inside tests.
 */
export function describeInBrowser(name: string, suite: (use: () => Browser) => void): void {
  const enabled = Boolean(inject('baseUrl'));
  (enabled ? describe : describe.skip)(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
    });
    afterAll(async () => {
      await browser?.close();
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
