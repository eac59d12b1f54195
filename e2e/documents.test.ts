import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { describeInBrowser } from './browser.ts';
import { OwnServer } from './own-server.ts';

/**
 * The documents page on a server of its own: a sandbox test drive per store country (its sample
 * history gets fee invoices), the VAT wizard with that country's number rules, and the download
 * it completes.
 */

const server = new OwnServer('documents', 'documents-admin-password');
const MERCHANT = { login: 'docs-admin', password: 'docs-admin-password' };

interface Bootstrap {
  wcpaySettings: {
    connectUrl: string;
    isAccountConnected: boolean;
    accountStatus: { hasSubmittedVatData: boolean };
  };
}

const bootstrap = (page: Page) =>
  page.evaluate(() => JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!) as Bootstrap);

describeInBrowser('the documents page and the VAT wizard', (use) => {
  let page: Page;

  beforeAll(async () => {
    await server.createAdministrator({ ...MERCHANT, email: 'docs@example.test' });
    await server.useAppPassword(MERCHANT.login);
  });
  afterAll(async () => {
    await server.dispose();
  });

  /**
   * A sandbox test drive with sample data for a store in `country`: the store country is the
   * platform's setting (set while the server is stopped), then the merchant resets the previous
   * sandbox and starts a new one, and opens the documents page.
   */
  async function sandboxIn(country: string) {
    await page?.context().close();
    await server.stop();
    await server.cli('store:set', '--key', 'woocommerce_default_country', '--value', country);
    await server.start();
    page = await server.signedInPage(use(), { user: MERCHANT, acceptDownloads: true });
    await page.goto(server.adminUrl('/payments/overview'));
    const { wcpaySettings } = await bootstrap(page);
    if (wcpaySettings.isAccountConnected) {
      await page.goto(`${server.origin}${wcpaySettings.connectUrl}&wcpay-reset-account=1`);
      await page.waitForURL(/connect/);
    }
    await page.goto(`${server.origin}${wcpaySettings.connectUrl}&test_drive=true&sample_data=true`);
    await page.waitForURL(/overview/);
    await page.goto(server.adminUrl('/payments/documents'));
    await page.getByTestId('documents-summary').waitFor();
  }

  const wizard = () => page.getByTestId('vat-wizard');
  const continueButton = () => wizard().getByRole('button', { name: 'Continue', exact: true });

  /** Clicks the first row's Download and answers the wizard; resolves to the downloaded file's name. */
  async function downloadThroughWizard(answer: () => Promise<void>): Promise<string> {
    await page
      .getByRole('button', { name: /^Download VAT invoice/ })
      .first()
      .click();
    await wizard().getByRole('heading', { name: 'VAT details for your invoices' }).waitFor();
    const download = page.waitForEvent('download');
    await answer();
    await wizard().getByRole('button', { name: 'Save details', exact: true }).click();
    const file = await download;
    expect(await wizard().isVisible()).toBe(false);
    return file.suggestedFilename();
  }

  it('lists the fee invoices of the sample months with their periods', async () => {
    await sandboxIn('JP');
    const summary = await page.getByTestId('documents-summary').textContent();
    const count = Number(summary?.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(summary).toBe(`${count} documents`);
    const rows = page.getByTestId('documents-list').locator('tbody tr');
    expect(await rows.count()).toBe(count);
    expect(await rows.first().textContent()).toMatch(
      /VAT invoice.*VAT invoice for \w+ 1, \d{4} to \w+ \d{2}, \d{4}/,
    );
    // Oldest first by the date column's header.
    const firstBefore = await rows.first().textContent();
    await page.getByTestId('sort-date').click();
    await page.waitForURL(/order=asc/);
    await expect.poll(() => rows.first().textContent()).not.toBe(firstBefore);
    // A type filter that leaves nothing.
    await page.getByLabel('Type').selectOption('vat_invoice');
    await page.waitForURL(/type_is=vat_invoice/);
    expect(await rows.count()).toBe(count);
    await expectAccessible(page, 'documents: filtered by type');
  });

  it('in Japan: a 13-digit corporate number without prefix, checked by the server first', async () => {
    const name = await downloadThroughWizard(async () => {
      await wizard().getByLabel("I'm registered for a Corporate number").check();
      const field = wizard().getByLabel('Corporate number', { exact: true });
      expect(await field.inputValue()).toBe('');
      expect(await continueButton().isDisabled()).toBe(true);
      await wizard().getByText('Your 13-digit corporate number, such as 5835678256246.').waitFor();
      await field.fill('583567825624');
      await continueButton().click();
      expect(await wizard().getByTestId('vat-number-error').textContent()).toBe(
        '583567825624 is not a valid Corporate number for JP. Check the number and try again.',
      );
      await expectAccessible(page, 'documents: VAT wizard, a refused number', { include: ['[role=dialog]'] });
      await field.fill('5835678256246');
      await continueButton().click();
      await wizard().getByText('Corporate number: 5835678256246').waitFor();
      // The next step starts on its first field, in place of the button that left.
      await expect
        .poll(() =>
          page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent),
        )
        .toMatch(/^Business name/);
      await expectAccessible(page, 'documents: VAT wizard, business details', { include: ['[role=dialog]'] });
      await wizard().getByLabel('Business name').fill('株式会社サンプル');
      await wizard().getByLabel('Address').fill('1-1 Chiyoda\nTokyo');
    });
    expect(name).toMatch(/^paydesk-invoice-\d{4}-\d{2}\.pdf$/);
    // Given once, the details are not asked again: the next download starts at once.
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Download VAT invoice/ })
      .nth(1)
      .click();
    await download;
    expect(await wizard().isVisible()).toBe(false);
    await page.reload();
    expect((await bootstrap(page)).wcpaySettings.accountStatus.hasSubmittedVatData).toBe(true);
  });

  it('in Greece: the EL prefix stays in the field and Continue waits for digits', async () => {
    await sandboxIn('GR');
    await downloadThroughWizard(async () => {
      await wizard().getByLabel("I'm registered for a VAT number").check();
      const field = wizard().getByLabel('VAT number', { exact: true });
      expect(await field.inputValue()).toBe('EL ');
      expect(await continueButton().isDisabled()).toBe(true);
      await field.fill('');
      expect(await field.inputValue()).toBe('EL ');
      await field.pressSequentially('094259216');
      expect(await field.inputValue()).toBe('EL 094259216');
      await continueButton().click();
      await wizard().getByLabel('Business name').fill('Δείγμα Α.Ε.');
      await wizard().getByLabel('Address').fill('Odos 1, Athina');
    });
  });

  it('in Switzerland: the CHE prefix, and the server refuses a wrong check digit', async () => {
    await sandboxIn('CH');
    await downloadThroughWizard(async () => {
      await wizard().getByLabel("I'm registered for a VAT number").check();
      const field = wizard().getByLabel('VAT number', { exact: true });
      expect(await field.inputValue()).toBe('CHE ');
      await field.fill('CHE 116.281.711 MWST');
      await continueButton().click();
      await wizard().getByTestId('vat-number-error').waitFor();
      await field.fill('CHE 116.281.710 MWST');
      await continueButton().click();
      await wizard().getByText('VAT number: CHE 116.281.710 MWST').waitFor();
      await wizard().getByLabel('Business name').fill('Muster AG');
      await wizard().getByLabel('Address').fill('Bahnhofstrasse 1, Zürich');
    });
  });

  it('in Germany: the DE prefix and help; without a number, the business details alone', async () => {
    await sandboxIn('DE');
    const documentId = await page
      .getByTestId('documents-list')
      .locator('[data-testid^="download-"]')
      .first()
      .getAttribute('data-testid');
    await downloadThroughWizard(async () => {
      await wizard().getByLabel("I'm registered for a VAT number").check();
      expect(await wizard().getByLabel('VAT number', { exact: true }).inputValue()).toBe('DE ');
      await wizard().getByText('8 to 12 digits after the DE prefix, such as DE 123456789.').waitFor();
      await wizard().getByLabel("I'm registered for a VAT number").uncheck();
      await continueButton().click();
      const confirm = wizard().getByRole('button', { name: 'Save details', exact: true });
      await wizard().getByLabel('Business name').fill('   ');
      await wizard().getByLabel('Address').fill('Hauptstr. 1, Berlin');
      expect(await confirm.isDisabled()).toBe(true);
      await wizard().getByLabel('Business name').fill('Beispiel GmbH');
    });
    // A link naming one document downloads it on arrival.
    const download = page.waitForEvent('download');
    await page.goto(
      server.adminUrl('/payments/documents', {
        document_id: documentId!.replace('download-', ''),
        document_type: 'vat_invoice',
      }),
    );
    expect((await download).suggestedFilename()).toMatch(/^paydesk-invoice-/);
  });

  it('in the United States: no number is asked, only the business details', async () => {
    await sandboxIn('US');
    await downloadThroughWizard(async () => {
      await wizard().getByText('Invoices for your country carry your business name and address.').waitFor();
      expect(await wizard().getByRole('checkbox').count()).toBe(0);
      await continueButton().click();
      await wizard().getByLabel('Business name').fill('Shop Inc.');
      await wizard().getByLabel('Address').fill('1 Main St, Springfield');
    });
  });
});
