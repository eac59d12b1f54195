import { formatCount } from '@paydesk/domain/locale';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The transactions page against a server of its own: the shared one starts without a payments
 * account. A seeded sandbox history fills the lists; the authorizations and the blocked payment
 * the tests act on are made through the checkout API, as a store would make them.
 */

const MERCHANT = { login: 'tx-admin', password: 'tx-admin-password' };
const SEEDED_ROWS = 150;

const server = new OwnServer('transactions', 'tx-first-admin-password');

interface PaymentResult {
  id: string;
  status: string;
  order: { id: number; number: string };
}

function pay(
  order: string,
  amount: number,
  capture: 'automatic' | 'manual',
  name = 'Quinn Tester',
  extra: { ip_country?: string; currency?: string } = {},
) {
  const { currency = 'usd', ...rest } = extra;
  return server.api<PaymentResult>('POST', '/payment_intents', {
    ...rest,
    amount,
    currency,
    capture_method: capture,
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

const adminPage = (query: Record<string, string> = {}) => server.adminUrl('/payments/transactions', query);

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const page = await server.signedInPage(browser, {
    user: MERCHANT,
    viewport: { width: 1400, height: 1000 },
  });
  return { context: page.context(), page };
}

const query = (page: Page) => new URL(page.url()).searchParams;
const rows = (page: Page, list: string) => page.getByTestId(list).getByTestId('list-row');
const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
/** A list's column headers, without the sort arrow of the sorted one. */
const headerTexts = async (page: Page, list: string) =>
  (await page.getByTestId(list).locator('th').allTextContents()).map((text) => text.replace(/ [▲▼]$/, ''));

describeInBrowser('the transactions page', (use) => {
  const orders: Record<string, PaymentResult> = {};

  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'tx@example.test' });
    await server.cli('seed', '--transactions', String(SEEDED_ROWS), '--days', '20', '--seed', '7');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    orders.capture = await pay('7101', 2_500, 'manual');
    orders.cancel = await pay('7102', 3_100, 'manual');
    orders.stale = await pay('7103', 4_200, 'manual');
    // Above the seeded rule's limit: blocked by the fraud rules.
    orders.blocked = await pay('7104', 900_000, 'automatic', 'Blocked Buyer');
    // From an IP address abroad: held for review by the seeded rule.
    orders.approve = await pay('7105', 2_700, 'automatic', 'Rene Review', { ip_country: 'BR' });
    orders.block = await pay('7106', 2_800, 'automatic', 'Rene Review', { ip_country: 'BR' });
    expect(orders.approve.status).toBe('requires_capture');
    // Paid in Australian dollars, which share the store currency's symbol; one of them blocked.
    orders.aud = await pay('7107', 3_285, 'automatic', 'Aussie Buyer', { currency: 'aud' });
    orders.audBlocked = await pay('7108', 2_000_000, 'automatic', 'Aussie Blocked', { currency: 'aud' });
    expect(orders.audBlocked.status).toBe('requires_payment_method');
    expect(orders.capture.status).toBe('requires_capture');
    expect(orders.blocked.status).toBe('requires_payment_method');
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('lists transactions 25 to a page with their summary, labels and links', async () => {
    const { context, page } = await signedIn(use());
    const started = Date.now();
    await page.goto(adminPage());
    await rows(page, 'transactions-list').nth(24).waitFor();
    const coldRows_ms = Date.now() - started;
    // Once more with the page's code cached, as a merchant moving around the admin has it.
    const again = Date.now();
    await page.goto(adminPage({ per_page: '25' }));
    await rows(page, 'transactions-list').nth(24).waitFor();
    console.info(
      `transactions: first 25 rows shown ${coldRows_ms} ms after navigation (cold), ${Date.now() - again} ms (cached code)`,
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Transactions');
    expect(await rows(page, 'transactions-list').count()).toBe(25);
    const uncaptured = await server.api<{ count: number }>('GET', '/authorizations/summary');
    expect(uncaptured.count).toBeGreaterThanOrEqual(3);
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'All transactions',
      `Uncaptured (${formatCount(uncaptured.count)})`,
      'Blocked',
    ]);

    const summary = await server.api<{ count: number; totals: { currency: string }[] }>(
      'GET',
      '/transactions/summary',
    );
    expect(await page.getByTestId('summary-count').textContent()).toBe(
      `${formatCount(summary.count)} transactions`,
    );
    expect(await page.getByTestId('list-summary').textContent()).toMatch(/total.*fees.*net/);

    // The seeded history has reader fees and a loan.
    await page.goto(adminPage({ per_page: '100', type_is: 'card_reader_fee', filter: 'advanced' }));
    await rows(page, 'transactions-list').first().waitFor();
    expect(
      await page.getByTestId('transactions-list').locator('td[data-column="type"]').first().textContent(),
    ).toBe('Reader fee');
    await page.goto(adminPage({ type: 'charge', filter: 'advanced', loan_id_is: 'none_such' }));
    await page.getByTestId('list-empty').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).toBe('No data to display');

    await page.goto(adminPage());
    const risk = await page
      .getByTestId('transactions-list')
      .locator('td[data-column="risk_level"]')
      .allTextContents();
    expect(risk.every((label) => ['Normal', 'Elevated', 'Highest', 'N/A'].includes(label))).toBe(true);

    // A row leads to its payment's detail page.
    const link = page.getByTestId('transactions-list').locator('td[data-column="date"] a').first();
    const href = new URL((await link.getAttribute('href'))!, server.origin);
    expect(href.searchParams.get('path')).toBe('/payments/transactions/details');
    expect(href.searchParams.get('id')).toMatch(/^(pi|ch)_/);
    await page.screenshot({ path: 'test-results/transactions.png', fullPage: true });
    await context.close();
  });

  it('shows the currency code of amounts not in the store currency', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage());
    const aussie = rows(page, 'transactions-list')
      .filter({ hasText: 'Aussie Buyer' })
      .filter({ hasText: 'Charge' });
    await aussie.waitFor();
    // The customer paid A$32.85; the store's own amounts stay plain dollars.
    expect(await aussie.locator('[data-column="customer_amount"]').textContent()).toBe('$32.85 AUD');
    expect(await aussie.locator('[data-column="amount"]').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);

    await page.getByRole('tab', { name: 'Blocked' }).click();
    const blocked = rows(page, 'blocked-list').filter({ hasText: 'Aussie Blocked' });
    await blocked.waitFor();
    expect(await blocked.locator('[data-column="amount"]').textContent()).toBe('$20,000.00 AUD');
    const local = rows(page, 'blocked-list').filter({ hasText: 'Blocked Buyer' });
    expect(await local.locator('[data-column="amount"]').textContent()).toBe('$9,000.00');
    await context.close();
  });

  it('sanitises paged and per_page, pages, and sorts by a column', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ paged: 'abc', per_page: 'lots' }));
    await rows(page, 'transactions-list').nth(24).waitFor();
    expect(await rows(page, 'transactions-list').count()).toBe(25);

    // A page past the last one moves to the last page rather than showing an empty table.
    const { count } = await server.api<{ count: number }>('GET', '/transactions/summary');
    const lastPage = Math.ceil(count / 25);
    await page.goto(adminPage({ paged: String(lastPage + 200) }));
    await page.waitForURL((url) => url.searchParams.get('paged') === String(lastPage));
    await rows(page, 'transactions-list').first().waitFor();
    expect(await rows(page, 'transactions-list').count()).toBe(count - (lastPage - 1) * 25);
    expect(await page.getByTestId('pager').textContent()).toContain(`Page ${lastPage} of ${lastPage}`);
    expect(await page.getByTestId('list-empty').count()).toBe(0);

    await page.goto(adminPage({ per_page: '50' }));
    await rows(page, 'transactions-list').nth(49).waitFor();
    expect(await rows(page, 'transactions-list').count()).toBe(50);

    const firstPage = await rows(page, 'transactions-list').first().textContent();
    await page.getByRole('button', { name: 'Next Page' }).click();
    await page.waitForURL(/paged=2/);
    await expect.poll(() => rows(page, 'transactions-list').first().textContent()).not.toBe(firstPage);

    const sorted = page.waitForRequest((request) =>
      /\/transactions\?.*sort=amount&direction=desc/.test(request.url()),
    );
    await page.getByTestId('sort-amount').click();
    await sorted;
    expect(query(page).get('orderby')).toBe('amount');
    expect(query(page).get('order')).toBe('desc');
    expect(query(page).get('paged')).toBe('1');
    await context.close();
  });

  it('changes tab afresh and records page views of the uncaptured and blocked tabs', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ paged: '2', per_page: '50', orderby: 'amount', order: 'asc' }));
    await rows(page, 'transactions-list').first().waitFor();
    const pageView = page.waitForRequest(
      (request) =>
        request.url().endsWith('/tracks') &&
        (request.postData() ?? '').includes('payments_transactions_blocked'),
    );
    await page.getByRole('tab', { name: 'Blocked' }).click();
    await pageView;
    const params = query(page);
    expect(params.get('tab')).toBe('blocked-page');
    expect(params.get('paged')).toBe('1');
    expect(params.get('per_page')).toBe('25');
    expect(params.has('orderby')).toBe(false);
    expect(params.has('order')).toBe(false);

    await rows(page, 'blocked-list').first().waitFor();
    expect(await page.getByLabel('Search').getAttribute('placeholder')).toBe(
      'Search by order number or customer name',
    );
    const blocked = rows(page, 'blocked-list').filter({ hasText: 'Blocked Buyer' });
    expect(await blocked.count()).toBe(1);
    expect(await blocked.textContent()).toContain('Payment blocked');
    expect(await blocked.textContent()).toContain('7104');

    const uncapturedView = page.waitForRequest(
      (request) =>
        request.url().endsWith('/tracks') &&
        (request.postData() ?? '').includes('payments_transactions_uncaptured'),
    );
    await page.getByRole('tab', { name: /^Uncaptured/ }).click();
    await uncapturedView;
    await rows(page, 'uncaptured-list').first().waitFor();
    expect(query(page).get('tab')).toBe('uncaptured-page');
    await context.close();
  });

  it('searches by customer and filters by type', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage());
    const { data } = await server.api<{ data: { customer_name: string | null }[] }>(
      'GET',
      '/transactions?pagesize=50',
    );
    const customer = data.find((row) => row.customer_name)!.customer_name!;
    const search = page.getByLabel('Search');
    expect(await search.getAttribute('placeholder')).toBe(
      'Search by order number, customer name, or billing email',
    );
    await search.fill(customer);
    await search.press('Enter');
    await expect.poll(() => query(page).get('search[0]')).toBe(customer);
    await expect
      .poll(async () => {
        const names = await page
          .getByTestId('transactions-list')
          .locator('td[data-column="customer_name"]')
          .allTextContents();
        return names.length > 0 && names.every((name) => name === customer);
      })
      .toBe(true);
    await page.getByRole('button', { name: `Remove ${customer}` }).click();
    await expect.poll(() => query(page).has('search[0]')).toBe(false);

    await page.getByRole('button', { name: 'Advanced filters' }).click();
    await page.getByTestId('add-filter').selectOption('type');
    await page.getByLabel('Type value').selectOption('card_reader_fee');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/type_is=card_reader_fee/);
    expect(query(page).get('filter')).toBe('advanced');
    await expect
      .poll(async () => {
        const types = await page
          .getByTestId('transactions-list')
          .locator('td[data-column="type"]')
          .allTextContents();
        return types.length > 0 && types.every((type) => type === 'Reader fee');
      })
      .toBe(true);

    // A date range in either order lists from the start of its first day to the end of its last.
    await page.getByTestId('add-filter').selectOption('date');
    await page.getByLabel('Start date').fill('2099-01-05');
    await page.getByLabel('End date').fill('2099-01-01');
    const dated = page.waitForRequest((request) => request.url().includes('date_between'));
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const url = new URL((await dated).url());
    expect(url.searchParams.getAll('date_between[]')).toEqual(['2099-01-01 00:00:00', '2099-01-05 23:59:59']);
    await page.getByTestId('list-empty').waitFor();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => query(page).has('filter')).toBe(false);
    await context.close();
  });

  it('hides a column and remembers it in the user preferences', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage());
    await rows(page, 'transactions-list').first().waitFor();
    expect(await headerTexts(page, 'transactions-list')).toContain('Email');
    await page.getByTestId('column-menu').click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/users/me/preferences') && response.request().method() === 'POST',
    );
    await page.getByRole('checkbox', { name: 'Email' }).uncheck();
    await saved;
    expect(await headerTexts(page, 'transactions-list')).not.toContain('Email');

    const preferences = await (
      await fetch(`${server.origin}/wp-json/wc-admin/users/me/preferences`, {
        headers: { Authorization: server.basicAuth },
      })
    ).json();
    expect(preferences.wc_payments_transactions_hidden_columns).toEqual(['customer_email']);

    await page.reload();
    await rows(page, 'transactions-list').first().waitFor();
    expect(await headerTexts(page, 'transactions-list')).not.toContain('Email');
    // Each tab keeps its own choice.
    await page.getByRole('tab', { name: /^Uncaptured/ }).click();
    await rows(page, 'uncaptured-list').first().waitFor();
    expect(await headerTexts(page, 'uncaptured-list')).toContain('Email');
    await context.close();
  });

  it('captures and cancels authorizations from the uncaptured tab', async () => {
    const { context, page } = await signedIn(use());
    const before = await server.api<{ count: number }>('GET', '/authorizations/summary');
    await page.goto(adminPage({ tab: 'uncaptured-page' }));
    await rows(page, 'uncaptured-list').first().waitFor();
    expect(await headerTexts(page, 'uncaptured-list')).toEqual(
      expect.arrayContaining(['Authorized on', 'Capture by', 'Amount']),
    );

    const ordinary = rows(page, 'uncaptured-list').filter({ hasText: '7101' });
    expect(await ordinary.locator('[data-column="status"]').textContent()).toBe('Payment authorized');
    expect(await ordinary.getByTestId('needs-review').count()).toBe(0);
    // Each button's name says which order and amount it acts on; capture asks nothing.
    await page.getByRole('button', { name: 'Capture (order #7101, $25.00)', exact: true }).click();
    await notice(page, 'Payment for order #7101 captured successfully.').waitFor();
    await rows(page, 'uncaptured-list').filter({ hasText: '7101' }).waitFor({ state: 'detached' });

    // Cancel asks first, naming the order and amount; going back leaves the authorization.
    const cancel = page.getByRole('button', { name: 'Cancel (order #7102, $31.00)', exact: true });
    const cancelRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cancel_authorization')) cancelRequests.push(request.url());
    });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this authorization?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'The $31.00 held for order #7102 will be released to the customer. This cannot be undone.',
    );
    // The focus starts on the way back, so a stray Enter cancels nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Go back');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(cancelRequests).toEqual([]);
    expect(await rows(page, 'uncaptured-list').filter({ hasText: '7102' }).count()).toBe(1);
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel authorization' }).click();
    await notice(page, 'Payment for order #7102 canceled successfully.').waitFor();
    expect(cancelRequests).toHaveLength(1);
    await rows(page, 'uncaptured-list').filter({ hasText: '7102' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('tab', { name: /^Uncaptured/ }).textContent())
      .toBe(`Uncaptured (${before.count - 2})`);

    // Canceled elsewhere while the list still shows it: the capture fails, saying why.
    await server.api('POST', `/orders/${orders.stale!.order.id}/cancel_authorization`, {
      payment_intent_id: orders.stale!.id,
    });
    await rows(page, 'uncaptured-list')
      .filter({ hasText: '7103' })
      .getByRole('button', { name: 'Capture' })
      .click();
    const failure = page
      .getByTestId('notice')
      .filter({ hasText: 'There has been an error capturing the payment for order #7103.' });
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(
      /There has been an error capturing the payment for order #7103\. (This payment cannot be processed in its current state\.|The order could not be found\.|Unable to process the payment\. Please try again later\.)/,
    );
    await context.close();
  });

  it('marks payments held for review in the uncaptured tab and settles them through review', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(adminPage({ tab: 'uncaptured-page' }));
    const list = page.getByTestId('uncaptured-list');
    const held = rows(page, 'uncaptured-list').filter({ hasText: '7105' });
    await held.waitFor();
    expect(await headerTexts(page, 'uncaptured-list')).toContain('Status');
    expect(await held.getByTestId('needs-review').textContent()).toBe('Needs review');
    // Held payments are captured by approving them, never by a plain Capture.
    expect(await held.getByRole('button', { name: /^Capture/ }).count()).toBe(0);
    expect(await held.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);

    await list
      .getByRole('button', { name: 'Approve Transaction (order #7105, $27.00)', exact: true })
      .click();
    let dialog = page.getByRole('dialog', { name: 'Approve this payment?' });
    expect(await dialog.textContent()).toContain(
      'The $27.00 held for review for order #7105 will be captured and paid out to you.',
    );
    await dialog.getByRole('button', { name: 'Approve Transaction', exact: true }).click();
    await notice(page, 'Payment for order #7105 captured successfully.').waitFor();
    await held.waitFor({ state: 'detached' });

    await list.getByRole('button', { name: 'Block transaction (order #7106, $28.00)', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Block this payment?' });
    await dialog.getByRole('button', { name: 'Block transaction', exact: true }).click();
    await notice(page, 'Payment for order #7106 canceled successfully.').waitFor();
    await rows(page, 'uncaptured-list').filter({ hasText: '7106' }).waitFor({ state: 'detached' });

    // The payments' own records say who approved and who blocked them.
    const approved = await server.api<{ fraud_outcome: { manual_action: string } | null }>(
      'GET',
      `/payment_intents/${orders.approve!.id}`,
    );
    expect(approved.fraud_outcome?.manual_action).toBe('approved');
    const blocked = await server.api<{ fraud_outcome: { manual_action: string } | null }>(
      'GET',
      `/payment_intents/${orders.block!.id}`,
    );
    expect(blocked.fraud_outcome?.manual_action).toBe('blocked');
    await context.close();
  });

  it('shows an error when a list cannot be loaded', async () => {
    const { context, page } = await signedIn(use());
    const failing = /\/wp-json\/wc\/v3\/payments\/transactions\?/;
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'Internal error', data: { status: 500 } }),
      }),
    );
    await page.goto(adminPage());
    const error = page.getByTestId('list-error');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe('Error retrieving transactions.Retry');
    // Once the server answers again, Retry brings the rows without reloading the page.
    await page.unroute(failing);
    await error.getByRole('button', { name: 'Retry' }).click();
    await rows(page, 'transactions-list').first().waitFor();
    expect(await error.count()).toBe(0);
    await context.close();
  });
});
