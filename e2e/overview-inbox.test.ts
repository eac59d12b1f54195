import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { type Credentials, OwnServer, pageFetch } from './own-server.ts';

/**
 * The Overview's inbox and survey against a server of their own. A seeded sandbox history makes
 * the engine write its notes (first payment, first payout, disputes); one more note is written
 * straight into the database with hostile HTML, as a row the server's sanitiser never saw, to
 * check that the page sanitises too, with a few older ones so the inbox has more than a page.
 * Each survey path needs its own merchant, since a user answers the survey once.
 */

const ROOT = join(import.meta.dirname, '..');
const MERCHANTS = {
  inbox: { login: 'inbox-admin', password: 'inbox-admin-password' },
  happy: { login: 'survey-happy', password: 'survey-happy-password' },
  unhappy: { login: 'survey-unhappy', password: 'survey-unhappy-password' },
  dismiss: { login: 'survey-dismiss', password: 'survey-dismiss-password' },
};
const NOTES = '/wp-json/wc-analytics/admin/notes';
const INBOX_QUERY = '?status=unactioned&source=woocommerce-payments&per_page=100';
const HOSTILE_TITLE = 'Hostile note';
/** The inbox shows this many notes at first, and adds as many with each "Show more". */
const PAGE = 5;
/** Older notes written past the store, so the inbox holds several pages. */
const OLDER_NOTES = 8;

const server = new OwnServer('inbox', 'inbox-first-admin-password');

/** Writes a note past the notes store, so its content reaches the database unsanitised. */
async function writeRawNote(): Promise<void> {
  const database = join(ROOT, 'packages/server/src/db/database.ts');
  const script = `
    import { openDatabase } from ${JSON.stringify(database)};
    const handle = await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR });
    try {
      const account = await handle.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
      await handle.db.insertInto('notes').values({
        account_id: account.id,
        name: 'hostile-raw-row',
        title: ${JSON.stringify(HOSTILE_TITLE)},
        content: '<p>Raw <img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=2">link</a><script>window.__xss=3</script><b onmouseover="window.__xss=4">bold</b></p>',
        date_created: new Date('2000-01-01T00:00:00Z'),
      }).execute();
      for (let i = 1; i <= ${OLDER_NOTES}; i++) {
        await handle.db.insertInto('notes').values({
          account_id: account.id,
          name: 'older-update-' + i,
          type: 'update',
          title: 'Older update ' + i,
          content: '<p>Something that happened a while ago.</p>',
          date_created: new Date(Date.UTC(2001, 0, 10 - i)),
        }).execute();
      }
    } finally {
      await handle.close();
    }
  `;
  await server.node(['--input-type=module', '-e', script], 'writeRawNote');
}

interface ApiNote {
  id: number;
  name: string;
  title: string;
}

async function inboxNotes(): Promise<ApiNote[]> {
  const response = await fetch(`${server.origin}${NOTES}${INBOX_QUERY}`, {
    headers: { Authorization: server.basicAuth },
  });
  expect(response.status).toBe(200);
  expect(Number(response.headers.get('X-WP-Total'))).toBeGreaterThanOrEqual(0);
  return (await response.json()) as ApiNote[];
}

/** The titles the inbox shows at first: the newest page. */
const firstPageTitles = async () => (await inboxNotes()).slice(0, PAGE).map((note) => note.title);

/** A disputed payment made through the checkout API, as a store makes payments. */
async function disputedPayment(amount: number, orderNumber: string): Promise<void> {
  const payment = await fetch(`${server.origin}/wp-json/wc/v3/payments/payment_intents`, {
    method: 'POST',
    headers: {
      Authorization: server.basicAuth,
      'Content-Type': 'application/json',
      'Idempotency-Key': `inbox-dispute-${orderNumber}`,
    },
    body: JSON.stringify({
      amount,
      currency: 'usd',
      capture_method: 'automatic',
      payment_method_data: {
        type: 'card',
        card: { number: '4000000000000259', exp_month: 12, exp_year: 2035, cvc: '123' },
      },
      order: {
        number: orderNumber,
        customer: { name: 'Dee Sputer', email: 'dee@example.test' },
        billing_address: { country: 'US' },
      },
    }),
  });
  expect(payment.status, await payment.clone().text()).toBe(200);
}

const overviewUrl = () => server.adminUrl('/payments/overview');

async function signedIn(
  browser: Browser,
  merchant: Credentials,
): Promise<{ context: BrowserContext; page: Page }> {
  const page = await server.signedInPage(browser, {
    user: merchant,
    viewport: { width: 1280, height: 1400 },
  });
  return { context: page.context(), page };
}

/** A REST call from inside the signed-in page, with its session and nonce. */
const pageApi = async <T>(page: Page, path: string): Promise<T> => (await pageFetch<T>(page, path)).body;

const noteCards = (page: Page) => page.getByTestId('inbox-note');
const noteTitles = (page: Page) => page.getByTestId('inbox-note-title').allTextContents();
const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
/** The text of the element that has the focus. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describeInBrowser('the Overview inbox and survey', (use) => {
  beforeAll(async () => {
    for (const [key, merchant] of Object.entries(MERCHANTS)) {
      await server.cli(
        'user:create',
        '--login',
        merchant.login,
        '--email',
        `${key}@example.test`,
        '--role',
        'administrator',
        '--password',
        merchant.password,
      );
    }
    await server.cli('seed', '--transactions', '120', '--days', '30', '--seed', '5');
    await writeRawNote();
    await server.useAppPassword(MERCHANTS.inbox.login);
    await server.start();
    // Disputes opened now: one whose note the merchant follows, one the merchant accepts.
    await disputedPayment(4_200, '8801');
    await disputedPayment(5_100, '8802');
  });

  afterAll(async () => {
    await server.dispose();
  });

  it('shows the newest notes a page at a time, sanitised, and marks the unread ones until the next visit', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.inbox);
    await page.goto(overviewUrl());
    await noteCards(page).first().waitFor();
    const api = await inboxNotes();
    expect(api.map((note) => note.name)).toContain('wcpay-first-payment');
    expect(api.map((note) => note.name)).toContain('wcpay-first-payout');
    expect(api.at(-1)!.title).toBe(HOSTILE_TITLE);
    expect(api.length).toBeGreaterThan(2 * PAGE);
    // The newest page only, then "Show more" from the keyboard adds the next page and takes the
    // focus to the first note it added.
    expect(await noteTitles(page)).toEqual(api.slice(0, PAGE).map((note) => note.title));
    const more = page.getByTestId('inbox-show-more');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => noteCards(page).count()).toBe(2 * PAGE);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-note-name')))
      .toBe(api[PAGE]!.name);
    await expectAccessible(page, 'the inbox after Show more', { include: ['[data-testid=inbox]'] });
    while ((await noteCards(page).count()) < api.length) {
      const shown = await noteCards(page).count();
      await more.click();
      await expect.poll(() => noteCards(page).count()).toBeGreaterThan(shown);
    }
    expect(await noteTitles(page)).toEqual(api.map((note) => note.title));
    // Everything is shown: nothing more to ask for.
    expect(await more.count()).toBe(0);
    // Nothing was read before this visit.
    expect(await page.getByTestId('inbox-note-unread').count()).toBe(api.length);

    const hostile = noteCards(page).filter({ hasText: HOSTILE_TITLE }).getByTestId('inbox-note-content');
    expect(await hostile.innerHTML()).toBe('<p>Raw <a>link</a><b>bold</b></p>');
    await hostile.getByText('bold').hover();
    await hostile.getByText('link').click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await expect
      .poll(
        async () =>
          (
            await pageApi<{ activity_panel_inbox_last_read?: number }>(
              page,
              '/wp-json/wc-admin/users/me/preferences',
            )
          ).activity_panel_inbox_last_read,
      )
      .toBeGreaterThan(0);
    await page.getByTestId('inbox').screenshot({ path: 'test-results/overview-inbox-unread.png' });
    await page.reload();
    await noteCards(page).first().waitFor();
    expect(await noteCards(page).count()).toBe(PAGE);
    expect(await page.getByTestId('inbox-note-unread').count()).toBe(0);
    await page.getByTestId('inbox').screenshot({ path: 'test-results/overview-inbox.png' });
    await context.close();
  });

  it('dismisses a note after confirming in a modal, and Undo brings it back', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.inbox);
    await page.goto(overviewUrl());
    await noteCards(page).first().waitFor();
    const before = await noteTitles(page);
    const first = noteCards(page).first();

    const dismiss = first.getByTestId('inbox-note-dismiss');
    await dismiss.click();
    const modal = page.getByRole('dialog', { name: 'Are you sure?' });
    await modal.waitFor();
    // It starts on Cancel, and gives the focus back to Dismiss when cancelled.
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await expectAccessible(page, 'the inbox dismissal confirmation', { include: ['[role=dialog]'] });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => dismiss.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await noteTitles(page)).toEqual(before);
    expect(await firstPageTitles()).toEqual(before);
    const next = (await inboxNotes())[PAGE]!.title;

    await first.getByTestId('inbox-note-dismiss').click();
    await modal.getByRole('button', { name: "Yes, I'm sure" }).click();
    await notice(page, 'Message dismissed').waitFor();
    // Its Dismiss is going with the note: the note after it takes the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-note-name')))
      .toBe((await inboxNotes())[0]!.name);
    // The page closes up: the note after it moves into view.
    await expect.poll(() => noteTitles(page)).toEqual([...before.slice(1), next]);
    expect(await firstPageTitles()).toEqual([...before.slice(1), next]);
    await page.screenshot({ path: 'test-results/overview-inbox-dismissed.png', fullPage: true });

    await notice(page, 'Message dismissed').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => noteTitles(page)).toEqual(before);
    expect(await firstPageTitles()).toEqual(before);

    // Dismissing all of them, and undoing that.
    await page.getByTestId('inbox-dismiss-all').click();
    await modal.getByRole('button', { name: "Yes, I'm sure" }).click();
    await notice(page, 'All messages dismissed').waitFor();
    await page.getByTestId('inbox-empty').waitFor();
    await expect.poll(() => focusedName(page)).toBe('Inbox');
    expect(await inboxNotes()).toEqual([]);
    await notice(page, 'All messages dismissed').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => noteTitles(page)).toEqual(before);
    await context.close();
  });

  it("follows a note's action to its page, and the note leaves the inbox", async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.inbox);
    await page.goto(overviewUrl());
    const dispute = noteCards(page)
      .filter({ hasText: 'A payment was disputed' })
      .filter({ hasText: '$42.00' });
    await dispute.waitFor();
    expect(await dispute.getByTestId('inbox-note-content').textContent()).toContain('$42.00');
    await dispute.getByRole('button', { name: 'Respond now' }).click();
    // The dispute's challenge page, where the evidence is entered.
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/disputes/challenge');
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^dp_/);
    await page.getByTestId('dispute-info').waitFor();
    expect((await inboxNotes()).map((note) => note.name)).not.toContain(
      `wcpay-dispute-${new URL(page.url()).searchParams.get('id')}`,
    );
    await context.close();
  });

  it("takes a dispute's note out of the inbox once the merchant accepts the dispute elsewhere", async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.inbox);
    await page.goto(overviewUrl());
    const dispute = noteCards(page).filter({ hasText: '$51.00' });
    await dispute.waitFor();
    const name = (await dispute.getAttribute('data-note-name'))!;
    const disputeId = name.replace('wcpay-dispute-', '');
    // The merchant answers the dispute from its own page, not from the note.
    await page.goto(server.adminUrl('/payments/disputes/challenge', { id: disputeId }));
    await page.getByRole('button', { name: 'Accept dispute' }).click();
    await page
      .getByRole('dialog', { name: 'Accept dispute' })
      .getByRole('button', { name: 'Accept dispute' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('path') === '/payments/disputes');
    expect((await inboxNotes()).map((note) => note.name)).not.toContain(name);
    await page.goto(overviewUrl());
    await noteCards(page).first().waitFor();
    expect(await noteCards(page).filter({ hasText: '$51.00' }).count()).toBe(0);
    expect(await noteTitles(page)).toEqual(await firstPageTitles());
    await context.close();
  });

  it('says when the inbox cannot be read, and Reload reads it again', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.inbox);
    // The connection to the inbox drops (its retries too) until the merchant reloads it.
    let failing = true;
    await page.route(
      (url) => url.pathname === NOTES,
      async (route) => {
        if (failing) await route.abort('connectionreset');
        else await route.continue();
      },
    );
    await page.goto(overviewUrl());
    const error = page.getByTestId('inbox-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('There was an error getting your inbox. Please try again.');
    failing = false;
    await error.getByRole('button', { name: 'Reload' }).click();
    await noteCards(page).first().waitFor();
    expect(await noteTitles(page)).toEqual(await firstPageTitles());
    await context.close();
  });

  it('sends a happy rating at once and thanks the merchant', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.happy);
    await page.goto(overviewUrl());
    const survey = page.getByTestId('survey');
    await survey.waitFor();
    await survey.getByRole('radio', { name: 'Happy', exact: true }).click();
    await page.getByTestId('survey-thanks').waitFor();
    expect(await page.getByTestId('survey-comments').count()).toBe(0);
    expect(await pageApi(page, '/wp-json/wc/v3/payments/survey/payments-overview')).toEqual({
      status: 'answered',
    });
    await survey.screenshot({ path: 'test-results/overview-survey-thanks.png' });
    await survey.getByRole('button', { name: 'Close' }).click();
    await survey.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('inbox').waitFor();
    expect(await page.getByTestId('survey').count()).toBe(0);
    await context.close();
  });

  it('asks a lower rating for a comment, with Cancel and Send', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.unhappy);
    await page.goto(overviewUrl());
    const survey = page.getByTestId('survey');
    await survey.waitFor();
    await survey.getByRole('radio', { name: 'Unhappy', exact: true }).click();
    const comments = page.getByTestId('survey-comments');
    await comments.waitFor();
    await survey.screenshot({ path: 'test-results/overview-survey-comment.png' });
    await survey.getByRole('button', { name: 'Cancel' }).click();
    await comments.waitFor({ state: 'detached' });
    expect(await pageApi(page, '/wp-json/wc/v3/payments/survey/payments-overview')).toEqual({
      status: 'open',
    });

    await survey.getByRole('radio', { name: 'Neutral' }).click();
    await comments.fill('Payouts could arrive sooner.');
    await survey.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('survey-thanks').waitFor();
    expect(await pageApi(page, '/wp-json/wc/v3/payments/survey/payments-overview')).toEqual({
      status: 'answered',
    });
    await context.close();
  });

  it('records a dismissed survey, which then stays away', async () => {
    const { context, page } = await signedIn(use(), MERCHANTS.dismiss);
    await page.goto(overviewUrl());
    const survey = page.getByTestId('survey');
    await survey.waitFor();
    await survey.getByRole('button', { name: 'Dismiss survey' }).click();
    await survey.waitFor({ state: 'detached' });
    expect(await pageApi(page, '/wp-json/wc/v3/payments/survey/payments-overview')).toEqual({
      status: 'dismissed',
    });
    await page.reload();
    await page.getByTestId('inbox').waitFor();
    expect(await page.getByTestId('survey').count()).toBe(0);
    await context.close();
  });
});
