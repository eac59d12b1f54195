import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The payment detail page against a server of its own: the shared one starts without a payments
 * account, and payments need one. The account comes from a one-payment sandbox seed; every
 * payment the tests open is made through the checkout API, as a store would make it.
 */

const MERCHANT = { login: 'detail-admin', password: 'detail-admin-password' };

const server = new OwnServer('detail', 'detail-first-admin-password');

interface Paid {
  id: string;
  status: string;
  charge: { id: string } | null;
  order: { id: number; number: string };
}

const card = (number: string) => ({
  type: 'card',
  card: { number, exp_month: 12, exp_year: 2035, cvc: '123' },
});

let orderCounter = 0;

/** A payment for an order of its own; a card number, or `method` for other payment methods. */
function pay(
  number: string,
  amount: number,
  options: {
    currency?: string;
    method?: Record<string, unknown>;
    capture_method?: 'automatic' | 'manual';
    ip_country?: string;
    name?: string;
    country?: string;
    /** Whether the checkout sends the order's store page (it does unless told). */
    orderUrl?: boolean;
  } = {},
): Promise<Paid> {
  const orderNumber = `E2E-${++orderCounter}`;
  return server.api<Paid>('POST', '/payment_intents', {
    amount,
    currency: options.currency ?? 'usd',
    capture_method: options.capture_method ?? 'automatic',
    payment_method_data: options.method ?? card(number),
    order: {
      number: orderNumber,
      ...(options.orderUrl === false ? {} : { url: storeOrderUrl(orderNumber) }),
      customer: { name: options.name ?? 'Jane Doe', email: 'jane@example.test' },
      billing_address: {
        country: options.country ?? 'US',
        line1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
      },
    },
    ...(options.ip_country ? { ip_country: options.ip_country } : {}),
  });
}

/** The store's page of an order, as the checkout sends it. */
const storeOrderUrl = (number: string) =>
  `https://shop.example.test/wp-admin/post.php?post=${number}&action=edit`;

const payments: Record<string, Paid> = {};
let readerFee: { transaction_id: string; reader_id: string } | undefined;
let readerFeeError = '';

const detailUrl = (query: Record<string, string>) => server.adminUrl('/payments/transactions/details', query);

const signIn = (page: Page) => server.signIn(page, MERCHANT);

async function openDetail(page: Page, id: string, extra: Record<string, string> = {}): Promise<void> {
  await page.goto(detailUrl({ id, ...extra }));
  await page.getByTestId('payment-detail-page').waitFor();
}

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

async function timelineText(page: Page): Promise<string> {
  await page.getByTestId('timeline').waitFor();
  return (await page.getByTestId('timeline').textContent()) ?? '';
}

/**
 * Clicks a button that asks first: checks the question, goes back once (nothing is posted), then
 * confirms and checks the answer, naming it when it failed.
 */
async function confirmAndAnswer(
  page: Page,
  step: { button: string; title: string; body: string; confirm: string; path: string },
): Promise<void> {
  const posted: string[] = [];
  const record = (request: import('playwright-core').Request) => {
    if (request.url().includes(step.path)) posted.push(request.url());
  };
  page.on('request', record);
  const button = page.getByRole('button', { name: step.button, exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: step.title });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(step.body);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(posted).toEqual([]);
  await button.click();
  const answer = page.waitForResponse((response) => response.url().includes(step.path));
  await dialog.getByRole('button', { name: step.confirm, exact: true }).click();
  const response = await answer;
  page.off('request', record);
  expect(posted).toHaveLength(1);
  expect(response.ok(), `${step.path} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

async function noticeText(page: Page, status: 'success' | 'error'): Promise<string> {
  const notice = page.locator(`[data-testid="notice"][data-status="${status}"]`).last();
  await notice.waitFor();
  return (await notice.textContent()) ?? '';
}

describeInBrowser('payment detail page', (use) => {
  beforeAll(async () => {
    await server.cli('seed', '--transactions', '1', '--days', '1');
    await server.createAdministrator({ ...MERCHANT, email: 'detail-admin@example.test' });
    await server.useAppPassword(MERCHANT.login);
    const reader = /tmr_\w+/.exec(await server.cli('reader:create', '--label', 'Front desk'))?.[0];
    if (!reader) throw new Error('reader:create printed no reader id');

    // An in-person payment, billed as a reader fee when the day ends.
    await server.start();
    payments.inPerson = await pay('5001', 1850, {
      method: {
        type: 'card_present',
        reader_id: reader,
        platform: 'ios',
        card: card('4242424242424242').card,
      },
    });
    await server.stop();
    await server.cli('clock:advance', '--days', '1');
    await server.start();

    // A payment from another country than its billing address is held for review.
    await server.api('POST', '/settings', {
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [
        {
          key: 'ip_address_mismatch',
          outcome: 'review',
          check: { key: 'ip_billing_country_same', operator: 'equals', value: false },
        },
      ],
    });
    payments.paid = await pay('4242424242424242', 2500);
    payments.manual = await pay('5555555555554444', 4200, { capture_method: 'manual' });
    payments.cancel = await pay('4000056655665556', 4300, { capture_method: 'manual' });
    payments.captureFails = await pay('6011111111111117', 4350, { capture_method: 'manual' });
    payments.approve = await pay('378282246310005', 4400, { ip_country: 'FR' });
    payments.block = await pay('3056930009020004', 4500, { ip_country: 'FR' });
    payments.declined = await pay('4000000000000002', 1900);
    payments.ideal = await pay('ideal', 1500, { currency: 'eur', method: { type: 'ideal' }, country: 'NL' });
    payments.klarna = await pay('klarna', 1700, { method: { type: 'klarna' } });
    payments.euro = await pay('4000002500000003', 2300, { currency: 'eur', country: 'FR' });
    payments.inquiry = await pay('4000000000001976', 2100);
    payments.noOrderPage = await pay('4242424242424242', 11490, { orderUrl: false });

    // The fee is found through the transactions list; a failure there fails only the reader test.
    try {
      const fees = await server.api<{ data: { transaction_id: string; type: string }[] }>(
        'GET',
        '/transactions?type_is=card_reader_fee',
      );
      const fee = fees.data.find((row) => row.type === 'card_reader_fee');
      if (fee) readerFee = { transaction_id: fee.transaction_id, reader_id: reader };
    } catch (error) {
      readerFeeError = error instanceof Error ? error.message : String(error);
    }
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('opens a card payment by its order id and shows summary, timeline and card details', async () => {
    const page = await use().newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    const paid = payments.paid!;
    await openDetail(page, String(paid.order.id));
    // The order id is looked up and replaced by the payment intent's.
    await page.waitForURL((url) => url.searchParams.get('id') === paid.id);
    await page.getByTestId('payment-summary').waitFor();
    expect(await text(page, 'payment-amount')).toBe('$25.00');
    expect(await text(page, 'payment-status')).toBe('Paid');
    expect(await text(page, 'payment-fees')).toBe('Fees: -$1.03');
    expect(await text(page, 'payment-net')).toBe('Net: $23.97');
    expect(await text(page, 'summary-method')).toContain('Visa •••• 4242');
    expect(await text(page, 'summary-customer')).toContain('Jane Doe');
    expect(await text(page, 'summary-order')).toContain(`#${paid.order.number}`);
    expect(await text(page, 'summary-risk')).toContain('Normal');
    const maxWidth = await page
      .getByTestId('payment-detail-page')
      .evaluate((node) => getComputedStyle(node).maxWidth);
    expect(maxWidth).toBe('1032px');

    const timeline = await timelineText(page);
    expect(timeline).toContain('Payment status changed to Paid.');
    expect(timeline).toContain('A payment of $25.00 was successfully charged.');
    expect(timeline).toContain('Base fee (2.9% + $0.30): -$1.03');
    expect(timeline).toContain('Net payout: $23.97');
    expect(timeline).toContain('$23.97 will be added to a future payout.');

    const method = page.getByTestId('payment-method-details');
    expect(await method.getByTestId('payment-method-number').textContent()).toContain('•••• 4242');
    expect(await method.getByTestId('payment-method-cvcCheck').textContent()).toBe('CVC checkPassed');
    expect(await method.getByTestId('payment-method-funding').textContent()).toContain('Credit');
    expect(await method.getByTestId('payment-method-address').textContent()).toContain(
      'Springfield, IL 62701',
    );
    await page.screenshot({ path: 'test-results/payment-detail-card.png', fullPage: true });
    await page.close();
  });

  it('moves a charge id to its payment intent and says when nothing was found', async () => {
    const page = await use().newPage();
    await signIn(page);
    const paid = payments.paid!;
    await openDetail(page, paid.charge!.id, { transaction_id: 'txn_kept' });
    await page.waitForURL((url) => url.searchParams.get('id') === paid.id);
    expect(new URL(page.url()).searchParams.get('transaction_id')).toBe('txn_kept');
    await page.getByTestId('payment-summary').waitFor();

    await openDetail(page, 'pi_doesnotexist000');
    expect(await text(page, 'payment-details-error')).toBe('Payment details not loaded');
    await openDetail(page, '999999');
    expect(await text(page, 'payment-details-error')).toBe('Payment details not loaded');
    await page.close();
  });

  it('shows the blocks of local payment methods and a converted card payment', async () => {
    const page = await use().newPage();
    await signIn(page);
    await openDetail(page, payments.ideal!.id);
    const ideal = page.getByTestId('payment-method-details');
    await ideal.waitFor();
    expect(await ideal.getByTestId('payment-method-method').textContent()).toBe('Payment methodiDEAL');
    expect(await ideal.getByTestId('payment-method-bank').count()).toBe(1);
    expect(await ideal.getByTestId('payment-method-iban').textContent()).toMatch(/IBAN•••• \d{4}/);
    expect(await ideal.getByTestId('payment-method-cvcCheck').count()).toBe(0);
    expect(await text(page, 'summary-method')).toContain('iDEAL');

    await openDetail(page, payments.klarna!.id);
    const klarna = page.getByTestId('payment-method-details');
    await klarna.waitFor();
    expect(await klarna.getByTestId('payment-method-method').textContent()).toBe('Payment methodKlarna');
    expect(await klarna.getByTestId('payment-method-paymentType').textContent()).toMatch(
      /^Payment type(Pay later|Pay now|Financing|Pay in installments)$/,
    );

    await openDetail(page, payments.inPerson!.id);
    const inPerson = page.getByTestId('payment-method-details');
    await inPerson.waitFor();
    expect(await inPerson.getByTestId('payment-method-method').textContent()).toBe(
      'Payment methodIn-person card',
    );
    expect(await inPerson.getByTestId('payment-method-reader').count()).toBe(1);
    expect(await inPerson.getByTestId('payment-method-cvcCheck').count()).toBe(0);
    expect(await timelineText(page)).toContain('Base fee (2.6% + $0.10): -$0.58');

    await openDetail(page, payments.euro!.id);
    await page.getByTestId('payment-summary').waitFor();
    expect(await text(page, 'payment-amount')).toBe('€23.00');
    // Rates of 1 or more show 5 decimal places.
    expect(await text(page, 'payment-conversion')).toMatch(/^€1\.00 EUR → \d+\.\d{5} USD: \$\d+\.\d{2} USD$/);
    const timeline = await timelineText(page);
    expect(timeline).toContain('A payment of €23.00 EUR was successfully charged.');
    expect(timeline).toContain('International card fee: 1%');
    expect(timeline).toContain('Currency conversion fee: 1%');
    await page.close();
  });

  it('explains a declined payment', async () => {
    const page = await use().newPage();
    await signIn(page);
    await openDetail(page, payments.declined!.id);
    await page.getByTestId('payment-summary').waitFor();
    expect(await text(page, 'payment-status')).toBe('Payment failed');
    const timeline = await timelineText(page);
    expect(timeline).toContain('Payment status changed to Failed.');
    expect(timeline).toContain('A payment of $19.00 failed: The card was declined by the bank.');
    // Nothing can be refunded or captured.
    expect(await page.getByRole('button', { name: 'Refund in full' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Capture' }).count()).toBe(0);
    await page.close();
  });

  it('refunds a payment in full with a reason', async () => {
    const page = await use().newPage();
    await signIn(page);
    const paid = payments.paid!;
    await openDetail(page, paid.id);
    await page.getByRole('button', { name: 'Refund in full' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This will issue a full refund of $25.00 to the customer.');
    await dialog.getByLabel('Reason for refund (optional)').selectOption('requested_by_customer');
    const request = page.waitForRequest((r) => r.url().endsWith('/payments/refund') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Refund transaction' }).click();
    const sent = await request;
    expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.postDataJSON()).toEqual({
      charge_id: paid.charge!.id,
      amount: 2500,
      reason: 'requested_by_customer',
      order_id: paid.order.id,
    });
    expect(await noticeText(page, 'success')).toBe(`Refunded payment #${paid.order.number}.`);
    await expect.poll(() => text(page, 'payment-status')).toBe('Refunded');
    const timeline = await timelineText(page);
    expect(timeline).toContain('Payment status changed to Refunded.');
    expect(timeline).toContain('A payment of $25.00 was successfully refunded.');
    expect(timeline).toContain('Reason: Requested by customer');
    expect(await text(page, 'payment-refunded')).toBe('Refunded: -$25.00');
    // Once refunded there is nothing left to refund.
    expect(await page.getByRole('button', { name: 'Refund in full' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Partial refund' }).count()).toBe(0);
    await page.close();
  });

  it('offers Issue refund for an inquiry and sends partial refunds to the order', async () => {
    const page = await use().newPage();
    await signIn(page);
    await openDetail(page, payments.inquiry!.id);
    await page.getByTestId('dispute-notice').waitFor();
    expect(await text(page, 'payment-status')).toBe('Inquiry: Needs response');
    expect(await page.getByRole('button', { name: 'Issue refund' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Refund in full' }).count()).toBe(0);
    expect(await text(page, 'dispute-notice')).toContain('Respond by');
    // The notice leads to the challenge page, where the inquiry is answered.
    expect(
      await page
        .getByTestId('dispute-notice')
        .getByRole('link', { name: 'Challenge dispute' })
        .getAttribute('href'),
    ).toMatch(/path=\/payments\/disputes\/challenge&id=dp_/);
    expect(await timelineText(page)).toContain('Payment inquiry opened as Transaction unauthorized.');

    await openDetail(page, payments.euro!.id);
    const partial = page.getByRole('link', { name: 'Partial refund' });
    await partial.waitFor();
    // Partial refunds are made on the store's order page, as the checkout sent it.
    expect(await partial.getAttribute('href')).toBe(storeOrderUrl(payments.euro!.order.number));
    expect(await page.getByTestId('summary-order').getByRole('link').getAttribute('href')).toBe(
      storeOrderUrl(payments.euro!.order.number),
    );
    await page.close();
  });

  it('refunds part of a payment whose order has no store page, then what remains', async () => {
    const page = await use().newPage();
    await signIn(page);
    const paid = payments.noOrderPage!;
    await openDetail(page, paid.id);
    const partial = page.getByRole('button', { name: 'Partial refund' });
    await partial.waitFor();
    expect(await page.getByRole('button', { name: 'Refund in full' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Partial refund' }).count()).toBe(0);

    const refundRequest = () =>
      page.waitForRequest((r) => r.url().endsWith('/payments/refund') && r.method() === 'POST');
    await partial.click();
    let dialog = page.getByRole('dialog', { name: 'Partial refund' });
    const amount = dialog.getByLabel('Refund amount (USD)');
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('114.90');
    // Amounts are read exactly: a third decimal is refused, not rounded.
    await amount.fill('77.385');
    await dialog.getByRole('button', { name: 'Refund transaction' }).click();
    expect(await dialog.textContent()).toContain('Enter the amount with at most 2 decimal places.');
    await amount.fill('77.38');
    await dialog.getByLabel('Reason for refund (optional)').selectOption('duplicate');
    let request = refundRequest();
    await dialog.getByRole('button', { name: 'Refund $77.38' }).click();
    expect((await request).postDataJSON()).toEqual({
      charge_id: paid.charge!.id,
      amount: 7738,
      reason: 'duplicate',
      order_id: paid.order.id,
    });
    expect(await noticeText(page, 'success')).toBe(`Refunded payment #${paid.order.number}.`);
    await expect.poll(() => text(page, 'payment-refunded')).toBe('Refunded: -$77.38');
    expect(await text(page, 'payment-status')).toBe('Partial refund');
    // Something was refunded: Refund in full goes, the form stays for what remains.
    await expect.poll(() => page.getByRole('button', { name: 'Refund in full' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Partial refund' }).click();
    dialog = page.getByRole('dialog', { name: 'Partial refund' });
    expect(await dialog.getByLabel('Refund amount (USD)').inputValue()).toBe('37.52');
    expect(await dialog.textContent()).toContain('Up to $37.52 remains to refund.');
    // Never above what remains.
    await dialog.getByLabel('Refund amount (USD)').fill('37.53');
    await dialog.getByLabel('Refund amount (USD)').blur();
    expect(await dialog.textContent()).toContain('You can refund at most $37.52.');
    expect(await dialog.getByRole('button', { name: 'Refund transaction' }).count()).toBe(1);
    await dialog.getByLabel('Refund amount (USD)').fill('37.52');
    request = refundRequest();
    await dialog.getByRole('button', { name: 'Refund $37.52' }).click();
    expect((await request).postDataJSON()).toMatchObject({ amount: 3752, reason: null });
    await expect.poll(() => text(page, 'payment-status')).toBe('Refunded');
    expect(await text(page, 'payment-refunded')).toBe('Refunded: -$114.90');
    expect(await page.getByRole('button', { name: 'Partial refund' }).count()).toBe(0);
    // The timeline is read again after the refund, apart from the payment: wait for it.
    await expect.poll(() => timelineText(page)).toContain('A payment of $37.52 was successfully refunded.');
    expect(await timelineText(page)).toContain('A payment of $77.38 was successfully refunded.');
    await page.close();
  });

  it('captures an authorization after showing the 7-day notice', async () => {
    const page = await use().newPage();
    await signIn(page);
    const manual = payments.manual!;
    // From the uncaptured list, which the page keeps while the merchant is on the payment.
    await page.goto(server.adminUrl('/payments/transactions', { tab: 'uncaptured-page' }));
    const listed = page
      .getByTestId('uncaptured-list')
      .getByTestId('list-row')
      .filter({ hasText: manual.order.number });
    await listed.waitFor();
    await listed.locator('td').first().click();
    await page.getByTestId('payment-detail-page').waitFor();
    await page.getByTestId('capture-notice').waitFor();
    expect(await text(page, 'payment-status')).toBe('Payment authorized');
    expect(await text(page, 'capture-notice')).toMatch(/^You need to capture this charge before .+\./);
    expect(await timelineText(page)).toContain('A payment of $42.00 was successfully authorized.');
    const request = page.waitForRequest((r) => r.url().includes('/capture_authorization'));
    await page.getByRole('button', { name: 'Capture' }).click();
    expect((await request).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await noticeText(page, 'success')).toBe(
      `Payment for order #${manual.order.number} captured successfully.`,
    );
    await expect.poll(() => text(page, 'payment-status')).toBe('Paid');
    expect(await page.getByTestId('capture-notice').count()).toBe(0);
    expect(await timelineText(page)).toContain('A payment of $42.00 was successfully charged.');
    // Back on the list, the captured payment is gone at once, not after the list's cache ages.
    await page.goBack();
    await page.getByTestId('uncaptured-list').waitFor();
    await listed.waitFor({ state: 'detached', timeout: 5_000 });
    await page.close();
  });

  it('shows a capture made on the payment page in the transactions list at once, without a reload', async () => {
    // Made now, so the charge its capture books is the newest row of the list's first page.
    const held = await pay('4242424242424242', 4600, { capture_method: 'manual' });
    const page = await use().newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await page.goto(server.adminUrl('/payments/transactions'));
    const all = page.getByTestId('transactions-list');
    await all.getByTestId('list-row').first().waitFor();
    // Until it is captured, an authorization books nothing: the list has no row for the order.
    expect(await all.getByTestId('list-row').filter({ hasText: held.order.number }).count()).toBe(0);
    const uncapturedTab = page.getByRole('tab', { name: /^Uncaptured \(\d+\)$/ });
    const uncapturedBefore = Number((await uncapturedTab.textContent())?.match(/\d+/)?.[0]);
    // Everything from here happens in this one document: the lists stay in the page's cache.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await uncapturedTab.click();
    const authorization = page
      .getByTestId('uncaptured-list')
      .getByTestId('list-row')
      .filter({ hasText: held.order.number });
    await authorization.locator('td').first().click();
    await page.getByTestId('payment-detail-page').waitFor();
    await page.getByRole('button', { name: 'Capture' }).click();
    expect(await noticeText(page, 'success')).toBe(
      `Payment for order #${held.order.number} captured successfully.`,
    );
    await expect.poll(() => text(page, 'payment-status')).toBe('Paid');

    await page.getByLabel('Breadcrumbs').getByRole('link', { name: 'Transactions' }).click();
    await page.getByTestId('transactions-page').waitFor();
    // The list and the tab's count read again at once, not when their cached answers age.
    await all.getByTestId('list-row').filter({ hasText: held.order.number }).waitFor({ timeout: 5_000 });
    await expect
      .poll(() => page.getByRole('tab', { name: /^Uncaptured/ }).textContent(), { timeout: 5_000 })
      .toBe(`Uncaptured (${uncapturedBefore - 1})`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await page.close();
  });

  it('cancels an authorization', async () => {
    const page = await use().newPage();
    await signIn(page);
    const cancel = payments.cancel!;
    await openDetail(page, cancel.id);
    await confirmAndAnswer(page, {
      button: `Cancel (order #${cancel.order.number}, $43.00)`,
      title: 'Cancel this authorization?',
      body: `The $43.00 held for order #${cancel.order.number} will be released to the customer. This cannot be undone.`,
      confirm: 'Cancel authorization',
      path: '/cancel_authorization',
    });
    expect(await noticeText(page, 'success')).toBe(
      `Payment for order #${cancel.order.number} canceled successfully.`,
    );
    await expect.poll(() => page.getByRole('button', { name: 'Capture' }).count()).toBe(0);
    // The released hold reads as a full refund, as the processor reports it.
    await expect.poll(() => text(page, 'payment-status')).toBe('Refunded');
    expect(await page.getByTestId('capture-notice').count()).toBe(0);
    const timeline = await timelineText(page);
    expect(timeline).toContain('Payment status changed to Canceled.');
    expect(timeline).toContain('Authorization for $43.00 was voided.');
    await page.close();
  });

  it('names the reason when a capture fails', async () => {
    const page = await use().newPage();
    await signIn(page);
    const held = payments.captureFails!;
    await openDetail(page, held.id);
    // The sandbox captures any amount above its minimum, so the refusal comes from the network.
    await page.route('**/capture_authorization', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'wcpay_capture_error',
          message: 'The payment amount is too small to be processed.',
          data: { status: 422, error_type: 'amount_too_small', minimum_amount: '0.50', currency: 'USD' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Capture' }).click();
    expect(await noticeText(page, 'error')).toBe(
      `There has been an error capturing the payment for order #${held.order.number}. The minimum amount that can be processed is 0.50 USD.`,
    );
    await page.unroute('**/capture_authorization');
    await page.route('**/cancel_authorization', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'wcpay_payment_uncapturable',
          message: 'This payment cannot be processed in its current state.',
          data: { status: 409 },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel authorization' }).click();
    await expect
      .poll(() => page.locator('[data-testid="notice"][data-status="error"]').allTextContents())
      .toContain(
        `There has been an error canceling the payment for order #${held.order.number}. This payment cannot be processed in its current state.`,
      );
    // Nothing changed: the authorization can still be captured.
    expect(await text(page, 'payment-status')).toBe('Payment authorized');
    await page.close();
  });

  it('shows its error messages when a read or a refund fails', async () => {
    const page = await use().newPage();
    await signIn(page);
    const fail = (route: import('playwright-core').Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'internal_server_error',
          message: 'Unexpected.',
          data: { status: 500 },
        }),
      });
    await page.route('**/payments/timeline/**', fail);
    await page.route('**/payments/authorizations/**', fail);
    await openDetail(page, payments.captureFails!.id);
    expect(await text(page, 'timeline-error')).toBe('Error while loading timeline');
    expect(await noticeText(page, 'error')).toBe('Error retrieving authorization.');

    const euro = payments.euro!;
    await page.route('**/payments/refund', fail);
    await openDetail(page, euro.id);
    await page.getByRole('button', { name: 'Refund in full' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund transaction' }).click();
    expect(await noticeText(page, 'error')).toBe(
      `There has been an error refunding the payment #${euro.order.number}. Please try again later.`,
    );
    expect(await text(page, 'payment-status')).toBe('Paid');
    await page.close();
  });

  it('approves a payment held for review', async () => {
    const page = await use().newPage();
    await signIn(page);
    const held = payments.approve!;
    // A held payment has no authorization to ask for: the page does not ask (no 404 logged).
    const authorizationReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/authorizations/')) authorizationReads.push(request.url());
    });
    await openDetail(page, held.id);
    await page.getByRole('button', { name: 'Approve Transaction' }).waitFor();
    expect(authorizationReads).toEqual([]);
    expect(await text(page, 'payment-status')).toBe('Needs review');
    const before = await timelineText(page);
    expect(before).toContain('Payment was screened by your fraud filters and placed in review.');
    expect(before).toContain('Placed in review by the rule: Order country differs from shipping');
    // Newest first: the review, written in the same second as the authorization, comes after it.
    expect(before.indexOf('placed in review')).toBeGreaterThan(-1);
    expect(before.indexOf('placed in review')).toBeLessThan(before.indexOf('was successfully authorized'));
    expect(await page.getByRole('button', { name: 'Capture' }).count()).toBe(0);
    // A held payment has no authorization to show (authorization_missing): that is no error.
    expect(await page.locator('[data-testid="notice"][data-status="error"]').count()).toBe(0);
    await confirmAndAnswer(page, {
      button: `Approve Transaction (order #${held.order.number}, $44.00)`,
      title: 'Approve this payment?',
      body: `The $44.00 held for review for order #${held.order.number} will be captured and paid out to you.`,
      confirm: 'Approve Transaction',
      path: '/capture_authorization',
    });
    expect(await noticeText(page, 'success')).toBe(
      `Payment for order #${held.order.number} captured successfully.`,
    );
    await expect.poll(() => text(page, 'payment-status')).toBe('Paid');
    await expect.poll(() => timelineText(page)).toContain(`Payment was approved by ${MERCHANT.login}.`);
    // The admin has no user profile page: the name is text, not a link that would answer 404.
    expect(await page.getByTestId('timeline').getByRole('link', { name: MERCHANT.login }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Approve Transaction' }).count()).toBe(0);
    await page.close();
  });

  it('blocks a payment held for review', async () => {
    const page = await use().newPage();
    await signIn(page);
    const held = payments.block!;
    await openDetail(page, held.id);
    await confirmAndAnswer(page, {
      button: `Block transaction (order #${held.order.number}, $45.00)`,
      title: 'Block this payment?',
      body: `The $45.00 held for review for order #${held.order.number} will be released to the customer and the order will fail. This cannot be undone.`,
      confirm: 'Block transaction',
      path: '/cancel_authorization',
    });
    expect(await noticeText(page, 'success')).toBe(
      `Payment for order #${held.order.number} canceled successfully.`,
    );
    await expect.poll(() => text(page, 'payment-status')).toBe('Payment blocked');
    const timeline = await timelineText(page);
    expect(timeline).toContain(`Payment was blocked by ${MERCHANT.login}.`);
    expect(timeline).toContain('Payment status changed to Payment blocked.');
    expect(await page.getByRole('button', { name: 'Block transaction' }).count()).toBe(0);
    await page.close();
  });

  it('records and clears list filters carried by a link', async () => {
    const page = await use().newPage();
    await signIn(page);
    const tracked = page.waitForRequest((r) => r.url().endsWith('/payments/tracks') && r.method() === 'POST');
    await openDetail(page, payments.ideal!.id, { status_is: 'review', type_is: 'charge' });
    const event = (await tracked).postDataJSON() as { name: string; properties: Record<string, string> };
    expect(event).toEqual({
      name: 'wcpay_fraud_protection_order_details_link_clicked',
      properties: { status_is: 'review', type_is: 'charge' },
    });
    await page.waitForURL((url) => !url.searchParams.has('status_is') && !url.searchParams.has('type_is'));
    expect(new URL(page.url()).searchParams.get('id')).toBe(payments.ideal!.id);
    await page.close();
  });

  it('lists what a card reader fee charged for and downloads it as CSV', async () => {
    expect(readerFee, `the reader fee of the in-person payment ${readerFeeError}`).toBeDefined();
    const fee = readerFee!;
    const page = await use().newPage({ acceptDownloads: true });
    await signIn(page);
    await openDetail(page, fee.transaction_id, {
      transaction_id: fee.transaction_id,
      transaction_type: 'card_reader_fee',
    });
    const rows = page.getByTestId('reader-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(fee.reader_id);
    expect(await rows.first().textContent()).toContain('$0.10');
    expect(await page.getByTestId('payment-summary').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Reader id,Status,Transactions,Fee');
    expect(csv).toContain(`${fee.reader_id},`);

    await openDetail(page, 'txn_nosuchfee', { transaction_type: 'card_reader_fee' });
    expect(await text(page, 'readers-error')).toBe('Readers details not loaded');
    await page.close();
  });

  it('pages the readers table by 25', async () => {
    const page = await use().newPage();
    await signIn(page);
    // Thirty readers do not fit in one fee of the sandbox; the answer is made up here.
    const rowsOfFee = Array.from({ length: 30 }, (_, index) => ({
      reader_id: `tmr_reader${String(index).padStart(2, '0')}`,
      status: 'active',
      count: index + 1,
      fee: { amount: (index + 1) * 10, currency: 'usd' },
    }));
    await page.route('**/readers/charges/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(rowsOfFee) }),
    );
    await openDetail(page, 'txn_many', { transaction_type: 'card_reader_fee' });
    const rows = page.getByTestId('reader-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(25);
    await page.getByRole('button', { name: '2' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain('tmr_reader25');
    await page.close();
  });
});
