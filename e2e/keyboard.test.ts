import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer } from './own-server.ts';

/**
 * The main journeys with the keyboard alone (docs/accessibility.md), on a seeded sandbox store of
 * their own: every step is a key press, and after each one the test asserts where the focus is,
 * by role and accessible name, never on the page itself.
 */

const MERCHANT = { login: 'kb-admin', password: 'kb-admin-password', email: 'kb@example.test' };
const server = new OwnServer('keyboard', 'keyboard-first-admin-password');

type Role = Parameters<Page['getByRole']>[0];

/** What has the focus, in words, for a failing assertion to show. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself (body)';
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    return `<${element.tagName.toLowerCase()} role=${element.getAttribute('role') ?? ''}> ${name.trim().slice(0, 80)}`;
  });

const hasFocus = async (page: Page, role: Role, name: string | RegExp) =>
  (await page
    .getByRole(role, { name, exact: typeof name === 'string' })
    .evaluateAll((elements) => elements.some((element) => element === document.activeElement))) ||
  // The description, so that a failure tells where the focus went instead.
  describeFocus(page);

/** Waits until the element of that role and name has the focus. */
async function expectFocus(page: Page, role: Role, name: string | RegExp) {
  await expect.poll(() => hasFocus(page, role, name), { timeout: 10_000 }).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the element of that role and name has the focus. */
async function tabTo(
  page: Page,
  role: Role,
  name: string | RegExp,
  options: { back?: boolean; max?: number } = {},
) {
  for (let press = 0; press < (options.max ?? 120); press += 1) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    if ((await hasFocus(page, role, name)) === true) return;
  }
  throw new Error(`Tab never reached ${role} "${name}"; the focus is on ${await describeFocus(page)}`);
}

const notice = (page: Page, text: string | RegExp) => page.getByTestId('notice').filter({ hasText: text });

const authorization = (number: string, amount: number) => ({
  amount,
  currency: 'usd',
  capture_method: 'manual',
  payment_method_data: {
    type: 'card',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
  },
  order: {
    number,
    customer: { name: 'Kim Keys', email: 'kim@example.test' },
    billing_address: { country: 'US' },
  },
});

describeInBrowser('keyboard only: the main journeys', (use) => {
  let page: Page;

  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    await server.cli('seed', '--transactions', '60', '--days', '40', '--seed', '7');
    await server.cli('account:set', '--payout-schedule', 'manual');
    await server.cli('clock:advance', '--days', '2');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    // One payment to find by its country and refund in part: its order has no store page, so the
    // refund form asks for the amount.
    const payment = cardCheckout('4242424242424242', 5_000, 'Nora Keys', 'KB');
    await server.api('POST', '/payment_intents', {
      ...payment,
      order: {
        ...payment.order,
        number: 'KB-1',
        billing_address: { ...payment.order.billing_address, country: 'NZ' },
      },
    });
    // Three authorizations: one to capture, one to cancel, one that stays.
    await server.api('POST', '/payment_intents', authorization('KB-2', 2_000));
    await server.api('POST', '/payment_intents', authorization('KB-3', 3_000));
    await server.api('POST', '/payment_intents', authorization('KB-4', 4_000));
    // A dispute to answer.
    await server.api('POST', '/payment_intents', cardCheckout('4000000000002685', 2_345, 'Dora Keys', 'KB'));
    const context = await use().newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  }, 300_000);

  afterAll(async () => {
    await page?.context().close();
    await server.dispose();
  });

  it('signs in', async () => {
    await page.goto(`${server.origin}/wp-login.php`);
    await expectFocus(page, 'textbox', 'Username or Email Address');
    await page.keyboard.type(MERCHANT.login);
    await page.keyboard.press('Tab');
    await page.keyboard.type(MERCHANT.password);
    await Promise.all([page.waitForURL(/wp-admin/), page.keyboard.press('Enter')]);
    await page.getByTestId('overview-page').waitFor();
  });

  it('finds a payment through the advanced filters and opens it', async () => {
    await tabTo(page, 'link', 'Transactions');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'heading', 'Transactions');
    await page.getByTestId('transactions-list').getByTestId('list-row').first().waitFor();
    await expect.poll(() => page.title()).toMatch(/^All transactions ‹ Transactions ‹ /);

    const toggle = page.getByRole('button', { name: 'Advanced filters' });
    await tabTo(page, 'button', 'Advanced filters');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectFocus(page, 'button', 'Advanced filters');
    await page.getByTestId('advanced-filters').waitFor();
    // The panel comes after its toggle (and the list's other actions beside it).
    await tabTo(page, 'combobox', 'Match', { max: 4 });

    // Arrow keys only move through "Add a Filter"; Enter adds the one shown.
    await tabTo(page, 'combobox', 'Add a Filter');
    const rules = page.getByTestId('advanced-filters').locator('[data-testid^="filter-"]');
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowDown');
    expect(await rules.count()).toBe(0);
    expect(await page.getByTestId('add-filter').inputValue()).toBe('customer_country');
    await page.keyboard.press('Enter');
    await page.getByTestId('filter-customer_country').waitFor();
    expect(await rules.count()).toBe(1);
    await expectFocus(page, 'combobox', 'Add a Filter');

    await tabTo(page, 'textbox', 'Customer country value', { back: true });
    await page.keyboard.type('NZ');
    await tabTo(page, 'button', 'Filter');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('customer_country_is') === 'NZ');
    // The panel starts over from the address; the focus stays on Filter, and the count is told.
    await expectFocus(page, 'button', 'Filter');
    await expect.poll(() => page.getByTestId('list-announcement').textContent()).toMatch(/^\d+ results?$/);
    await expectAccessible(page, 'keyboard: transactions filtered by country');

    const row = /: Charge, \$50\.00, order #KB-1$/;
    await tabTo(page, 'link', row);
    await page.keyboard.press('Enter');
    await page.getByTestId('payment-detail-page').waitFor();
    await expectFocus(page, 'heading', 'Payment details');
  });

  it('refunds part of the payment', async () => {
    await page.getByTestId('payment-status').waitFor();
    await tabTo(page, 'button', 'Partial refund');
    await page.keyboard.press('Enter');
    // The modal opens on its first field, not on its close button.
    await expectFocus(page, 'textbox', 'Refund amount (USD)');
    expect(await page.getByRole('dialog').locator('header').count()).toBe(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10.00');
    await tabTo(page, 'button', 'Refund $10.00');
    await page.keyboard.press('Enter');
    await notice(page, /KB-1/).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // Back on the button that opened it, which stays: $40.00 is left to refund.
    await expectFocus(page, 'button', 'Partial refund');
  });

  it('captures and cancels authorizations from the uncaptured list', async () => {
    await tabTo(page, 'link', 'Transactions', { back: true });
    await page.keyboard.press('Enter');
    await expectFocus(page, 'heading', 'Transactions');
    await tabTo(page, 'tab', 'All transactions');
    await page.keyboard.press('ArrowRight');
    await expectFocus(page, 'tab', /^Uncaptured \(\d+\)$/);
    const list = page.getByTestId('uncaptured-list');
    await list.getByTestId('list-row').first().waitFor();
    await expect.poll(() => page.title()).toMatch(/^Uncaptured transactions ‹ Transactions ‹ /);

    await tabTo(page, 'button', 'Capture (order #KB-2, $20.00)');
    await page.keyboard.press('Enter');
    await notice(page, /KB-2/).waitFor();
    // The captured row leaves; the focus goes to the same button of the row now in its place.
    await expect.poll(() => list.getByText('KB-2').count()).toBe(0);
    await expectFocus(page, 'button', 'Capture (order #KB-3, $30.00)');
    await expectAccessible(page, 'keyboard: uncaptured list after a capture');

    await page.keyboard.press('Shift+Tab');
    await expectFocus(page, 'button', 'Cancel (order #KB-3, $30.00)');
    await page.keyboard.press('Enter');
    // The question opens on the button that leaves things as they are.
    await expectFocus(page, 'button', 'Go back');
    await expectAccessible(page, 'keyboard: cancel confirmation', { include: ['[role=dialog]'] });
    await page.keyboard.press('Tab');
    await expectFocus(page, 'button', 'Cancel authorization');
    await page.keyboard.press('Enter');
    await notice(page, /KB-3/).waitFor();
    await expect.poll(() => list.getByText('KB-3').count()).toBe(0);
    await expectFocus(page, 'button', 'Cancel (order #KB-4, $40.00)');
  });

  it('answers a dispute and saves the evidence', async () => {
    await tabTo(page, 'link', 'Disputes', { back: true });
    await page.keyboard.press('Enter');
    await expectFocus(page, 'heading', 'Disputes');
    await tabTo(page, 'link', 'Respond to the dispute of $23.45');
    await page.keyboard.press('Enter');
    await page.getByTestId('dispute-info').waitFor();
    await expectFocus(page, 'heading', 'Challenge dispute');
    await tabTo(page, 'combobox', 'Product type');
    // The arrow keys only browse the product types; Enter applies the one shown.
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('heading', { name: 'Shipping information' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Shipping information' }).waitFor();
    await expectFocus(page, 'combobox', 'Product type');
    await tabTo(page, 'textbox', 'Product description');
    await page.keyboard.type('Walking boots, shipped by courier.');
    await tabTo(page, 'button', 'Save for later');
    await page.keyboard.press('Enter');
    await notice(page, 'Evidence saved.').waitFor();
    // Saved, the page goes back to the disputes list, whose heading takes the focus.
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/disputes');
    await expectFocus(page, 'heading', 'Disputes');
  });

  it('saves the settings', async () => {
    await page.goto(`${server.origin}${paymentsSettingsUrl()}`);
    await page.getByRole('heading', { name: 'Payouts' }).waitFor();
    await tabTo(page, 'textbox', 'Full bank statement');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('KEYBOARD SHOP');
    await tabTo(page, 'button', 'Save changes');
    await page.keyboard.press('Enter');
    await notice(page, 'Settings saved.').waitFor();
    // Nothing is left to save, so the button is disabled: the focus goes to the page's heading.
    await expectFocus(page, 'heading', 'Payments settings');
    // The notice's close button is named, so it can be dismissed from the keyboard.
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBeGreaterThan(0);
  });

  it('reaches the action of a notice with Alt+N, which stays until dismissed', async () => {
    await page.goto(server.adminUrl('/payments/overview'));
    await page.getByTestId('overview-page').waitFor();
    await tabTo(page, 'button', /^Pay out .* now$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('Net payout amount').waitFor();
    await expectFocus(page, 'button', 'Cancel');
    await tabTo(page, 'button', 'Pay out now');
    await page.keyboard.press('Enter');
    const sent = notice(page, /Instant payout for .* in transit\./);
    await sent.waitFor();
    await page.keyboard.press('Alt+n');
    await expectFocus(page, 'link', 'View details');
    await expectAccessible(page, 'keyboard: a notice with an action, focused');
    // Longer than any notice's timer: a notice with an action waits to be dismissed.
    await page.waitForTimeout(11_500);
    expect(await sent.count()).toBe(1);
  }, 30_000);
});
