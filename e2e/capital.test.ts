import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The Loans page against a server of its own. The seeded history pays out a loan and repays it
 * from its payments; large checkouts finish repaying it, and a second loan, paid out with the
 * CLI, is repaid from two payments of a customer of its own, so its link into the transactions
 * list must land on exactly those two charges.
 */

const MERCHANT = { login: 'loans-admin', password: 'loans-admin-password' };
const LOAN_PAYER = 'Lena Loanpayer';

const server = new OwnServer('loans', 'loans-first-admin-password');

interface Loan {
  stripe_loan_id: string;
  amount: number;
  fee_amount: number;
  paid_amount: number;
  withhold_rate: number;
  fully_paid_at: string | null;
}

function pay(order: string, amount: number, name: string) {
  return server.api<{ id: string; status: string }>('POST', '/payment_intents', {
    amount,
    currency: 'usd',
    capture_method: 'automatic',
    payment_method_data: {
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
    },
    order: {
      number: order,
      customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test` },
      billing_address: { country: 'US' },
    },
  });
}

const loans = async () => (await server.api<{ data: Loan[] }>('GET', '/capital/loans')).data;

const signedIn = (browser: Browser): Promise<Page> =>
  server.signedInPage(browser, { user: MERCHANT, viewport: { width: 1400, height: 1000 } });

const loanRows = (page: Page) => page.getByTestId('all-loans').getByTestId('loan-row');

describeInBrowser('the Loans page', (use) => {
  let repaid: Loan;
  let active: Loan;

  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'loans@example.test' });
    await server.cli('seed', '--transactions', '150', '--days', '20', '--seed', '7');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    // Payments below the seeded price rule finish repaying the seeded loan.
    for (let order = 8100; ; order++) {
      const [seeded] = await loans();
      expect(seeded, 'the seeded history pays out a loan').toBeDefined();
      if (seeded!.fully_paid_at !== null) break;
      expect(order, 'the seeded loan is repaid within 40 payments').toBeLessThan(8140);
      expect((await pay(String(order), 400_000, 'Rhea Repayer')).status).toBe('succeeded');
    }
    await server.stop();
    await server.cli('capital:loan', '--amount', '123456', '--fee', '12345', '--withhold-rate', '1250');
    await server.start();
    expect((await pay('8201', 20_000, LOAN_PAYER)).status).toBe('succeeded');
    expect((await pay('8202', 30_000, LOAN_PAYER)).status).toBe('succeeded');
    [active, repaid] = (await loans()) as [Loan, Loan];
    expect(active.fully_paid_at).toBeNull();
    expect(active.paid_amount).toBeGreaterThan(0);
    expect(repaid.fully_paid_at).not.toBeNull();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('is in the menu and shows the active loan overview', async () => {
    const page = await signedIn(use());
    await page.goto(server.adminUrl('/payments/overview'));
    const menu = page.getByRole('navigation', { name: 'Payments' });
    await menu.getByRole('link', { name: 'Loans', exact: true }).click();
    await page.waitForURL(/path=\/payments\/loans/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Capital loans');
    const overview = page.getByTestId('active-loan');
    await overview.getByRole('heading', { name: 'Active loan overview' }).waitFor();
    expect(await overview.getByTestId('loan-amount').textContent()).toBe('$1,234.56');
    expect(await overview.getByTestId('loan-fee').textContent()).toBe('$123.45');
    expect(await overview.getByTestId('loan-withhold-rate').textContent()).toBe('12.5%');
    const paid = (active.paid_amount / 100).toFixed(2);
    expect(await overview.getByTestId('loan-total-repaid').textContent()).toBe(`$${paid} of $1,358.01`);
    await loanRows(page).first().waitFor();
    await expectAccessible(page, 'capital loans');
    await page.context().close();
  });

  it('lists all loans with their status, amounts and withhold rate, and filters them', async () => {
    const page = await signedIn(use());
    await page.goto(server.adminUrl('/payments/loans'));
    await page.getByRole('heading', { name: 'All loans' }).waitFor();
    await expect.poll(() => loanRows(page).count()).toBe(2);
    const first = loanRows(page).nth(0);
    const second = loanRows(page).nth(1);
    expect(await first.getByRole('link').textContent()).toBe(active.stripe_loan_id);
    expect(await first.textContent()).toContain('Active');
    expect(await first.textContent()).toContain('$1,234.56');
    expect(await first.textContent()).toContain('12.5%');
    expect(await second.getByRole('link').textContent()).toBe(repaid.stripe_loan_id);
    expect(await second.textContent()).toMatch(/Paid off: \w+ \d{1,2}, \d{4}/);
    expect(await second.textContent()).toContain('15%');

    const filter = page.getByLabel('Show');
    expect(await filter.locator('option').allTextContents()).toEqual([
      'All loans',
      'In Progress',
      'Paid in Full',
    ]);
    await filter.selectOption({ label: 'Paid in Full' });
    await page.waitForURL(/loan_status=paid_in_full/);
    await expect.poll(() => loanRows(page).count()).toBe(1);
    await expectAccessible(page, 'capital loans: filtered by status');
    expect(await loanRows(page).getByRole('link').textContent()).toBe(repaid.stripe_loan_id);
    await filter.selectOption({ label: 'In Progress' });
    await page.waitForURL(/loan_status=in_progress/);
    await expect.poll(() => loanRows(page).count()).toBe(1);
    expect(await loanRows(page).getByRole('link').textContent()).toBe(active.stripe_loan_id);
    // The choice is in the URL: a reload keeps it.
    await page.reload();
    await expect(loanRows(page).first().getByRole('link').textContent()).resolves.toBe(active.stripe_loan_id);
    expect(await loanRows(page).count()).toBe(1);
    expect(await filter.inputValue()).toBe('in_progress');
    await page.context().close();
  });

  it('links a loan to the charges it was repaid from, on a filtered transactions list', async () => {
    const page = await signedIn(use());
    await page.goto(server.adminUrl('/payments/loans'));
    await loanRows(page)
      .first()
      .getByRole('link', { name: `Transactions of loan ${active.stripe_loan_id}` })
      .click();
    await page.waitForURL(/path=\/payments\/transactions/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('type')).toBe('charge');
    expect(query.get('filter')).toBe('advanced');
    expect(query.get('loan_id_is')).toBe(active.stripe_loan_id);
    const rows = page.getByTestId('transactions-list').getByTestId('list-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain(LOAN_PAYER);
      expect(text).toContain('Charge');
    }
    await page.context().close();
  });
});
