import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer } from './own-server.ts';

/**
 * The disputes list and the legacy dispute route against a server of their own: disputes opened
 * by the sandbox's dispute cards, the Overview's "awaiting response" link, the urgency of a
 * deadline after the sandbox clock moved, and the way from a dispute to its payment.
 */

const MERCHANT = { login: 'dp-admin', password: 'dp-admin-password', email: 'dp@example.test' };
const server = new OwnServer('disputes', 'dp-first-admin-password');

interface Row {
  dispute_id: string;
  payment_intent_id: string;
  status: string;
}

const checkoutBody = (number: string, amount: number, name: string) =>
  cardCheckout(number, amount, name, 'DP');

const rows = (page: Page) => page.getByTestId('disputes-list').getByTestId('list-row');

describeInBrowser('the disputes list', (use) => {
  let page: Page;
  let all: Row[];

  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    // A sandbox account with a day of history (the seed is fixed, so the history is too).
    await server.cli('seed', '--transactions', '5', '--days', '1', '--seed', '3');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    await server.api('POST', '/payment_intents', checkoutBody('4000000000000259', 5_000, 'Ada Byron'));
    await server.api('POST', '/sandbox/clock/advance', { days: 1 });
    await server.api('POST', '/payment_intents', checkoutBody('4000000000002685', 2_000, 'Grace Hopper'));
    await server.api('POST', '/payment_intents', checkoutBody('4000000000001976', 9_000, 'Alan Turing'));
    all = (await server.api<{ data: Row[] }>('GET', '/disputes')).data;
    page = await server.signedInPage(use(), { user: MERCHANT, viewport: { width: 1400, height: 900 } });
  }, 300_000);
  afterAll(async () => {
    await server.dispose();
  });

  const awaiting = () =>
    all.filter((row) => row.status === 'needs_response' || row.status === 'warning_needs_response');

  it('lists the disputes from the menu, newest first, with their summary', async () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    await page.goto(server.adminUrl('/payments/overview'));
    await page.getByRole('link', { name: 'Disputes', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/disputes');
    await expect.poll(() => rows(page).count()).toBe(all.length);
    expect(await page.getByText(`${all.length} disputes`).count()).toBe(1);
    const headers = await page.getByTestId('disputes-list').locator('thead th').allTextContents();
    // Currency, e-mail, country and "Disputed on" are hidden until the merchant shows them.
    expect(headers.join('|')).toContain('Respond by');
    expect(headers.join('|')).not.toContain('Disputed on');
    expect(await page.getByTestId('disputes-list').textContent()).toContain('Alan Turing');
    expect(await page.getByRole('link', { name: /^Respond to the dispute of/ }).count()).toBe(
      awaiting().length,
    );
    await expectAccessible(page, 'disputes list');
  });

  it('narrows to the disputes awaiting a response, as the Overview links them', async () => {
    const before = awaiting().length;
    const open = all.find((row) => row.status === 'needs_response')!;
    await server.api('POST', `/disputes/${open.dispute_id}/close`, {});
    all = (await server.api<{ data: Row[] }>('GET', '/disputes')).data;
    expect(awaiting()).toHaveLength(before - 1);
    await page.goto(server.adminUrl('/payments/disputes', { filter: 'awaiting_response' }));
    await expect.poll(() => rows(page).count()).toBe(awaiting().length);
    expect(await page.getByLabel('Show').inputValue()).toBe('awaiting_response');
    await page.getByLabel('Show').selectOption('');
    await expect.poll(() => rows(page).count()).toBe(all.length);
    expect(await page.getByRole('link', { name: /^See details of the dispute of/ }).count()).toBe(
      all.length - awaiting().length,
    );
  });

  it('warns when the deadline is near, after the sandbox clock moves', async () => {
    await server.api('POST', '/sandbox/clock/advance', { days: 5 });
    await page.goto(server.adminUrl('/payments/disputes', { filter: 'awaiting_response' }));
    await expect.poll(() => page.getByTestId('dispute-urgency').count()).toBeGreaterThanOrEqual(2);
    const badges = await page.getByTestId('dispute-urgency').allTextContents();
    expect(badges.every((text) => text === 'Last day today' || /^\d days? left$/.test(text))).toBe(true);
  });

  it("opens a dispute's payment from its row, and its challenge page from Respond", async () => {
    await page.goto(server.adminUrl('/payments/disputes', { orderby: 'amount', order: 'desc' }));
    await expect.poll(() => rows(page).count()).toBe(all.length);
    const turing = all.find((row) => row.status.startsWith('warning_'))!;
    await page.getByRole('link', { name: /^Respond to the dispute of \$90\.00/ }).click();
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/disputes/challenge');
    expect(new URL(page.url()).searchParams.get('id')).toBe(turing.dispute_id);
    await page.goBack();
    await expect.poll(() => rows(page).count()).toBe(all.length);
    await rows(page).filter({ hasText: 'Alan Turing' }).getByRole('cell').first().click();
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/transactions/details');
    expect(new URL(page.url()).searchParams.get('id')).toBe(turing.payment_intent_id);
  });

  it('sends the legacy dispute route on to the payment, and says when the dispute is unknown', async () => {
    const [first] = all;
    await page.goto(server.adminUrl('/payments/disputes/details', { id: first!.dispute_id }));
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/transactions/details');
    expect(new URL(page.url()).searchParams.get('id')).toBe(first!.payment_intent_id);
    expect(new URL(page.url()).searchParams.get('type')).toBe('dispute');
    await page.getByTestId('payment-status').waitFor();
    await expectAccessible(page, "a dispute's payment detail");
    await page.goto(server.adminUrl('/payments/disputes/details', { id: 'dp_unknown' }));
    await page.getByText('Error retrieving dispute').waitFor();
    await page.getByText('Please check your network and try again.').waitFor();
    await expectAccessible(page, 'dispute detail: unknown dispute');
  });

  it('shows the win rate by reason of the disputes decided, following the filters', async () => {
    // A new dispute for a parcel that never came, accepted at once: lost.
    const body = checkoutBody('4000000000002685', 3_000, 'Edsger Dijkstra');
    await server.api('POST', '/payment_intents', {
      ...body,
      order: { ...body.order, number: 'DP-ACCEPTED' },
    });
    const listed = (await server.api<{ data: (Row & { reason: string })[] }>('GET', '/disputes')).data;
    const accepted = listed.find(
      (row) => row.reason === 'product_not_received' && row.status === 'needs_response',
    )!;
    await server.api('POST', `/disputes/${accepted.dispute_id}/close`, {});
    const outcomes = await server.api<{ reasons: { reason: string; won: number; lost: number }[] }>(
      'GET',
      '/disputes/outcomes',
    );
    const expected = outcomes.reasons.find((row) => row.reason === 'product_not_received')!;
    expect(expected.lost).toBeGreaterThanOrEqual(1);
    await page.goto(server.adminUrl('/payments/disputes'));
    await expect.poll(() => page.getByTestId('win-rate').count()).toBe(outcomes.reasons.length);
    const row = page.locator('[data-testid="win-rate"][data-reason="product_not_received"]');
    expect((await row.locator('th, td').allTextContents()).map((text) => text.trim())).toEqual([
      'Product not received',
      String(expected.won),
      String(expected.lost),
      `${Math.round((100 * expected.won) / (expected.won + expected.lost))}%`,
    ]);
    await expectAccessible(page, 'disputes page with its win rate', {
      include: ['[data-testid="win-rates"]'],
    });
    // Filtered to the disputes still needing a response, none of them is decided.
    await page.goto(server.adminUrl('/payments/disputes', { status_is: 'needs_response' }));
    await page.getByTestId('win-rates-empty').waitFor();
  });
});
