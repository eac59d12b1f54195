import { readFileSync } from 'node:fs';
import { PAYOUT_CSV_HEADERS, PAYOUT_CSV_TABLE_COLUMNS } from '@paydesk/domain/exports/columns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payouts pages against a server of their own: a seeded sandbox history whose daily payouts
 * fill the list, then an instant payout and a suspension set between server runs (the embedded
 * database belongs to one process at a time), with the sandbox clock moved over HTTP.
 */

const MERCHANT = { login: 'po-admin', password: 'po-admin-password', email: 'po@example.test' };
const server = new OwnServer('payouts', 'po-first-admin-password', { env: { SMTP_URL: '' } });

interface Payout {
  id: string;
  status: string;
  automatic: boolean;
  bank_reference_key: string;
  bankAccount: string;
}
interface PayoutList {
  data: Payout[];
  total_count: number;
}

const payoutsUrl = (query: Record<string, string> = {}) => server.adminUrl('/payments/payouts', query);
const detailUrl = (id: string) => server.adminUrl('/payments/payouts/details', { id });

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const page = await server.signedInPage(browser, {
    user: MERCHANT,
    viewport: { width: 1600, height: 1000 },
    acceptDownloads: true,
  });
  return { context: page.context(), page };
}

const rows = (page: Page, list: string) => page.getByTestId(list).getByTestId('list-row');
const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
const headerTexts = async (page: Page, list: string) =>
  (await page.getByTestId(list).locator('thead th').allTextContents())
    .map((text) => text.replace(/ [▲▼]$/, '').trim())
    .filter((text) => text !== '');

async function restartWith(...args: string[]): Promise<void> {
  await server.stop();
  await server.cli('account:set', ...args);
  await server.start();
}

describeInBrowser('the payouts pages', (use) => {
  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    await server.cli('seed', '--transactions', '150', '--days', '25', '--seed', '21');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  }, 300_000);

  afterAll(async () => {
    await server.dispose();
  });

  it('lists the payouts, newest first, from the menu', async () => {
    const listed = await server.api<PayoutList>('GET', '/deposits');
    expect(listed.total_count).toBeGreaterThan(3);
    const { context, page } = await signedIn(use());
    await page.goto(server.adminUrl('/payments/overview'));
    await page.getByRole('navigation', { name: 'Payments' }).getByRole('link', { name: 'Payouts' }).click();
    await page.waitForURL(/path=\/payments\/payouts/);
    await rows(page, 'payouts-list').first().waitFor();
    expect(await rows(page, 'payouts-list').count()).toBe(Math.min(25, listed.total_count));
    expect(await headerTexts(page, 'payouts-list')).toEqual(
      PAYOUT_CSV_HEADERS.slice(0, PAYOUT_CSV_TABLE_COLUMNS),
    );
    // The first row is the newest payout, with the reference the bank shows.
    const first = listed.data[0]!;
    expect(await rows(page, 'payouts-list').first().textContent()).toContain(first.bank_reference_key);
    expect(await rows(page, 'payouts-list').first().textContent()).toContain('Payout');
    await expect
      .poll(() => page.getByTestId('summary-count').textContent())
      .toBe(`${listed.total_count} payouts`);

    // A hidden column stays hidden: the choice is kept in the user's preferences.
    await page.getByTestId('column-menu').click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/users/me/preferences') && response.request().method() === 'POST',
    );
    await page.getByRole('checkbox', { name: 'Bank account' }).uncheck();
    await saved;
    expect(await headerTexts(page, 'payouts-list')).not.toContain('Bank account');
    const preferences = await server.api<Record<string, unknown>>(
      'GET',
      '/wc-admin/users/me/preferences',
      undefined,
      '/wp-json',
    );
    expect(preferences.wc_payments_payouts_hidden_columns).toEqual(['bank_account']);
    await page.reload();
    await rows(page, 'payouts-list').first().waitFor();
    expect(await headerTexts(page, 'payouts-list')).not.toContain('Bank account');
    await context.close();
  });

  it('shows the schedule, its change link and the next-payout notice until dismissed', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(payoutsUrl());
    await page.getByTestId('payout-schedule').waitFor();
    expect(await page.getByTestId('payout-schedule').textContent()).toBe('Payout schedule: Automatic');
    const change = page.getByTestId('change-schedule');
    expect(await change.textContent()).toBe('Change payout schedule');
    expect(await change.getAttribute('href')).toMatch(/section=woocommerce_payments#payout-schedule$/);

    const next = page.getByTestId('next-payout-notice');
    await next.waitFor();
    await expectAccessible(page, 'payouts: schedule and next-payout notice');
    const saved = page.waitForResponse(
      (response) => response.url().includes('/wc-admin/options') && response.request().method() === 'POST',
    );
    await next.getByRole('button', { name: 'Dismiss' }).click();
    expect((await saved).status()).toBe(200);
    await next.waitFor({ state: 'detached' });
    // The dismissal is stored: the notice stays away on the next visit.
    await page.reload();
    await rows(page, 'payouts-list').first().waitFor();
    await page.getByTestId('payout-schedule').waitFor();
    expect(await page.getByTestId('next-payout-notice').count()).toBe(0);
    const options = await server.api<Record<string, unknown>>(
      'GET',
      '/wc-admin/options?options=wcpay_next_deposit_notice_dismissed',
      undefined,
      '/wp-json',
    );
    expect(options.wcpay_next_deposit_notice_dismissed).toBe(true);
    await context.close();
  });

  it('filters by status with the filter bar, keeping the filters in the URL', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(payoutsUrl());
    await rows(page, 'payouts-list').first().waitFor();
    const filters = page.getByRole('form', { name: 'Payout filters' });
    await filters.getByLabel('Status rule').selectOption('is');
    await filters.getByLabel('Status', { exact: true }).selectOption('paid');
    await filters.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/status_is=paid/);
    const paid = await server.api<PayoutList>('GET', '/deposits?status_is=paid&pagesize=100');
    await expect
      .poll(() => page.getByTestId('summary-count').textContent())
      .toBe(`${paid.total_count} payouts`);
    const chips = await page.getByTestId('payouts-list').getByTestId('payout-status').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    expect(new Set(chips)).toEqual(new Set(['Completed (paid)']));
    await expectAccessible(page, 'payouts: filtered by status');

    await filters.getByLabel('Status rule').selectOption('is_not');
    await filters.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/status_is_not=paid/);
    const notPaid = await server.api<PayoutList>('GET', '/deposits?status_is_not=paid');
    await expect
      .poll(() => page.getByTestId('summary-count').textContent())
      .toBe(`${notPaid.total_count} ${notPaid.total_count === 1 ? 'payout' : 'payouts'}`);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('status_is_not')).toBe(false);
    await context.close();
  });

  it('exports the filtered payouts as the table shows them, without asking', async () => {
    const paid = await server.api<PayoutList>('GET', '/deposits?status_is=paid&pagesize=100');
    const { context, page } = await signedIn(use());
    await page.goto(payoutsUrl({ status_is: 'paid' }));
    await rows(page, 'payouts-list').first().waitFor();
    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    const button = page.getByTestId('export-button');
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await notice(
      page,
      `We're processing your export. 🎉 The file will download automatically and be emailed to ${MERCHANT.email}.`,
    ).waitFor();
    expect(asked).toBe(false);
    expect(download.suggestedFilename()).toMatch(/^deposits-.*\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(PAYOUT_CSV_HEADERS.join(','));
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(paid.data.map((p) => p.id));
    expect(lines.slice(1).every((line) => line.includes(',Completed (paid),'))).toBe(true);
    await context.close();
  });

  it('matches a bank statement, listing the line no payout explains, and names the line of a bad file', async () => {
    const all = await server.api<{
      data: (Payout & { amount: number; currency: string; arrival_date: number; type: string })[];
    }>('GET', '/deposits?pagesize=100&sort=date&direction=asc');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const arrives = all.data.filter((p) => p.status !== 'failed' && p.status !== 'canceled');
    const [first, second] = arrives.filter((p) => p.status === 'paid').slice(-2);
    if (!first || !second) throw new Error('the seeded store has fewer than two paid payouts');
    const major = (amount: number) => `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
    const statement = [
      'Date,Description,Amount,Reference',
      `${day(first.arrival_date)},Transfer,${major(first.amount)},STRIPE ${first.bank_reference_key}`,
      `${day(second.arrival_date)},Transfer,"${major(second.amount)}",STRIPE ${second.bank_reference_key}`,
      `${day(second.arrival_date)},Interest,12.34,INTEREST PAID`,
    ].join('\n');
    // Payouts arriving within the statement's dates that it does not show.
    const missing = arrives.filter(
      (p) =>
        p.id !== first.id &&
        p.id !== second.id &&
        p.currency === first.currency &&
        day(p.arrival_date) >= day(first.arrival_date) &&
        day(p.arrival_date) <= day(second.arrival_date),
    );

    const { context, page } = await signedIn(use());
    await page.goto(payoutsUrl());
    const section = page.getByTestId('statement-match');
    const input = section.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await section.getByRole('button', { name: 'Match statement' }).click();
    await expect
      .poll(() => section.getByTestId('statement-summary').textContent())
      .toContain('2 of 3 lines matched a payout.');
    const unmatched = section.getByTestId('statement-unmatched-line');
    expect(await unmatched.count()).toBe(1);
    expect(await unmatched.textContent()).toContain('INTEREST PAID');
    expect(await unmatched.textContent()).toContain('$12.34');
    expect(await section.getByTestId('statement-unmatched-payout').count()).toBe(missing.length);
    await expectAccessible(page, 'payouts page with a matched statement');

    await input.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date,amount,reference\n31/12/2026,1.00,x\n'),
    });
    await section.getByRole('button', { name: 'Match statement' }).click();
    await expect
      .poll(() => section.getByTestId('statement-error').textContent())
      .toContain('Line 2 of the bank statement: the date "31/12/2026" is not a date such as 2026-03-31.');
    // A file over the cap is refused before it is sent.
    await input.setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(5_000_001, 0x20),
    });
    await section.getByText('A bank statement can be at most 5 MB.').waitFor();
    expect(await section.getByRole('button', { name: 'Match statement' }).isDisabled()).toBe(true);
    await context.close();
  });

  it("opens a payout: summary, bank reference copied, and the payout's transactions", async () => {
    const listed = await server.api<PayoutList>('GET', '/deposits');
    const payout = listed.data.find((p) => p.automatic)!;
    const inPayout = await server.api<{ count: number }>(
      'GET',
      `/transactions/summary?deposit_id=${payout.id}`,
    );
    expect(inPayout.count).toBeGreaterThan(0);
    const { context, page } = await signedIn(use());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await page.goto(payoutsUrl());
    await rows(page, 'payouts-list')
      .filter({ hasText: payout.bank_reference_key })
      .locator('a')
      .first()
      .click();
    await page.waitForURL(new RegExp(`path=/payments/payouts/details&id=${payout.id}`));
    await page.getByTestId('payout-summary').waitFor();
    expect(await page.getByTestId('bank-reference').textContent()).toBe(payout.bank_reference_key);
    expect(await page.getByTestId('payout-bank-account').textContent()).toContain(payout.bankAccount);

    const copy = page.getByTestId('copy-bank-reference');
    expect(await copy.textContent()).toBe('Copy');
    await copy.click();
    await expect.poll(() => copy.getAttribute('data-copied')).toBe('true');
    expect(await copy.textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payout.bank_reference_key);

    // The transactions in the payout: the transactions list narrowed to it, with its summary.
    await rows(page, 'transactions-list').first().waitFor();
    await expect
      .poll(() => page.getByTestId('transactions-list').getByTestId('summary-count').textContent())
      .toBe(`${inPayout.count} ${inPayout.count === 1 ? 'transaction' : 'transactions'}`);
    expect(await page.getByTestId('instant-payout-note').count()).toBe(0);

    // The reconciliation: the movements by type add up to the payout, and download as CSV.
    const reconciliation = page.getByTestId('reconciliation');
    await reconciliation.getByTestId('reconciliation-line').first().waitFor();
    const lines = await server.api<{ lines: { type: string; count: number }[]; total_net: number }>(
      'GET',
      `/deposits/${payout.id}/reconciliation`,
    );
    expect(await reconciliation.getByTestId('reconciliation-line').count()).toBe(lines.lines.length);
    expect(await reconciliation.getByTestId('reconciliation-check').textContent()).toMatch(
      /^The movements add up to the payout of \$[\d,]+\.\d{2}\.$/,
    );
    await expectAccessible(page, 'payout detail');
    const exportButton = reconciliation.getByTestId('export-button');
    await expect.poll(() => exportButton.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const records = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(records.length - 1).toBe(inPayout.count);
    await context.close();
  });

  it('says a payout cannot be found, and never fetches an id with a non-word character', async () => {
    const { context, page } = await signedIn(use());
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/payments/deposits/')) asked.push(request.url());
    });
    await page.goto(detailUrl('po_missing'));
    await page.getByTestId('payout-not-found').waitFor();
    await expectAccessible(page, 'payout detail: not found');
    expect(await page.getByTestId('payout-not-found').textContent()).toBe(
      'The deposit you are looking for cannot be found.',
    );
    expect(asked.some((url) => url.endsWith('/deposits/po_missing'))).toBe(true);
    asked.length = 0;
    await page.goto(detailUrl('po-1"><b>'));
    await page.getByTestId('payout-not-found').waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it('shows the note of an instant payout, made after the sandbox clock moved over HTTP', async () => {
    await restartWith('--payout-schedule', 'manual');
    // On a manual schedule funds that become available stay in the balance.
    const moved = await server.api<{ now: number; jobs_run: number }>('POST', '/sandbox/clock/advance', {
      days: 2,
    });
    expect(moved.now).toBeGreaterThan(Date.now());
    const instant = await server.api<{ id: string }>('POST', '/deposits', {
      type: 'instant',
      currency: 'usd',
    });
    const { context, page } = await signedIn(use());
    await page.goto(detailUrl(instant.id));
    await page.getByTestId('instant-payout-note').waitFor();
    expect(await page.getByTestId('instant-payout-note').textContent()).toContain(
      'Transaction history is unavailable for instant payouts',
    );
    expect(await page.getByTestId('payout-fee').textContent()).toMatch(/^Fee \(1\.5%\)-?\$/);
    expect(await page.getByTestId('transactions-list').count()).toBe(0);
    await expectAccessible(page, 'payout detail: instant payout');
    // The list shows the instant payout first, with its fee under the amount.
    await page.goto(payoutsUrl());
    await rows(page, 'payouts-list').first().waitFor();
    expect(await rows(page, 'payouts-list').first().getByTestId('payout-fee').textContent()).toMatch(
      /^Fee \(1\.5%\): -\$/,
    );
    expect(await page.getByTestId('payout-schedule').textContent()).toBe('Payout schedule: Manual');
    await context.close();
  });

  it('tells a suspended account why, without the schedule or its change link', async () => {
    await restartWith('--payouts-blocked', 'true');
    const { context, page } = await signedIn(use());
    await page.goto(payoutsUrl());
    const suspended = page.locator('[data-testid="payout-notice"][data-key="suspended"]');
    await suspended.waitFor();
    expect(await suspended.textContent()).toBe(
      'Your payouts are temporarily suspended. Payments are still accepted and your balance is kept.',
    );
    expect(await page.getByTestId('payout-schedule').count()).toBe(0);
    expect(await page.getByTestId('change-schedule').count()).toBe(0);
    await context.close();
  });
});
