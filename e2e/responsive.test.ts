import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { multiCurrencySettingsUrl, paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer, pageFetch } from './own-server.ts';

/**
 * Every page at the widths merchants use, from a desktop down to a small phone (docs/layout.md):
 * each is opened at each width on a seeded sandbox store, photographed into test-results/responsive,
 * and measured in the page. Nothing may run past its card or section, no text may spill out of
 * the box it is laid out in (figures overlapping their neighbours, labels clipped by their
 * button or chip), and the document may never scroll sideways. A wide table may scroll inside
 * its own container, which must then take the keyboard focus and have a name.
 */

const ROOT = join(import.meta.dirname, '..');
const SHOTS = join(ROOT, 'test-results/responsive');
const WIDTHS = [1280, 1024, 768, 480, 320] as const;
const HEIGHT = 900;
const MERCHANT = { login: 'rs-admin', password: 'rs-admin-password', firstName: 'Robin' };

const server = new OwnServer('responsive', 'rs-first-admin-password');

const PAUSED =
  'Payouts are paused until your business details are verified. Payments are still accepted and your balance is kept until then.';

/** What the in-page measurement found wrong, one sentence each. */
type Problems = string[];

/**
 * Runs in the page: the boxes that break the layout. A "container" is a card, an alert, a
 * section or the main region; text and controls must stay inside the nearest one, and text inside
 * the block it is laid out in. Content inside a horizontal scroll container is measured against
 * that container instead, which must be focusable and named when it does scroll.
 */
function measureLayout(): Problems {
  const problems: string[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    problems.push(`the document scrolls sideways: ${doc.scrollWidth}px wide in ${doc.clientWidth}px`);
  }
  const CONTAINERS =
    '.mantine-Card-root, .mantine-Paper-root, .mantine-Alert-root, section, main, [role="dialog"]';
  const name = (element: Element): string => {
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${testId ? ` in [${testId}]` : ''} "${text}"`;
  };
  const hiddenFromView = (element: Element): boolean => {
    // The menu beside a narrow page is off-screen and inert until it is opened.
    if (element.closest('[inert]')) return true;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      // Visually hidden text for screen readers: a 1px clipped box.
      if (style.position === 'absolute' && node.getBoundingClientRect().width <= 1) return true;
      if (style.clip !== 'auto' && style.clip !== '') return true;
    }
    return false;
  };
  const scrollerOf = (element: Element): HTMLElement | null => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return node;
    }
    return null;
  };
  const blockOf = (element: Element): Element => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const display = getComputedStyle(node).display;
      if (display !== 'inline' && display !== 'contents') return node;
    }
    return document.body;
  };
  const reported = new Set<string>();
  const report = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    problems.push(message);
  };
  const checkedScrollers = new Set<HTMLElement>();
  const check = (subject: Element, rect: DOMRect, what: 'text' | 'box') => {
    if (rect.width < 1 || rect.height < 1) return;
    const scroller = scrollerOf(subject);
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
      if (!checkedScrollers.has(scroller)) {
        checkedScrollers.add(scroller);
        const named = scroller.getAttribute('aria-label') || scroller.getAttribute('aria-labelledby');
        if (scroller.tabIndex < 0 || !named) {
          report(`${name(scroller)} scrolls sideways but cannot take the focus or has no name`);
        }
      }
      return;
    }
    const container = subject.parentElement?.closest(CONTAINERS);
    const bounds = container ? container.getBoundingClientRect() : new DOMRect(0, 0, doc.clientWidth, 0);
    if (rect.left < bounds.left - 1 || rect.right > bounds.right + 1) {
      report(
        `${name(subject)} (${Math.round(rect.left)}–${Math.round(rect.right)}) runs past ${
          container ? name(container).slice(0, 60) : 'the window'
        } (${Math.round(bounds.left)}–${Math.round(bounds.right)})`,
      );
    }
    if (what === 'text') {
      const block = blockOf(subject).getBoundingClientRect();
      if (rect.left < block.left - 1 || rect.right > block.right + 1) {
        report(
          `text of ${name(subject)} spills out of its box by ${Math.round(
            Math.max(block.left - rect.left, rect.right - block.right),
          )}px`,
        );
      }
    }
  };
  const root = document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim()) continue;
    if (parent.closest('script, style, title, svg, .paydesk-skip-link')) continue;
    if (hiddenFromView(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) check(parent, rect, 'text');
  }
  for (const element of root.querySelectorAll('button, input, select, textarea, a, svg, img, table')) {
    if (hiddenFromView(element)) continue;
    check(element, element.getBoundingClientRect(), 'box');
  }
  return problems;
}

/**
 * Waits until the page has settled: its data read, lazy parts loaded, skeletons and spinners
 * gone. Answers whether they went; one still spinning is a fault of its own.
 */
async function settle(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  const settled = await page
    .waitForFunction(
      () => document.querySelectorAll('.mantine-Skeleton-root, .mantine-Loader-root').length === 0,
      undefined,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  // Transitions (a chart fading in, a collapse opening) end before the page is measured.
  await page.waitForTimeout(250);
  return settled;
}

/**
 * Opens `url` at every width; answers the problems found, each prefixed with its width, and any
 * file of the page the server did not find (the site icon was one).
 */
async function visitAtEveryWidth(page: Page, name: string, url: string): Promise<Problems> {
  const problems: Problems = [];
  const missing = (response: Response) => {
    if (response.status() === 404) problems.push(`${name}: ${response.url()} answers 404`);
  };
  page.on('response', missing);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    // The page is opened at the widest width and again at the narrowest, as a phone opens it; in
    // between it is resized, as a window is, and must lay itself out again without a reload.
    if (width === WIDTHS[0] || width === WIDTHS[WIDTHS.length - 1]) {
      await page.goto(url);
      if (!(await settle(page))) problems.push(`${name} at ${width}px: still loading after 10 s`);
    } else {
      await page.waitForTimeout(250);
    }
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    for (const problem of await page.evaluate(measureLayout)) {
      problems.push(`${name} at ${width}px: ${problem}`);
    }
  }
  // The icon the page links to is there (browsers ask for one on every page).
  const icons = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  if (icons.length === 0) problems.push(`${name}: links no site icon`);
  for (const icon of icons) {
    const answer = await page.request.get(icon);
    if (answer.status() !== 200) problems.push(`${name}: its icon ${icon} answers ${answer.status()}`);
  }
  page.off('response', missing);
  return problems;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: HEIGHT } });
  return context.newPage();
}

describeInBrowser('every page at every width', (use) => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    console.log(`responsive screenshots: ${SHOTS}`);
    // First a store that has not connected yet, for the sign-in and connect pages.
    await server.start();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('the sign-in page and the connect page', async () => {
    const page = await newPage(use());
    const problems = await visitAtEveryWidth(page, 'sign-in', `${server.origin}/wp-login.php`);
    await server.signIn(page);
    problems.push(...(await visitAtEveryWidth(page, 'connect', server.adminUrl('/payments/connect'))));
    // The icon itself, as a browser shows it.
    await page.setViewportSize({ width: 320, height: 200 });
    await page.goto(`${server.origin}/favicon.ico`);
    await page.screenshot({ path: join(SHOTS, 'favicon.png') });
    await page.context().close();
    expect(problems).toEqual([]);
  }, 180_000);

  it('an unverified account: payouts paused until the verification, never "sent automatically"', async () => {
    const page = await newPage(use());
    await server.signIn(page);
    // The business starts its verification and leaves before submitting any details.
    const started = await pageFetch(
      page,
      `/wp-json/wc/v3/payments/onboarding/kyc/session?${new URLSearchParams({
        self_assessment: JSON.stringify({
          country: 'US',
          business_type: 'individual',
          mcc: 'software',
          annual_revenue: 'less_than_250k',
          go_live_timeframe: 'within_1month',
        }),
        progressive: 'false',
      }).toString()}`,
    );
    expect(started.status).toBe(200);
    const problems = await visitAtEveryWidth(
      page,
      'overview-unverified',
      server.adminUrl('/payments/overview'),
    );
    const widget = page.getByTestId('payouts-widget');
    await widget.waitFor();
    await expect.poll(() => widget.getByTestId('payout-notice').allTextContents()).toEqual([PAUSED]);
    expect(await widget.getByText(/sent automatically/).count()).toBe(0);
    expect(await widget.getByTestId('payout-schedule').count()).toBe(0);
    // Nothing can be paid out yet, so no instant payout is offered: no "Pay out $0.00 now".
    await page.getByTestId('balance-available').waitFor();
    expect(await page.getByTestId('balance-instant').count()).toBe(0);
    expect(await page.getByText(/Pay out .* now/).count()).toBe(0);
    // The payouts page says the same, in the same words.
    await page.goto(server.adminUrl('/payments/payouts'));
    await expect.poll(() => page.getByTestId('payout-notice').allTextContents()).toEqual([PAUSED]);
    await page.context().close();
    expect(problems).toEqual([]);
  }, 180_000);

  describe('on a seeded sandbox store', () => {
    const ids = { payment: '', payout: '', dispute: '' };
    let page: Page;

    beforeAll(async () => {
      // A store of its own: the one above was never connected, then left unverified.
      await server.dispose();
      await server.createAdministrator({ ...MERCHANT, email: 'rs@example.test' });
      await server.cli('seed', '--transactions', '150', '--days', '20', '--seed', '7');
      await server.useAppPassword(MERCHANT.login);
      await server.start();
      const paid = await server.api<{ id: string }>(
        'POST',
        '/payment_intents',
        cardCheckout('4242424242424242', 12_345, 'Wendy Wideman', 'RS'),
      );
      ids.payment = paid.id;
      const disputed = await server.api<{ id: string }>(
        'POST',
        '/payment_intents',
        cardCheckout('4000000000002685', 2_345, 'Dana Disputer', 'RS'),
      );
      expect(disputed.id).toMatch(/^pi_/);
      const disputes = await server.api<{ data: { dispute_id: string; amount: number; status: string }[] }>(
        'GET',
        '/disputes?pagesize=100',
      );
      ids.dispute = disputes.data.find(
        (row) => row.amount === 2_345 && row.status === 'needs_response',
      )!.dispute_id;
      const payouts = await server.api<{ data: { id: string }[] }>('GET', '/deposits?pagesize=1');
      ids.payout = payouts.data[0]!.id;
      page = await newPage(use());
      await server.signIn(page, MERCHANT);
    }, 300_000);

    afterAll(async () => {
      await page?.context().close();
    });

    const pages: [string, () => string][] = [
      ['overview', () => server.adminUrl('/payments/overview')],
      ['transactions', () => server.adminUrl('/payments/transactions')],
      [
        'transactions-uncaptured',
        () => server.adminUrl('/payments/transactions', { tab: 'uncaptured-page' }),
      ],
      ['transactions-blocked', () => server.adminUrl('/payments/transactions', { tab: 'blocked-page' })],
      ['payment-detail', () => server.adminUrl('/payments/transactions/details', { id: ids.payment })],
      ['payouts', () => server.adminUrl('/payments/payouts')],
      ['payout-detail', () => server.adminUrl('/payments/payouts/details', { id: ids.payout })],
      ['disputes', () => server.adminUrl('/payments/disputes')],
      ['dispute-detail', () => server.adminUrl('/payments/disputes/details', { id: ids.dispute })],
      ['dispute-challenge', () => server.adminUrl('/payments/disputes/challenge', { id: ids.dispute })],
      ['loans', () => server.adminUrl('/payments/loans')],
      ['card-readers', () => server.adminUrl('/payments/card-readers')],
      ['documents', () => server.adminUrl('/payments/documents')],
      ['settings', () => `${server.origin}${paymentsSettingsUrl()}`],
      ['fraud-protection', () => server.adminUrl('/payments/fraud-protection')],
      ['multi-currency-settings', () => `${server.origin}${multiCurrencySettingsUrl()}`],
    ];

    it('the payment activity chart: an amount axis in the currency, each bar told on hover and focus', async () => {
      await page.setViewportSize({ width: 1280, height: HEIGHT });
      await page.goto(server.adminUrl('/payments/overview', { selected_currency: 'usd' }));
      const chart = page.getByTestId('payment-activity-chart');
      await chart.waitFor();
      const ticks = await chart.getByTestId('chart-tick').allTextContents();
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      for (const tick of ticks) expect(tick).toMatch(/^-?\$[\d,]+\.\d\d$/);
      const values = await chart
        .getByTestId('chart-bar')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-value'))));
      const highest = Math.max(...values);
      const tickValues = await chart
        .getByTestId('chart-tick')
        .evaluateAll((spans) => spans.map((span) => Number(span.getAttribute('data-value'))));
      expect(tickValues).toContain(0);
      expect(Math.max(...tickValues)).toBeGreaterThanOrEqual(highest);

      // Hover: the tooltip names the bar's day and amount.
      const plot = chart.getByTestId('chart-plot');
      await chart.scrollIntoViewIfNeeded();
      const box = (await plot.boundingBox())!;
      const index = values.indexOf(highest);
      await page.mouse.move(box.x + ((index + 0.5) / values.length) * box.width, box.y + box.height - 5);
      const tooltip = chart.getByTestId('chart-tooltip');
      await tooltip.waitFor();
      const amount = `$${(highest / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(await tooltip.textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}: /);
      expect((await tooltip.textContent())!.endsWith(`: ${amount}`)).toBe(true);
      // A picture of the page as it is (an element's screenshot would scroll it from under the mouse).
      const area = (await chart.boundingBox())!;
      await page.screenshot({ path: join(SHOTS, 'chart-hover.png'), clip: area });
      await expectAccessible(page, 'the Overview with the chart tooltip open on hover');
      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'detached' });

      // Keyboard: the chart takes the focus, the arrows move along the bars, Escape hides the tooltip.
      await plot.focus();
      await tooltip.waitFor();
      const lastText = await tooltip.textContent();
      expect(await plot.getAttribute('aria-valuetext')).toBe(lastText);
      await page.keyboard.press('Home');
      expect(await plot.getAttribute('aria-valuenow')).toBe('0');
      expect(await tooltip.textContent()).not.toBe(lastText);
      await page.keyboard.press('ArrowRight');
      expect(await plot.getAttribute('aria-valuenow')).toBe('1');
      expect(await plot.getAttribute('aria-valuetext')).toBe(await tooltip.textContent());
      await chart.screenshot({ path: join(SHOTS, 'chart-focus.png') });
      await page.keyboard.press('Escape');
      await tooltip.waitFor({ state: 'detached' });

      // The instant payout is offered only with something to pay out now.
      const overview = await server.api<{ balance: { instant: { amount: number; currency: string }[] } }>(
        'GET',
        '/deposits/overview-all',
      );
      const instant = overview.balance.instant.find((b) => b.currency === 'usd')?.amount ?? 0;
      await page.getByTestId('balance-available').waitFor();
      expect(await page.getByTestId('balance-instant').count()).toBe(instant > 0 ? 1 : 0);
      expect(await page.getByText('Pay out $0.00 now').count()).toBe(0);
    });

    for (const [name, url] of pages) {
      it(name, async () => {
        const problems = await visitAtEveryWidth(page, name, url());
        // The page really opened (not a not-found or an error in its place).
        expect(await page.getByText('Page not found').count()).toBe(0);
        expect(problems).toEqual([]);
      }, 120_000);
    }
  });
});
