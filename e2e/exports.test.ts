import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FRAUD_OUTCOME_CSV_HEADERS,
  FRAUD_OUTCOME_CSV_TABLE_COLUMNS,
  TRANSACTION_CSV_HEADERS,
  TRANSACTION_CSV_TABLE_COLUMNS,
} from '@paydesk/domain/exports/columns';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * CSV exports from the transactions page against a server of its
 * own, seeded with just over the 10,000 transactions at which an unfiltered export asks first.
 * The downloaded file is read back and compared with the table on screen.
 */

const MERCHANT = { login: 'ex-admin', password: 'ex-admin-password', email: 'ex@example.test' };
const SEEDED_ROWS = 10_050;

// No SMTP server: the e-mails go to the data folder's outbox.
const server = new OwnServer('exports', 'ex-first-admin-password', { env: { SMTP_URL: '' } });

const adminPage = (query: Record<string, string> = {}) => server.adminUrl('/payments/transactions', query);

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
/** A list's column headers as shown, without the sort arrow of the sorted one. */
const headerTexts = async (page: Page, list: string) =>
  (await page.getByTestId(list).locator('thead th').allTextContents())
    .map((text) => text.replace(/ [▲▼]$/, '').trim())
    .filter((text) => text !== '');

/** The records of a downloaded CSV file (no cell of these files holds a line break). */
async function readDownload(download: Download): Promise<string[][]> {
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((cell) => cell.replace(/^"(.*)"$/, '$1')));
}

const exportButton = (page: Page) => page.getByTestId('export-button');

describeInBrowser('CSV exports from the transactions page', (use) => {
  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: MERCHANT.email });
    await server.cli('seed', '--transactions', String(SEEDED_ROWS), '--days', '30', '--seed', '3');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
  }, 300_000);

  afterAll(async () => {
    await server.dispose();
  });

  it('asks before an unfiltered export of 10,000 or more, and exports once confirmed', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage());
    await rows(page, 'transactions-list').first().waitFor();
    const summary = await server.api<{ count: number }>('GET', '/transactions/summary');
    expect(summary.count).toBeGreaterThanOrEqual(10_000);
    await expect.poll(() => exportButton(page).isEnabled()).toBe(true);

    let requested = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/transactions/download')) requested++;
    });
    // A confirm() blocks the page until it is answered, so it is answered from the listener.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await exportButton(page).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toBe(
      `You are about to export ${summary.count} transactions. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?`,
    );
    // Declining sends nothing.
    expect(requested).toBe(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await exportButton(page).click();
    await notice(
      page,
      `We're processing your export. 🎉 The file will download automatically and be emailed to ${MERCHANT.email}.`,
    ).waitFor();
    expect(requested).toBe(1);
    await context.close();
  });

  it('downloads a filtered export without asking: the table’s columns and rows', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ filter: 'advanced', type_is: 'refund' }));
    await rows(page, 'transactions-list').first().waitFor();
    const summary = await server.api<{ count: number }>('GET', '/transactions/summary?type_is=refund');
    const listed = await server.api<{ data: { transaction_id: string }[] }>(
      'GET',
      '/transactions?type_is=refund&pagesize=25',
    );
    await expect.poll(() => exportButton(page).isEnabled()).toBe(true);
    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      exportButton(page).click(),
    ]);
    expect(asked).toBe(false);
    await notice(
      page,
      `We're processing your export. 🎉 The file will download automatically and be emailed to ${MERCHANT.email}.`,
    ).waitFor();
    expect(download.url()).toMatch(/\/transactions\/download\/exp_\w+\/file\?.*force_download=true/);
    expect(download.suggestedFilename()).toMatch(/^transactions-.+\.csv$/);
    const [header, ...records] = await readDownload(download);
    expect(header).toEqual([...TRANSACTION_CSV_HEADERS]);
    expect(header!.slice(0, TRANSACTION_CSV_TABLE_COLUMNS)).toEqual(
      await headerTexts(page, 'transactions-list'),
    );
    expect(records).toHaveLength(summary.count);
    expect(new Set(records.map((record) => record[header!.indexOf('Type')]))).toEqual(new Set(['Refund']));
    const idAt = header!.indexOf('Transaction ID');
    expect(records.slice(0, 25).map((record) => record[idAt])).toEqual(
      listed.data.map((row) => row.transaction_id),
    );
    // The same file went to the merchant's mailbox (the outbox, with no SMTP server set).
    // (The outbox holds the seeded disputes' reminders too: the export's message is found by subject.)
    await expect
      .poll(
        () =>
          readdirSync(join(server.dataDir, 'outbox'))
            .filter((name) => name.endsWith('.eml'))
            .filter((name) =>
              readFileSync(join(server.dataDir, 'outbox', name), 'utf8').includes(
                'Subject: Your transactions export is ready',
              ),
            ).length,
      )
      .toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('exports the blocked tab with its own columns', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ tab: 'blocked-page' }));
    await rows(page, 'blocked-list').first().waitFor();
    const summary = await server.api<{ count: number }>(
      'GET',
      '/transactions/fraud-outcomes/summary?status=block',
    );
    await expect.poll(() => exportButton(page).isEnabled()).toBe(true);
    page.on('dialog', (dialog) => void dialog.accept());
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      exportButton(page).click(),
    ]);
    expect(download.url()).toMatch(/\/transactions\/fraud-outcomes\/download\/exp_\w+\/file\?/);
    const [header, ...records] = await readDownload(download);
    expect(header).toEqual([...FRAUD_OUTCOME_CSV_HEADERS]);
    expect(header!.slice(0, FRAUD_OUTCOME_CSV_TABLE_COLUMNS)).toEqual(
      await headerTexts(page, 'blocked-list'),
    );
    expect(records).toHaveLength(summary.count);
    await context.close();
  });

  it('shows the error notice when the export cannot be made', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ filter: 'advanced', type_is: 'refund' }));
    await rows(page, 'transactions-list').first().waitFor();
    await expect.poll(() => exportButton(page).isEnabled()).toBe(true);
    // The request never reaches the server (the connection fails); the page says so.
    await page.route('**/transactions/download?**', (route) => route.abort('failed'));
    await exportButton(page).click();
    await notice(page, 'There was a problem generating your export.').waitFor();
    await context.close();
  });

  it('says the file will come by e-mail when it is still being written after the last check', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ filter: 'advanced', type_is: 'refund' }));
    await rows(page, 'transactions-list').first().waitFor();
    await expect.poll(() => exportButton(page).isEnabled()).toBe(true);
    // The job is held back: every status check finds the export still pending.
    let checks = 0;
    await page.route(/\/transactions\/download\/exp_[A-Za-z0-9]+(\?|$)/, async (route) => {
      checks++;
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, status: 'pending', download_url: null } });
    });
    await exportButton(page).click();
    await notice(
      page,
      `Your export is taking longer than usual. It will be emailed to ${MERCHANT.email} when it is ready.`,
    ).waitFor();
    expect(checks).toBe(5);
    await context.close();
  });
});
