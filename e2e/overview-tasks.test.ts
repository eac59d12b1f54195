import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCurrency } from '@paydesk/domain/money/format';
import { presetRange } from '@paydesk/domain/overview/payment-activity';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The Overview's task list and payment activity against a server of their own: a seeded USD
 * history on a test-drive account whose default currency then moved to EUR, and six disputed
 * payments made through the checkout API after that (so they settle in EUR and each opens a
 * dispute that awaits a response).
 */

const MERCHANT = { login: 'tasks-admin', password: 'tasks-admin-password' };
const DISPUTE_CARD = '4000000000000259';
const DISPUTED_PAYMENTS = 6;
/** Where the screenshots go, for a person to look at. */
const screenshot = (name: string) => join(process.env.SCREENSHOT_DIR ?? tmpdir(), `paydesk-${name}.png`);

const server = new OwnServer('overview-tasks', 'tasks-first-admin-password');

const TASK_OPTIONS =
  'woocommerce_dismissed_todo_tasks,woocommerce_deleted_todo_tasks,woocommerce_remind_me_later_todo_tasks';
const taskOptions = () =>
  server.api<{
    woocommerce_dismissed_todo_tasks: string[] | null;
    woocommerce_deleted_todo_tasks: string[] | null;
    woocommerce_remind_me_later_todo_tasks: Record<string, number> | null;
  }>('GET', `/wc-admin/options?options=${TASK_OPTIONS}`, undefined, '/wp-json');

interface Activity {
  currency: string;
  total_payment_volume: number;
  charges: number;
  series: { total_payment_volume: number }[];
}

const overviewUrl = (query: Record<string, string> = {}) => server.adminUrl('/payments/overview', query);

async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const page = await server.signedInPage(browser, {
    user: MERCHANT,
    viewport: { width: 1280, height: 1000 },
    timezoneId: 'UTC',
  });
  return { context: page.context(), page };
}

const tasks = (page: Page) => page.getByTestId('task-list').getByTestId('task');
const task = (page: Page, key: string) => page.locator(`[data-testid="task"][data-task-key="${key}"]`);
const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
const tile = (page: Page, name: string) =>
  page.getByTestId(`activity-${name}`).getByTestId('activity-amount');

describeInBrowser('the overview task list and payment activity', (use) => {
  let disputeKeys: string[] = [];

  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'tasks@example.test' });
    await server.cli('seed', '--transactions', '200', '--days', '20', '--seed', '5');
    await server.useAppPassword(MERCHANT.login);
    // The account is a test drive (so it can go live) and now settles in EUR, as the payments
    // provider would set it; the embedded database is free while no server runs.
    await server.withDatabase(async ({ db }) => {
      await sql`update accounts set is_test_drive = true, default_currency = 'eur'`.execute(db);
    });
    await server.start();
    for (let index = 0; index < DISPUTED_PAYMENTS; index++) {
      await server.api('POST', '/payment_intents', {
        amount: 1_000 * (index + 1),
        currency: 'usd',
        capture_method: 'automatic',
        payment_method_data: {
          type: 'card',
          card: { number: DISPUTE_CARD, exp_month: 12, exp_year: 2035, cvc: '123' },
        },
        order: {
          number: `88${index}`,
          customer: { name: 'Dana Dispute', email: 'dana@example.test' },
          billing_address: { country: 'US' },
        },
      });
    }
    const disputes = await server.api<{ data: { dispute_id: string }[] }>(
      'GET',
      '/reporting/disputes_awaiting_response',
    );
    disputeKeys = disputes.data.map((item) => `dispute-resolution-${item.dispute_id}`);
    expect(disputeKeys.length).toBeGreaterThanOrEqual(DISPUTED_PAYMENTS);
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('lists the tasks most urgent first, five before collapsing, completed last', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    await tasks(page).first().waitFor();
    // Disputes, going live and the completed business details.
    const total = disputeKeys.length + 2;
    expect(await tasks(page).count()).toBe(5);
    const toggle = page.getByTestId('task-list-toggle');
    expect(await toggle.textContent()).toBe(`Show ${total - 5} more tasks`);
    await toggle.click();
    expect(await tasks(page).count()).toBe(total);
    expect(await toggle.textContent()).toBe('Show fewer tasks');

    const rows = await tasks(page).evaluateAll((elements) =>
      elements.map((element) => ({
        key: element.getAttribute('data-task-key'),
        level: Number(element.getAttribute('data-level')),
        completed: element.getAttribute('data-completed') === 'true',
      })),
    );
    expect(rows.at(-1)).toEqual({ key: 'update-business-details', level: 3, completed: true });
    await page.getByTestId('task-list').screenshot({ path: screenshot('task-list') });
    const open = rows.filter((row) => !row.completed).map((row) => row.level);
    expect(open).toEqual([...open].sort((a, b) => a - b));
    expect(rows.map((row) => row.key)).toEqual(expect.arrayContaining(['go-live-payments', ...disputeKeys]));
    // A dispute task says what is at stake and links to its challenge page.
    const first = task(page, disputeKeys[0]!);
    expect(await first.getByTestId('task-title').textContent()).toMatch(
      /^Respond to a dispute for \$\d+\.00$/,
    );
    expect(await first.getByRole('link', { name: 'Respond now' }).getAttribute('href')).toContain(
      'path=/payments/disputes/challenge&id=dp_',
    );
    const allDisputes = page.getByTestId('task-list-disputes');
    expect(await allDisputes.textContent()).toBe(
      `See all ${disputeKeys.length} disputes awaiting a response`,
    );
    expect(await allDisputes.getAttribute('href')).toContain(
      'path=/payments/disputes&filter=awaiting_response',
    );
    await toggle.click();
    expect(await tasks(page).count()).toBe(5);
    await context.close();
  });

  it("asks before Go live leaves the sandbox, with the account card's modal", async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    await page.getByTestId('task-list-toggle').click();
    const goLive = task(page, 'go-live-payments');
    // An action that deletes the sandbox is a button that asks, never a plain link.
    expect(await goLive.getByRole('link', { name: 'Go live' }).count()).toBe(0);
    await goLive.getByRole('button', { name: 'Go live' }).click();
    const modal = page.getByTestId('live-activation-modal');
    await modal.waitFor();
    expect(await page.getByRole('dialog').getByText('Set up live payments on your store').count()).toBe(1);
    expect(await modal.textContent()).toContain(
      'Your sandbox account and its test payments, payouts and disputes will be deleted.',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/overview');
    const status = await server.api<{ testDrive: boolean }>('GET', '/accounts');
    expect(status.testDrive).toBe(true);

    // Confirming goes to the connect flow that leaves the sandbox; it is stopped there, so the
    // other tests keep their sandbox account.
    const leaving = new Promise<string>((resolve) => {
      void page.route('**/*wcpay-disable-onboarding-test-mode=true*', (route) => {
        resolve(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>stopped</p>' });
      });
    });
    await goLive.getByRole('button', { name: 'Go live' }).click();
    await page.getByTestId('live-activation-confirm').click();
    const url = new URL(await leaving);
    expect(url.searchParams.get('source')).toBe('wcpay-overview-task');
    await context.close();
  });

  it('dismisses a task with Undo, keeping the choice in the store options', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    await page.getByTestId('task-list-toggle').click();
    const goLive = task(page, 'go-live-payments');
    await goLive.waitFor();
    await goLive.getByTestId('task-dismiss').click();
    await notice(page, 'Task dismissed.').waitFor();
    await goLive.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await taskOptions()).woocommerce_dismissed_todo_tasks)
      .toEqual(['go-live-payments']);

    await notice(page, 'Task dismissed.').getByRole('button', { name: 'Undo' }).click();
    await goLive.waitFor();
    await expect.poll(async () => (await taskOptions()).woocommerce_dismissed_todo_tasks).toEqual([]);

    // Dismissed for good: it stays hidden after a reload.
    await goLive.getByTestId('task-dismiss').click();
    await goLive.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await taskOptions()).woocommerce_dismissed_todo_tasks)
      .toEqual(['go-live-payments']);
    await page.reload();
    await tasks(page).first().waitFor();
    await page.getByTestId('task-list-toggle').click();
    expect(await task(page, 'go-live-payments').count()).toBe(0);
    await context.close();
  });

  it('snoozes a task for one day and deletes a completed one', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    await page.getByTestId('task-list-toggle').click();
    const key = disputeKeys[1]!;
    const before = Date.now();
    await task(page, key).getByTestId('task-snooze').click();
    await notice(page, 'Task postponed until tomorrow.').waitFor();
    await task(page, key).waitFor({ state: 'detached' });
    await expect
      .poll(async () => Object.keys((await taskOptions()).woocommerce_remind_me_later_todo_tasks ?? {}))
      .toEqual([key]);
    const until = (await taskOptions()).woocommerce_remind_me_later_todo_tasks?.[key] ?? 0;
    expect(until - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(86_400_000);
    await page.reload();
    await tasks(page).first().waitFor();
    expect(await task(page, key).count()).toBe(0);

    // A completed task offers only Delete.
    const toggle = page.getByTestId('task-list-toggle');
    if (await toggle.isVisible()) await toggle.click();
    const completed = task(page, 'update-business-details');
    expect(await completed.getByTestId('task-dismiss').count()).toBe(0);
    await completed.getByTestId('task-delete').click();
    await notice(page, 'Task deleted.').waitFor();
    await completed.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await taskOptions()).woocommerce_deleted_todo_tasks)
      .toEqual(['update-business-details']);
    await context.close();
  });

  it('shows the payment activity with its chart, a period kept for the session and a currency selector', async () => {
    const { context, page } = await signedIn(use());
    await page.goto(overviewUrl());
    const widget = page.getByTestId('payment-activity');
    const chart = widget.getByTestId('payment-activity-chart');
    await chart.waitFor();
    // The default period: the last 7 days, one bar a day, in the default currency (EUR).
    expect(await widget.getByTestId('activity-period').inputValue()).toBe('last_7_days');
    expect(await chart.getAttribute('data-interval')).toBe('day');
    expect(await chart.getByTestId('chart-bar').count()).toBe(7);
    const currency = widget.getByTestId('activity-currency');
    expect(await currency.inputValue()).toBe('eur');
    expect(await currency.locator('option').allTextContents()).toEqual(['EUR', 'USD']);

    // Today: the disputed payments settled in EUR today.
    await widget.getByTestId('activity-period').selectOption('today');
    await expect.poll(() => chart.getAttribute('data-interval')).toBe('hour');
    expect(await page.evaluate(() => window.sessionStorage.getItem('wcpay_payment_activity_period'))).toBe(
      'today',
    );
    const today = presetRange('today', Date.now(), 'UTC', null);
    const eur = await server.api<Activity>(
      'GET',
      `/reporting/payment_activity?${new URLSearchParams({ ...today, timezone: 'UTC', currency: 'eur' })}`,
    );
    expect(eur.charges).toBeGreaterThan(0);
    await expect.poll(() => tile(page, 'charges').textContent()).toBe(formatCurrency(eur.charges, 'eur'));
    expect(await tile(page, 'total_payment_volume').textContent()).toBe(
      formatCurrency(eur.total_payment_volume, 'eur'),
    );
    const bars = await chart
      .getByTestId('chart-bar')
      .evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-value'))));
    expect(bars).toEqual(eur.series.map((point) => point.total_payment_volume));

    // The period survives a reload within the session.
    await page.reload();
    await chart.waitFor();
    expect(await widget.getByTestId('activity-period').inputValue()).toBe('today');

    // Another currency: the seeded USD history over the last 4 weeks.
    await widget.getByTestId('activity-period').selectOption('last_4_weeks');
    await currency.selectOption('usd');
    await expect.poll(() => new URL(page.url()).searchParams.get('selected_currency')).toBe('usd');
    const range = presetRange('last_4_weeks', Date.now(), 'UTC', null);
    const usd = await server.api<Activity>(
      'GET',
      `/reporting/payment_activity?${new URLSearchParams({ ...range, timezone: 'UTC', currency: 'usd' })}`,
    );
    expect(usd.charges).toBeGreaterThan(0);
    await expect.poll(() => tile(page, 'charges').textContent()).toBe(formatCurrency(usd.charges, 'usd'));
    expect(await chart.getByTestId('chart-bar').count()).toBe(28);
    const reportLink = page.getByTestId('activity-charges').getByTestId('activity-report-link');
    expect(await reportLink.getAttribute('href')).toContain(
      `date_between%5B0%5D=${range.date_start.slice(0, 10)}`,
    );

    await widget.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot('overview-tasks'), fullPage: true });
    await widget.screenshot({ path: screenshot('payment-activity') });

    // A new session starts again from the last 7 days.
    await context.close();
    const fresh = await signedIn(use());
    await fresh.page.goto(overviewUrl());
    await fresh.page.getByTestId('payment-activity-chart').waitFor();
    expect(await fresh.page.getByTestId('activity-period').inputValue()).toBe('last_7_days');
    await fresh.context.close();
  });

  it('shows each widget its own error with Retry when its reads fail, and recovers', async () => {
    const { context, page } = await signedIn(use());
    const failure = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal_error', message: 'Internal error', data: { status: 500 } }),
    };
    const accounts = /\/wp-json\/wc\/v3\/payments\/accounts(\?|$)/;
    const overview = /\/wp-json\/wc\/v3\/payments\/deposits\/overview-all/;
    await page.route(accounts, (route) => route.fulfill(failure));
    await page.route(overview, (route) => route.fulfill(failure));
    const started = Date.now();
    await page.goto(overviewUrl());

    const activity = page.getByTestId('payment-activity');
    await activity.getByTestId('activity-error').waitFor({ timeout: 15_000 });
    // Failed reads are retried twice before the error shows: a few seconds, never endless.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await activity.getByTestId('activity-error').textContent()).toBe(
      'Error retrieving payment activity data.Retry',
    );
    // Each card keeps its title and says what failed in it.
    const balance = page.getByTestId('balance-widget');
    await balance.getByTestId('balance-error').waitFor();
    expect(await balance.getByRole('heading', { name: 'Balance' }).count()).toBe(1);
    expect(await balance.getByTestId('balance-error').textContent()).toBe(
      "Error retrieving all payouts' overviews.Retry",
    );
    const payouts = page.getByTestId('payouts-widget');
    await payouts.getByTestId('payouts-error').waitFor();
    expect(await payouts.getByRole('heading', { name: 'Payouts' }).count()).toBe(1);
    expect(await payouts.getByTestId('payouts-error').textContent()).toBe('Error retrieving payouts.Retry');
    await page.screenshot({ path: screenshot('widget-errors'), fullPage: true });

    await page.unroute(accounts);
    await page.unroute(overview);
    await activity.getByRole('button', { name: 'Retry' }).click();
    await tile(page, 'charges').waitFor();
    expect(await activity.getByTestId('activity-error').count()).toBe(0);
    await balance.getByRole('button', { name: 'Retry' }).click();
    await balance.getByTestId('balance-available').waitFor();
    // The payouts card shares the overview read, so it recovered with the balance.
    await expect.poll(() => payouts.getByTestId('payouts-error').count()).toBe(0);
    await context.close();
  });
});
