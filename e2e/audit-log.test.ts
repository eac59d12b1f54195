import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer, pageFetch } from './own-server.ts';

/**
 * The audit log page on a server of its own (docs/audit-log.md): a refund made with the
 * merchant's session is found in the table, opened in its details, found again by its action,
 * and downloaded as CSV.
 */

const server = new OwnServer('audit-log', 'audit-first-admin-password');
const MERCHANT = { login: 'audit-admin', password: 'audit-admin-password' };
const REFUND_ACTION = 'POST /wc/v3/payments/refund';

describeInBrowser('the audit log page', (use) => {
  let page: Page;
  let chargeId: string;

  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'audit@example.test' });
    await server.cli('seed', '--transactions', '20', '--days', '5', '--seed', '5');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    const intent = await server.api<{ charge: { id: string } }>(
      'POST',
      '/payment_intents',
      cardCheckout('4242424242424242', 5000, 'Audrey Customer', 'AUD'),
    );
    chargeId = intent.charge.id;
    // A failed sign-in, which the log shows too.
    const failed = await fetch(`${server.origin}/wp-login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ log: MERCHANT.login, pwd: 'not-the-password' }).toString(),
      redirect: 'manual',
    });
    expect(failed.status).toBe(401);
    page = await server.signedInPage(use(), { user: MERCHANT, acceptDownloads: true });
  }, 300_000);

  afterAll(async () => {
    await page?.context().close();
    await server.dispose();
  });

  const list = () => page.getByTestId('audit-log-list');
  const rows = () => list().getByTestId('list-row');

  it('shows a refund made with the session, with who, how, where from and what', async () => {
    await page.goto(server.adminUrl('/payments/overview'));
    const refund = await pageFetch(page, '/wp-json/wc/v3/payments/refund', {
      method: 'POST',
      body: { charge_id: chargeId, amount: 1200, reason: 'requested_by_customer' },
    });
    expect(refund.status).toBe(200);

    // Found from the menu.
    await page.getByRole('link', { name: 'Audit log', exact: true }).first().click();
    await page.waitForURL(/path=\/payments\/audit-log/);
    await rows().first().waitFor();
    expect(await page.getByRole('table', { name: 'Audit log' }).count()).toBe(1);
    const row = rows().filter({ hasText: REFUND_ACTION }).first();
    const text = await row.textContent();
    for (const part of [MERCHANT.login, 'session', chargeId, 'Changed', '200']) expect(text).toContain(part);
    const signIn = rows().filter({ hasText: 'POST /wp-login.php' }).first();
    expect(await signIn.textContent()).toContain('Failed sign-in');
    await expectAccessible(page, 'audit log');

    // The details, by keyboard.
    const details = row.getByRole('button', { name: new RegExp(`^Details of ${REFUND_ACTION}`) });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Audit log entry' });
    await dialog.waitFor();
    const change = await dialog.getByTestId('audit-change').textContent();
    expect(JSON.parse(change ?? '')).toEqual({
      charge_id: chargeId,
      amount: 1200,
      reason: 'requested_by_customer',
    });
    const facts = await dialog.textContent();
    for (const part of [MERCHANT.login, 'session', chargeId, '200']) expect(facts).toContain(part);
    await expectAccessible(page, 'audit log entry', { include: ['[role="dialog"]'] });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => details.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('filters by action, and downloads the rows it shows as CSV', async () => {
    await page.getByLabel('Action').fill(REFUND_ACTION);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/action=POST/);
    await expect
      .poll(async () => (await rows().allTextContents()).every((text) => text.includes(REFUND_ACTION)))
      .toBe(true);
    const shown = await rows().count();
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('audit-log-summary').textContent()).toBe(
      `${shown} ${shown === 1 ? 'entry' : 'entries'}`,
    );
    await expectAccessible(page, 'audit log filtered by action');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC),User ID,Username,Credential,Address,Method,Action,Object,Outcome,Status,Change,Request ID',
    );
    expect(lines).toHaveLength(shown + 1);
    expect(lines.slice(1).every((line) => line.includes(`,${REFUND_ACTION},`))).toBe(true);
    expect(lines.some((line) => line.includes(chargeId) && line.includes(MERCHANT.login))).toBe(true);
  });

  it('says when no entry matches the filters', async () => {
    await page.getByLabel('Action').fill('POST /wc/v3/payments/no-such-action');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/no-such-action/);
    await list().getByText('No audit log entries match these filters.').waitFor();
    expect(await rows().count()).toBe(0);
  });
});
