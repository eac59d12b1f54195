import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * Every page state of the admin against the WCAG 2.2 A and AA rules of axe-core, on a server of
 * its own: first a store without a payments account (sign-in, Connect, onboarding), then the
 * same store with a seeded sandbox history (Overview, transactions, payment detail, fraud
 * protection, documents) and the modals and panels they open. Feature tests check their own new
 * states with the same `expectAccessible`; this file keeps the whole admin in one place.
 */

const server = new OwnServer('accessibility', 'a11y-admin-password');

const openPage = async (page: Page, path: string, ready: string, query: Record<string, string> = {}) => {
  await page.goto(server.adminUrl(path, query));
  await page.getByTestId(ready).waitFor();
};

/** The open dialog, once its content is on screen. */
const dialog = async (page: Page) => {
  const open = page.getByRole('dialog');
  await open.waitFor();
  return open;
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
};

/** The focused element's tag, accessible name (label or text) and test id, to compare. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    const name = element.getAttribute('aria-label') ?? label ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}: ${name}`;
  });

/** Whether the focus is on this element. */
const isFocused = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => element === document.activeElement);

/**
 * A modal as docs/accessibility.md has it: the focus starts on a meaningful control of its body
 * (not the header's close button, which is named), its header is no banner, and Escape gives the
 * focus back to the control that opened it.
 */
async function checkModal(
  page: Page,
  label: string,
  trigger: ReturnType<Page['locator']>,
  firstFocus: string,
) {
  const open = await dialog(page);
  await expect.poll(() => focused(page), { message: `${label}: first focus` }).toBe(firstFocus);
  expect(await open.getByRole('button', { name: 'Close' }).count()).toBe(1);
  expect(await open.locator('header').count()).toBe(0);
  expect(await page.getByRole('banner').count()).toBe(1);
  await expectAccessible(page, label, { include: ['[role=dialog]'] });
  await closeDialog(page);
  await expect.poll(() => isFocused(trigger), { message: `${label}: focus back on its trigger` }).toBe(true);
}

describeInBrowser('accessibility: WCAG 2.2 AA on every page state', (use) => {
  beforeAll(async () => {
    await server.cli('store:set', '--key', '_wcpay_feature_documents', '--value', '1');
    await server.cli('store:set', '--key', 'woocommerce_default_country', '--value', 'JP');
    await server.start();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('finds a violation where there is one', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>' +
        '<h1>Broken</h1><p style="color:#aaa;background:#fff">Pale text</p>' +
        '<button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
    );
    const found = (await axeViolations(page)).map((violation) => violation.id).sort();
    expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
    await expect(expectAccessible(page, 'broken page')).rejects.toThrow(/broken page: 3 WCAG 2\.2 AA/);
    await context.close();
  });

  it('a store without an account: sign-in, Connect and the onboarding wizard', async () => {
    const context = await use().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/wp-login.php`);
    await expectAccessible(page, 'sign-in');
    await page.fill('#user_login', server.admin.login);
    await page.fill('#user_pass', 'not the password');
    await page.click('#wp-submit');
    await page.getByRole('alert').waitFor();
    await expectAccessible(page, 'sign-in: wrong password');
    await server.signIn(page);

    await openPage(page, '/payments/connect', 'connect-page');
    await expectAccessible(page, 'connect');

    await openPage(page, '/payments/onboarding', 'onboarding-business-step');
    await expectAccessible(page, 'onboarding: business step');
    // The frame covers the admin, which is inert beneath it: neither Tab nor Shift+Tab reaches
    // the shell's links ("Log Out") under it.
    const beneath = () => page.evaluate(() => Boolean(document.activeElement?.closest('#root')));
    for (const key of [
      'Tab',
      'Tab',
      'Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
    ]) {
      await page.keyboard.press(key);
      expect(await beneath(), `after ${key}: ${await focused(page)}`).toBe(false);
    }
    // Continue with nothing chosen shows the required messages and takes the focus to the first.
    await page.getByTestId('onboarding-business-continue').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Please provide a business type').waitFor();
    expect(await page.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[aria-invalid="true"]'))))
      .toBe(true);
    await expectAccessible(page, 'onboarding: business step with errors');
    await context.close();
  });

  describe('a store with a sandbox history', () => {
    let page: Page;

    beforeAll(async () => {
      await server.stop();
      await server.cli('seed', '--transactions', '120', '--days', '40', '--seed', '3');
      await server.cli('account:set', '--payout-schedule', 'manual');
      await server.cli('clock:advance', '--days', '2');
      await server.useAppPassword('admin');
      await server.start();
      // An authorization to capture, for the uncaptured tab and the payment detail page.
      await server.api('POST', '/payment_intents', {
        amount: 2_500,
        currency: 'usd',
        capture_method: 'manual',
        payment_method_data: {
          type: 'card',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
        },
        order: {
          number: 'A11Y-1',
          customer: { name: 'Ada Reader', email: 'ada@example.test' },
          billing_address: { country: 'US' },
        },
      });
      page = await server.signedInPage(use());
    });

    afterAll(async () => {
      await page.context().close();
    });

    it('the Overview and the modals it opens', async () => {
      await openPage(page, '/payments/overview', 'overview-page');
      await page.getByTestId('account-status-card').waitFor();
      await expectAccessible(page, 'overview');

      // The Overview's recent payouts table is named.
      const payouts = page.getByTestId('recent-payouts');
      if ((await payouts.count()) > 0)
        expect(await payouts.getAttribute('aria-label')).toBe('Recent payouts');

      const activate = page.getByTestId('activate-live-payments');
      await activate.focus();
      await page.keyboard.press('Enter');
      await checkModal(page, 'overview: live activation modal', activate, 'button: Cancel');

      const instant = page.getByTestId('instant-payout-button');
      await instant.focus();
      await page.keyboard.press('Enter');
      await (await dialog(page)).getByText('Net payout amount').waitFor();
      await checkModal(page, 'overview: instant payout modal', instant, 'button: Cancel');
    });

    it('the shell: skip link, current menu item, heading focus after navigation', async () => {
      await openPage(page, '/payments/overview', 'overview-page');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('paydesk-main');

      const menu = page.getByRole('navigation', { name: 'Payments' });
      expect(await menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
      await menu.getByRole('link', { name: 'Transactions' }).click();
      await page.getByTestId('transactions-page').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Transactions');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      expect(await menu.getByRole('link', { name: 'Transactions' }).getAttribute('aria-current')).toBe(
        'page',
      );
      expect(await menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    });

    it('at 320 px the closed menu is out of the Tab order and its button says whether it is open', async () => {
      const narrow = await server.signedInPage(use(), { viewport: { width: 320, height: 640 } });
      await narrow.goto(server.adminUrl('/payments/overview'));
      await narrow.getByTestId('overview-page').waitFor();
      const toggle = narrow.getByRole('button', { name: 'Toggle menu' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      // Tab from the top of the page through the header and into the page: never into the menu.
      const inMenu = () => narrow.evaluate(() => Boolean(document.activeElement?.closest('#paydesk-menu')));
      for (let press = 0; press < 6; press += 1) {
        await narrow.keyboard.press('Tab');
        expect(await inMenu()).toBe(false);
      }
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await narrow.locator('#paydesk-menu').getByRole('link', { name: 'Overview' }).focus();
      expect(await inMenu()).toBe(true);
      await expectAccessible(narrow, 'overview at 320 px with the menu open');
      await narrow.context().close();
    });

    it('the transactions tabs and advanced filters', async () => {
      await openPage(page, '/payments/transactions', 'transactions-list');
      await page.getByTestId('transactions-list').getByTestId('list-row').first().waitFor();
      await expectAccessible(page, 'transactions: all');
      // Row links are named by more than their date: what the row is and its amount.
      const rowLink = page.getByTestId('transactions-list').locator('td[data-column="date"] a').first();
      const linkText = (await rowLink.textContent())!;
      const linkName = (await rowLink.getAttribute('aria-label')) ?? '';
      expect(linkName.startsWith(`${linkText}: `), linkName).toBe(true);
      expect(linkName).toMatch(/: .+\d/);
      await expect.poll(() => page.title()).toMatch(/^All transactions ‹ Transactions ‹ /);

      // "Rows per page" moves with the arrow keys and reloads on Enter only.
      const perPage = page.getByTestId('rows-per-page');
      await perPage.focus();
      await page.keyboard.press('ArrowDown');
      expect(await perPage.inputValue()).toBe('50');
      expect(new URL(page.url()).searchParams.get('per_page')).toBeNull();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Tab');
      expect(await perPage.inputValue()).toBe('25');

      // After "Next Page" the focus goes to the list's heading at the top, where the page scrolled.
      await page.getByRole('button', { name: 'Next Page' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('paged') === '2');
      await expect.poll(() => focused(page)).toBe('h2: Transactions');
      await page.keyboard.press('Shift+Tab');

      // A header at the scroll container's edge comes into view as it takes the focus.
      const narrow = await server.signedInPage(use(), { viewport: { width: 700, height: 800 } });
      await narrow.goto(server.adminUrl('/payments/transactions'));
      await narrow.getByTestId('transactions-list').getByTestId('list-row').first().waitFor();
      const country = narrow.getByTestId('sort-customer_country');
      await narrow.getByTestId('sort-customer_email').focus();
      await narrow.keyboard.press('Tab');
      expect(await isFocused(country)).toBe(true);
      await expect
        .poll(() =>
          country.evaluate((button) => {
            const box = button.getBoundingClientRect();
            const frame = button.closest('table')!.parentElement!.getBoundingClientRect();
            return box.left >= frame.left - 1 && box.right <= frame.right + 1;
          }),
        )
        .toBe(true);
      await narrow.context().close();
      // The sorted column's button is named by its header alone, not with its arrow glyph.
      const sorted = page.getByTestId('transactions-list').locator('th[aria-sort=descending] button');
      const header = (await sorted.textContent())!.replace(/ [▲▼]$/, '');
      expect(await page.getByRole('button', { name: header, exact: true }).count()).toBe(1);

      const filtersToggle = page.getByRole('button', { name: 'Advanced filters' });
      await filtersToggle.click();
      const panelId = await filtersToggle.getAttribute('aria-controls');
      expect(await page.locator(`[id="${panelId}"]`).count()).toBe(1);
      await page.getByRole('button', { name: 'Add a Filter' }).or(page.getByLabel('Add a Filter')).waitFor();
      await expectAccessible(page, 'transactions: advanced filters open');
      // The panel follows its toggle in the Tab order: past the list's other actions, Tab goes
      // into it, and Shift+Tab from it comes back to those actions, not past the toggle.
      await filtersToggle.focus();
      const inPanel = () =>
        page.evaluate((id) => Boolean(document.activeElement?.closest(`[id="${id}"]`)), panelId);
      let presses = 0;
      while (!(await inPanel()) && presses < 4) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      expect(await inPanel(), await focused(page)).toBe(true);
      // "Add a Filter" adds nothing on the arrow keys, and the rule shown on Enter.
      const addFilter = page.getByTestId('add-filter');
      await addFilter.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('filter-type').count()).toBe(0);
      await page.keyboard.press('Enter');
      await page.getByTestId('filter-type').waitFor();
      expect(await page.getByTestId('filter-date').count()).toBe(0);
      await page.getByRole('button', { name: 'Filter', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.has('type_is'));
      // The rows found are told, and the focus stays on Filter.
      await expect.poll(() => page.getByTestId('list-announcement').textContent()).toMatch(/^\d+ results?$/);
      await expect.poll(() => focused(page)).toBe('button: Filter');
      await expectAccessible(page, 'transactions: filtered, with the rule in the panel');
      await page.getByRole('button', { name: 'Clear all filters' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('type_is'));
      await expect.poll(() => focused(page)).toBe('select: Add a Filter');

      await openPage(page, '/payments/transactions', 'uncaptured-list', { tab: 'uncaptured-page' });
      await page.getByTestId('uncaptured-list').getByTestId('list-row').first().waitFor();
      await expectAccessible(page, 'transactions: uncaptured');
      await expect.poll(() => page.title()).toMatch(/^Uncaptured transactions ‹ Transactions ‹ /);
      // Each money action names its order and amount; cancelling asks first.
      const cancel = page.getByRole('button', { name: 'Cancel (order #A11Y-1, $25.00)' });
      expect(await page.getByRole('button', { name: 'Capture (order #A11Y-1, $25.00)' }).count()).toBe(1);
      await cancel.focus();
      await page.keyboard.press('Enter');
      await checkModal(page, 'transactions: cancel confirmation', cancel, 'button: Go back');

      await openPage(page, '/payments/transactions', 'blocked-list', { tab: 'blocked-page' });
      await expectAccessible(page, 'transactions: blocked');
      await expect.poll(() => page.title()).toMatch(/^Blocked transactions ‹ Transactions ‹ /);
    });

    it('a payment detail page and its refund modal', async () => {
      await openPage(page, '/payments/transactions', 'transactions-list');
      const link = page.getByTestId('transactions-list').locator('td[data-column="date"] a').first();
      await link.click();
      await page.getByTestId('payment-detail-page').waitFor();
      await page.getByTestId('payment-status').waitFor();
      await expectAccessible(page, 'payment detail');

      const refund = page.getByRole('button', { name: 'Refund in full' });
      await refund.focus();
      await page.keyboard.press('Enter');
      await checkModal(page, 'payment detail: refund modal', refund, 'select: Reason for refund (optional)');
    });

    it('fraud protection', async () => {
      await openPage(page, '/payments/fraud-protection', 'fraud-card-avs_verification');
      await expectAccessible(page, 'fraud protection');
    });

    it('documents and the VAT wizard', async () => {
      await openPage(page, '/payments/documents', 'documents-summary');
      await page.getByTestId('documents-list').waitFor();
      await expectAccessible(page, 'documents');
      const download = page.getByRole('button', { name: /^Download VAT invoice/ }).first();
      await download.focus();
      await page.keyboard.press('Enter');
      await (await dialog(page)).getByRole('heading', { name: 'VAT details for your invoices' }).waitFor();
      await checkModal(
        page,
        'documents: VAT wizard',
        download,
        "input: I'm registered for a Corporate number",
      );
    });
  });
});
