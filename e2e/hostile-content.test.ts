import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  NUL_SPLIT_PAYLOADS,
  XSS_FLAG,
  XSS_PAYLOADS,
} from '../packages/server/src/testing/hostile-content.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer } from './own-server.ts';

/**
 * Hostile content (docs/reliability.md): the XSS corpus is sent through the public API as what
 * customers and the store type — customer names, billing address fields, order numbers, dispute
 * evidence and its metadata — and the pages that show them are opened in Chromium: the
 * transactions list, a payment's details, the disputes list and the dispute challenge form. On
 * each: no dialog opens, no payload's script runs (the window flag it would set stays unset), no
 * element or attribute of a payload is in the DOM, and every payload reads as the text it is.
 * The inbox's HTML notes are tried in overview-inbox.test.ts.
 */

const MERCHANT = { login: 'hc-admin', password: 'hc-admin-password' };
const server = new OwnServer('hostile-content', 'hc-first-admin-password');
const DISPUTE_CARD = '4000000000000259';

interface Intent {
  id: string;
  order: { number: string };
}

/** What payload the page would carry out had it taken text for markup, read from the DOM. */
function injected(page: Page, flag: string) {
  return page.evaluate((flag) => {
    const found: string[] = [];
    if ((window as unknown as Record<string, unknown>)[flag] !== undefined)
      found.push(`window.${flag} = ${String((window as unknown as Record<string, unknown>)[flag])}`);
    // Text is safe anywhere a browser reads it as text: element content, input values, labels.
    const ACTIVE = /^(?:on|href$|src$|srcdoc$|data$|action$|formaction$|style$|xlink:href$)/i;
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (ACTIVE.test(attribute.name) && attribute.value.includes(flag))
          found.push(`<${element.localName} ${attribute.name}="${attribute.value}">`);
      }
      if (['script', 'style', 'iframe', 'object', 'embed'].includes(element.localName)) {
        if ((element.textContent ?? '').includes(flag) || element.outerHTML.includes(flag))
          found.push(element.outerHTML.slice(0, 200));
      }
    }
    return found;
  }, flag);
}

/** The page's text and the values of its fields, as the merchant reads them. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')].map(
      (field) => (field as HTMLInputElement).value,
    );
    return `${document.body.textContent}\n${values.join('\n')}`;
  });
}

describeInBrowser('hostile content on the admin pages', (use) => {
  let page: Page;
  const dialogs: string[] = [];
  const intents: Intent[] = [];
  let disputeId = '';

  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    await server.cli('seed', '--transactions', '1', '--days', '1', '--seed', '7');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    // Each payload is a customer's name, an order number and billing address lines.
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const body = cardCheckout(index === 0 ? DISPUTE_CARD : '4242424242424242', 1_000 + index, 'X', 'HC');
      intents.push(
        await server.api<Intent>('POST', '/payment_intents', {
          ...body,
          order: {
            ...body.order,
            number: payload,
            customer: { name: payload, email: `hostile${index}@example.test` },
            billing_address: { country: 'US', line1: payload, line2: payload, city: payload, state: payload },
          },
        }),
      );
    }
    const disputes = await server.api<{ data: { dispute_id: string }[] }>('GET', '/disputes?pagesize=100');
    disputeId = disputes.data[0]!.dispute_id;
    const evidence = Object.fromEntries(
      [
        'product_description',
        'customer_name',
        'billing_address',
        'refund_policy_disclosure',
        'uncategorized_text',
      ].map((key, index) => [key, XSS_PAYLOADS.slice(index * 4, index * 4 + 4).join('\n')]),
    );
    await server.api('POST', `/disputes/${disputeId}`, {
      evidence,
      metadata: { __product_type: 'physical_product', note: XSS_PAYLOADS[1]! },
    });
    page = await server.signedInPage(use(), { user: MERCHANT });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 300_000);
  afterAll(async () => {
    await server.dispose();
  });

  /** Opens a page, waits for `ready` to show, and checks that nothing ran and the text is text. */
  async function expectInert(url: string, ready: string, texts: readonly string[]) {
    await page.goto(url);
    await expect.poll(async () => (await shownText(page)).includes(ready), { timeout: 20_000 }).toBe(true);
    expect(await injected(page, XSS_FLAG)).toEqual([]);
    expect(dialogs).toEqual([]);
    const shown = await shownText(page);
    expect(texts.filter((text) => !shown.includes(text))).toEqual([]);
  }

  it('refuses a NUL-split tag at the API, so no page ever gets one', async () => {
    for (const payload of NUL_SPLIT_PAYLOADS) {
      const body = cardCheckout('4242424242424242', 1_000, 'X', 'HC');
      const response = await fetch(`${server.origin}/wp-json/wc/v3/payments/payment_intents`, {
        method: 'POST',
        headers: { Authorization: server.basicAuth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...body,
          order: { ...body.order, customer: { name: payload, email: 'a@example.test' } },
        }),
      });
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('shows names and order numbers in the transactions list as text', async () => {
    await expectInert(server.adminUrl('/payments/transactions'), XSS_PAYLOADS[0]!, XSS_PAYLOADS);
  });

  it("shows a payment's customer, address and order as text", async () => {
    for (const [index, intent] of intents.entries()) {
      if (index % 5 !== 1) continue;
      const payload = XSS_PAYLOADS[index]!;
      await expectInert(server.adminUrl('/payments/transactions/details', { id: intent.id }), payload, [
        payload,
      ]);
    }
  });

  it('writes query text into the server-written pages as text: sign-in, store preview, an unknown page', async () => {
    // The sign-in form as a visitor without a session sees it; the rest signed in.
    const visitor = await use().newPage();
    visitor.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      for (const [index, payload] of XSS_PAYLOADS.entries()) {
        const query = encodeURIComponent(payload);
        await visitor.goto(`${server.origin}/wp-login.php?redirect_to=${query}&action=${query}`);
        expect(await injected(visitor, XSS_FLAG), payload).toEqual([]);
        await page.goto(`${server.origin}/store/?currency=${query}&country=${query}`);
        expect(await injected(page, XSS_FLAG), payload).toEqual([]);
        // The admin app names an unknown page; a few of them are enough.
        if (index % 5 === 0) {
          await page.goto(server.adminUrl(`/payments/${payload}`, { id: payload }));
          await page.getByTestId('not-found').waitFor();
          expect(await injected(page, XSS_FLAG), payload).toEqual([]);
          expect(await shownText(page)).toContain(`/payments/${payload}`);
        }
      }
    } finally {
      await visitor.close();
    }
    expect(dialogs).toEqual([]);
  });

  it('shows the disputes list and the evidence form as text', async () => {
    await expectInert(server.adminUrl('/payments/disputes'), XSS_PAYLOADS[0]!, [XSS_PAYLOADS[0]!]);
    await expectInert(
      server.adminUrl('/payments/disputes/challenge', { id: disputeId }),
      XSS_PAYLOADS[0]!,
      XSS_PAYLOADS,
    );
  });

  it("would see a payload in the DOM, which the page's policy would still keep from running", async () => {
    await page.goto(server.adminUrl('/payments/transactions'));
    await expect.poll(async () => (await shownText(page)).includes(XSS_PAYLOADS[0]!)).toBe(true);
    // Written as HTML, as a page that trusted the text would: the element is caught in the DOM,
    // and the Content-Security-Policy refuses its inline handler once the image fails to load.
    await page.evaluate((html) => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(event.effectiveDirective),
      );
      document.body.insertAdjacentHTML('beforeend', html);
    }, XSS_PAYLOADS[1]!);
    const violations = () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    await expect.poll(async () => (await violations()).some((d) => d.startsWith('script-src'))).toBe(true);
    const found = await injected(page, XSS_FLAG);
    expect(found.some((line) => line.startsWith('<img onerror='))).toBe(true);
    expect(found.filter((line) => line.startsWith('window.'))).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
