import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * Every link of the admin's menu and Overview leads to a page that exists: a seeded sandbox
 * history (payouts, disputes needing a response, a loan, card readers) fills the Overview's
 * tasks, inbox and balances with their links, and each admin link is opened in turn.
 */

const MERCHANT = { login: 'nav-admin', password: 'nav-admin-password', email: 'nav@example.test' };
const server = new OwnServer('navigation', 'nav-first-admin-password', { env: { SMTP_URL: '' } });

/** The admin pages the menu must offer once the store has what each of them shows. */
const MENU_PATHS = [
  '/payments/overview',
  '/payments/transactions',
  '/payments/payouts',
  '/payments/disputes',
  '/payments/loans',
  '/payments/card-readers',
  '/payments/documents',
  '/payments/fraud-protection',
  '/payments/audit-log',
  // The store settings' payments section, which is not a wc-admin page.
  'wc-settings',
];

describeInBrowser('the links of the admin', (use) => {
  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    await server.cli('seed', '--transactions', '400', '--days', '30', '--seed', '11');
    await server.start();
  }, 300_000);

  afterAll(async () => {
    await server.dispose();
  });

  it('lead from the menu and the Overview to pages that exist', async () => {
    const page = await server.signedInPage(use(), {
      user: MERCHANT,
      viewport: { width: 1600, height: 1000 },
    });
    await page.goto(server.adminUrl('/payments/overview'));
    await page.getByTestId('overview-page').waitFor();
    await page.waitForLoadState('networkidle');
    const hrefs = await page.$$eval('a[href]', (anchors) =>
      anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
    );
    const admin = new URL(server.adminUrl('/'));
    const links = [...new Set(hrefs)].filter((href) => {
      const url = new URL(href);
      return url.origin === admin.origin && url.pathname === admin.pathname;
    });
    const menu = await page
      .getByRole('navigation', { name: 'Payments' })
      .locator('a[href]')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => {
          const search = new URL((anchor as HTMLAnchorElement).href).searchParams;
          return search.get('path') ?? search.get('page');
        }),
      );
    expect(menu).toEqual(expect.arrayContaining(MENU_PATHS));
    // The Overview's own links beyond the menu: tasks, inbox, balances, deposits.
    expect(links.length).toBeGreaterThan(MENU_PATHS.length + 3);
    const missing: string[] = [];
    for (const link of links) {
      await page.goto(link);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if ((await page.getByTestId('not-found').count()) > 0) missing.push(link);
    }
    expect(missing).toEqual([]);
    await page.context().close();
  });
});
