import { PRODUCT_TYPES } from '@paydesk/domain/disputes/evidence-limits';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from '../packages/server/src/testing/pdf.ts';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { cardCheckout } from './checkout.ts';
import { OwnServer } from './own-server.ts';

/**
 * The dispute challenge page against a server of its own: a dispute opened by the sandbox's
 * dispute card is answered from the disputes list (evidence typed and uploaded, saved, read back,
 * submitted), then shown read-only; another dispute is accepted.
 */

const MERCHANT = { login: 'dc-admin', password: 'dc-admin-password', email: 'dc@example.test' };
const server = new OwnServer('dispute-challenge', 'dc-first-admin-password');

interface Row {
  dispute_id: string;
  amount: number;
  status: string;
  order_number: string | null;
}

const checkoutBody = (number: string, amount: number, name: string) =>
  cardCheckout(number, amount, name, 'DC');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A 1×1 PNG, so the preview has an image to show.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DESCRIPTION = 'A pair of walking boots, shipped by courier the day after the order.';

const notice = (page: Page, text: string) => page.getByTestId('notice').filter({ hasText: text });
const challengeUrl = (id: string) => server.adminUrl('/payments/disputes/challenge', { id });
const atPath = (page: Page, path: string) => page.waitForURL((url) => url.searchParams.get('path') === path);

describeInBrowser('the dispute challenge page', (use) => {
  let page: Page;
  let answered: Row;
  let accepted: Row;

  beforeAll(async () => {
    await server.createAdministrator(MERCHANT);
    await server.cli('seed', '--transactions', '3', '--days', '1', '--seed', '5');
    await server.useAppPassword(MERCHANT.login);
    await server.start();
    await server.api('POST', '/payment_intents', checkoutBody('4000000000002685', 2_345, 'Grace Hopper'));
    await server.api('POST', '/payment_intents', checkoutBody('4000000000000259', 6_789, 'Ada Byron'));
    const rows = (await server.api<{ data: Row[] }>('GET', '/disputes?pagesize=100')).data;
    answered = rows.find((row) => row.amount === 2_345)!;
    accepted = rows.find((row) => row.amount === 6_789)!;
    page = await server.signedInPage(use(), { user: MERCHANT, viewport: { width: 1400, height: 900 } });
  }, 300_000);
  afterAll(async () => {
    await server.dispose();
  });

  it('opens from the Respond button of the disputes list, with the dispute and its guidance', async () => {
    expect(answered.status).toBe('needs_response');
    await page.goto(server.adminUrl('/payments/disputes', { filter: 'awaiting_response' }));
    await page.getByRole('link', { name: 'Respond to the dispute of $23.45' }).click();
    await atPath(page, '/payments/disputes/challenge');
    expect(new URL(page.url()).searchParams.get('id')).toBe(answered.dispute_id);
    const info = page.getByTestId('dispute-info');
    await info.waitFor();
    expect(await info.textContent()).toContain('$23.45');
    expect(await info.textContent()).toContain('Product not received');
    // No product type yet: only the sections every type shows.
    expect(await page.getByTestId('product-type').inputValue()).toBe('');
    expect(await page.getByRole('heading', { name: 'Shipping information' }).count()).toBe(0);
    await expectAccessible(page, 'dispute challenge page: no product type');
    // Each product type asks for its own evidence.
    for (const type of PRODUCT_TYPES.filter((other) => other !== 'physical_product')) {
      await page.getByLabel('Product type').selectOption(type);
      await expectAccessible(page, `dispute challenge page: ${type}`);
    }
    await page.getByLabel('Product type').selectOption('physical_product');
    await page.getByRole('heading', { name: 'Shipping information' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Service details' }).count()).toBe(0);
    // Who paid comes from the payment and its order, marked as prefilled until changed.
    const name = page.getByTestId('evidence-customer_name');
    expect(await name.inputValue()).toBe('Grace Hopper');
    expect(await name.getAttribute('data-prefilled')).toBe('true');
    await page
      .getByText('Prefilled from the payment and its order: check it before you submit.')
      .first()
      .waitFor();
    // What wins a parcel that never came: ten items, the customer's name, e-mail and shipping address given.
    expect(await page.getByTestId('evidence-completeness-count').textContent()).toBe(
      '3 of 10 recommended items provided',
    );
    expect(await page.getByTestId('evidence-missing').textContent()).toContain('Shipping carrier');
  });

  it('uploads a PDF and a PNG, saves, and keeps them after a reload', async () => {
    await page.getByLabel('Product description').fill(DESCRIPTION);
    await page.getByLabel('Receipt', { exact: true }).setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByLabel('Customer communication', { exact: true }).setInputFiles({
      name: 'chat.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByTestId('evidence-receipt').getByText('receipt.pdf').waitFor();
    const preview = page.getByRole('img', { name: 'chat.png' });
    await preview.waitFor();
    await expect
      .poll(() => page.getByTestId('evidence-completeness-count').textContent())
      .toBe('6 of 10 recommended items provided');
    expect(await preview.evaluate((image) => getComputedStyle(image).maxWidth)).toBe('100px');
    // The cover letter names the documents in upload order, and follows a removal and a new upload.
    const attachments = page.getByTestId('cover-letter-attachments');
    await expect
      .poll(() => attachments.getByRole('listitem').allTextContents())
      .toEqual(['Attachment A: Receipt (receipt.pdf)', 'Attachment B: Customer communication (chat.png)']);
    await page.getByRole('button', { name: 'Remove Receipt' }).click();
    await expect
      .poll(() => attachments.getByRole('listitem').allTextContents())
      .toEqual(['Attachment A: Customer communication (chat.png)']);
    // Stored times are in seconds: the next upload comes a second later.
    await page.waitForTimeout(1100);
    await page.getByLabel('Receipt', { exact: true }).setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect
      .poll(() => attachments.getByRole('listitem').allTextContents())
      .toEqual(['Attachment A: Customer communication (chat.png)', 'Attachment B: Receipt (receipt.pdf)']);
    // "Other documents" is where the letter goes, so it is not offered for another file.
    expect(await page.getByLabel('Other documents', { exact: true }).count()).toBe(0);
    const letter = page.getByTestId('cover-letter-text');
    expect(await letter.inputValue()).toContain(`Re: dispute ${answered.dispute_id} on the payment`);
    expect(await letter.inputValue()).toContain('made by Grace Hopper');
    await page.screenshot({ path: 'test-results/dispute-challenge-cover-letter.png', fullPage: true });
    // A text file named .png is refused by its bytes, and the server's reason shows under the field.
    await page.getByLabel('Customer signature', { exact: true }).setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await page.getByTestId('evidence-file-error').waitFor();
    await expectAccessible(page, 'dispute challenge page with evidence');

    await page.getByRole('button', { name: 'Save for later' }).click();
    await notice(page, 'Evidence saved.').waitFor();
    await atPath(page, '/payments/disputes');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('awaiting_response');
    // The focus moves to the list's heading, which a screen reader announces.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.tagName + (document.activeElement?.textContent ?? '')),
      )
      .toBe('H1Disputes');

    await page.goto(challengeUrl(answered.dispute_id));
    await page.getByTestId('dispute-info').waitFor();
    expect(await page.getByTestId('product-type').inputValue()).toBe('physical_product');
    expect(await page.getByLabel('Product description').inputValue()).toBe(DESCRIPTION);
    await page.getByTestId('evidence-receipt').getByText('receipt.pdf').waitFor();
    await page.getByRole('img', { name: 'chat.png' }).waitFor();
  });

  it('asks before leaving with unsaved changes', async () => {
    await page.getByLabel('Shipping carrier').fill('Courier Co');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Disputes', exact: true }).first().click();
    await expect.poll(() => asked).toEqual(['confirm']);
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/disputes/challenge');
  });

  it('submits after its confirmation, then shows the evidence read-only', async () => {
    // The letter is edited, and printing prints the letter alone.
    const letter = page.getByTestId('cover-letter-text');
    await letter.fill(
      `${await letter.inputValue()}\n\nP.S. The courier's photo shows the boots at the door.`,
    );
    await page.getByRole('button', { name: 'Compose again' }).waitFor();
    const printed = page.getByTestId('cover-letter-printed');
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await printed.isVisible()).toBe(true);
      expect(await printed.textContent()).toContain("P.S. The courier's photo shows the boots at the door.");
      expect(await printed.textContent()).toContain('Attachment B: Receipt (receipt.pdf)');
      expect(await page.getByTestId('dispute-info').isVisible()).toBe(false);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    expect(await printed.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Submit evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit evidence' });
    await dialog
      .getByText("Are you sure you're ready to submit this evidence? Evidence submissions are final.")
      .waitFor();
    await expectAccessible(page, 'dispute challenge page: submit confirmation');
    await dialog.getByRole('button', { name: 'Submit evidence' }).click();
    await notice(page, 'Evidence submitted.').waitFor();
    await atPath(page, '/payments/disputes');
    const dispute = await server.api<{ status: string; evidence: Record<string, string> }>(
      'GET',
      `/disputes/${answered.dispute_id}`,
    );
    expect(dispute.status).toBe('under_review');
    expect(dispute.evidence.shipping_carrier).toBe('Courier Co');
    // The letter arrived as a PDF in "Other documents", naming the attachments.
    const file = await server.api<{ filename: string; type: string; file_content: string }>(
      'GET',
      `/file/${dispute.evidence.uncategorized_file}/content`,
    );
    expect([file.filename, file.type]).toEqual(['cover-letter.pdf', 'application/pdf']);
    const text = (await pdfText(Buffer.from(file.file_content, 'base64'))).replace(/\s+/g, ' ');
    expect(text).toContain("P.S. The courier's photo shows the boots at the door.");
    expect(text).toContain('Attachment A: Customer communication (chat.png)');
    expect(text).toContain('Attachment B: Receipt (receipt.pdf)');

    await page.goto(challengeUrl(answered.dispute_id));
    await page.getByText('Evidence is already submitted. Details below are read-only.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit evidence' }).count()).toBe(0);
    expect(await page.getByTestId('evidence-product_description').textContent()).toContain(DESCRIPTION);
    expect(await page.getByTestId('evidence-shipping_date').textContent()).toContain('Date not submitted');
    expect(await page.getByTestId('evidence-shipping_tracking_number').textContent()).toContain(
      'No information submitted',
    );
    // What Paydesk prefilled went in with the rest, and is no longer marked as prefilled.
    expect(await page.getByTestId('evidence-customer_name').textContent()).toContain('Grace Hopper');
    expect(await page.getByText('Prefilled from the payment and its order').count()).toBe(0);
    expect(await page.getByTestId('evidence-customer_signature').textContent()).toContain(
      'Evidence file was not uploaded',
    );
    await page.getByRole('img', { name: 'chat.png' }).waitFor();
    expect(await page.getByTestId('evidence-uncategorized_file').textContent()).toContain('cover-letter.pdf');
    expect(await page.getByTestId('cover-letter').count()).toBe(0);
    await expectAccessible(page, 'dispute challenge page, read-only');
  });

  it('takes a dropped file, refuses what the evidence limits refuse, says when saving fails, then accepts the dispute', async () => {
    await page.goto(challengeUrl(accepted.dispute_id));
    await page.getByTestId('dispute-info').waitFor();

    // A receipt of the order is written on request, attached as prefilled, and can be removed.
    const receipt = page.getByTestId('evidence-receipt');
    await receipt.getByRole('button', { name: 'Create a receipt from the order' }).click();
    await receipt.getByText(`receipt-order-${accepted.order_number}.pdf`).waitFor();
    expect(await receipt.getAttribute('data-prefilled')).toBe('true');
    expect(await receipt.textContent()).toContain('Prefilled from the payment and its order');
    await page.getByRole('button', { name: 'Remove Receipt' }).click();
    await receipt.getByRole('button', { name: 'Create a receipt from the order' }).waitFor();

    // Dragging a file over the page shows each field's drop zone; dropping uploads it.
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.pdf', { type: 'application/pdf' }));
      return transfer;
    }, PDF.toString('latin1'));
    await page.dispatchEvent('body', 'dragenter', { dataTransfer: dropped });
    await receipt.getByText('Drop files to upload').waitFor();
    await receipt.dispatchEvent('dragover', { dataTransfer: dropped });
    expect(await receipt.getByTestId('evidence-drop-zone').getAttribute('data-over')).toBe('true');
    await receipt.dispatchEvent('drop', { dataTransfer: dropped });
    await receipt.getByText('dropped.pdf').waitFor();
    expect(await page.getByText('Drop files to upload').count()).toBe(0);

    // Removing a file by keyboard leaves the focus on the field's file input.
    await receipt.getByRole('button', { name: 'Remove Receipt' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => receipt.getByText('dropped.pdf').count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');

    // A text longer than a field takes is refused, and said once.
    const additional = page.getByLabel('Additional information');
    // (It holds the card checks Paydesk prefilled until it is cleared.)
    await additional.fill('');
    await additional.fill('x'.repeat(20_001));
    await notice(page, 'Reached maximum character count for evidence').waitFor();
    expect(await additional.inputValue()).toBe('');
    await additional.fill('y'.repeat(20_002));
    expect(await notice(page, 'Reached maximum character count for evidence').count()).toBe(1);

    // Together the files may not pass 4,500,000 bytes: the second is not sent.
    const large = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length, 0x20)]);
    await page.getByLabel('Receipt', { exact: true }).setInputFiles({
      name: 'large.pdf',
      mimeType: 'application/pdf',
      buffer: large(3_000_000),
    });
    await receipt.getByText('large.pdf').waitFor();
    await page.getByLabel('Customer signature', { exact: true }).setInputFiles({
      name: 'too-much.pdf',
      mimeType: 'application/pdf',
      buffer: large(1_600_000),
    });
    await notice(
      page,
      "The files you've attached to this dispute as evidence will exceed the limit",
    ).waitFor();
    expect(await page.getByText('too-much.pdf').count()).toBe(0);

    // Saving waits for an upload to finish.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.endsWith('/payments/file'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    // Without the cover letter, "Other documents" takes a file of the merchant's own.
    await page.getByRole('switch', { name: 'Send a cover letter with the evidence' }).uncheck();
    await page.getByLabel('Other documents', { exact: true }).setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('button', { name: 'Save for later' }).click();
    await notice(page, 'Please wait until file upload is finished').waitFor();
    release();
    await page.getByTestId('evidence-uncategorized_file').getByText('notes.pdf').waitFor();
    await page.unroute((url) => url.pathname.endsWith('/payments/file'));

    // A refused save says so with the server's message, and the page stays.
    const refusal = 'The deadline to respond to this dispute has passed.';
    await page.route(
      (url) => url.pathname.endsWith(`/disputes/${accepted.dispute_id}`),
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 409,
              json: { code: 'wcpay_dispute_past_due', message: refusal, data: { status: 409 } },
            })
          : route.continue(),
    );
    await page.getByRole('button', { name: 'Save for later' }).click();
    await notice(page, `Failed to save evidence. (${refusal})`).waitFor();
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/disputes/challenge');
    await page.unroute((url) => url.pathname.endsWith(`/disputes/${accepted.dispute_id}`));

    // Accepting is asked first; the unsaved evidence does not hold the merchant back.
    await page.getByRole('button', { name: 'Accept dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept dispute' });
    await dialog.waitFor();
    await expectAccessible(page, 'dispute challenge page: accept confirmation', {
      include: ['[role=dialog]'],
    });
    await dialog.getByRole('button', { name: 'Accept dispute' }).click();
    await notice(page, `You have accepted the dispute for order #${accepted.order_number}.`).waitFor();
    await atPath(page, '/payments/disputes');
    const dispute = await server.api<{ status: string }>('GET', `/disputes/${accepted.dispute_id}`);
    expect(dispute.status).toBe('lost');
  });

  it('says when there is no dispute to load', async () => {
    await page.goto(challengeUrl('dp_unknown'));
    await page.getByText('Dispute not loaded').waitFor();
    await expectAccessible(page, 'dispute challenge page: no dispute');
  });
});
