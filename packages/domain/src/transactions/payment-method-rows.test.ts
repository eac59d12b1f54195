import { describe, expect, it } from 'vitest';
import { addressLines, countryName, paymentMethodRows } from './payment-method-rows.ts';

const BILLING = {
  name: 'Jo Doe',
  email: 'jo@example.test',
  phone: null,
  formatted_address: '1 Main St<br/>Tom &amp; Jerry Lane<br/>Springfield, IL 62701<br/>US',
};

const asObject = (rows: ReturnType<typeof paymentMethodRows>) =>
  Object.fromEntries(rows.map((row) => [row.key, row.value]));

describe('paymentMethodRows', () => {
  it('shows a card with its checks, masked number and the billing details', () => {
    const rows = paymentMethodRows(
      {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          fingerprint: 'fp_1',
          exp_month: 3,
          exp_year: 2030,
          funding: 'credit',
          network: 'visa',
          country: 'US',
          checks: { cvc_check: 'pass', address_line1_check: 'fail', address_postal_code_check: null },
        },
      },
      BILLING,
      { payment_method_id: 'pm_1' },
    );
    expect(asObject(rows)).toEqual({
      id: 'pm_1',
      method: 'Card',
      number: '•••• 4242',
      fingerprint: 'fp_1',
      expires: '03 / 2030',
      brand: 'Visa',
      funding: 'Credit',
      origin: 'United States',
      cvcCheck: 'Passed',
      streetCheck: 'Failed',
      postalCheck: 'Not checked',
      owner: 'Jo Doe',
      ownerEmail: 'jo@example.test',
      address: '1 Main St, Tom & Jerry Lane, Springfield, IL 62701, US',
    });
    expect(rows.find((row) => row.key === 'address')?.lines).toHaveLength(4);
    expect(rows.find((row) => row.key === 'cvcCheck')?.label).toBe('CVC check');
  });

  it('names Tap to Pay readers by platform and leaves out checks in person', () => {
    const rows = asObject(
      paymentMethodRows(
        {
          type: 'card_present',
          card_present: {
            brand: 'mastercard',
            last4: '4444',
            fingerprint: null,
            exp_month: 12,
            exp_year: 2031,
            funding: 'debit',
            network: 'mastercard',
            country: 'GB',
            reader_model: 'COTS_DEVICE',
            platform: 'android',
          },
        },
        BILLING,
      ),
    );
    expect(rows.reader).toBe('Tap to Pay on Android');
    expect(rows.funding).toBe('Debit');
    expect(rows.cvcCheck).toBeUndefined();
    const counter = asObject(
      paymentMethodRows(
        { type: 'card_present', card_present: { reader_model: 'bbpos_wisepos_e', platform: null } },
        BILLING,
      ),
    );
    expect(counter.reader).toBe('bbpos_wisepos_e');
  });

  it('shows each local method block', () => {
    expect(
      asObject(
        paymentMethodRows(
          {
            type: 'ideal',
            ideal: {
              bank: 'ing',
              bic: 'INGBNL2A',
              country: 'NL',
              iban_last4: '1234',
              verified_name: 'J. Doe',
            },
          },
          BILLING,
        ),
      ),
    ).toMatchObject({
      method: 'iDEAL',
      bank: 'ing',
      bic: 'INGBNL2A',
      country: 'Netherlands',
      iban: '•••• 1234',
    });
    expect(
      asObject(
        paymentMethodRows(
          { type: 'sepa_debit', sepa_debit: { last4: '3000', fingerprint: 'f', country: 'DE' } },
          BILLING,
        ),
      ),
    ).toMatchObject({ iban: '•••• 3000', country: 'Germany' });
    expect(
      asObject(
        paymentMethodRows(
          {
            type: 'au_becs_debit',
            au_becs_debit: { bsb_number: '000000', last4: '6789', fingerprint: null },
          },
          BILLING,
        ),
      ),
    ).toMatchObject({ bsbNumber: '000000', accountNumber: '•••• 6789' });
    expect(
      asObject(
        paymentMethodRows(
          { type: 'klarna', klarna: { payment_method_category: 'pay_later', preferred_locale: 'de-DE' } },
          BILLING,
        ),
      ),
    ).toMatchObject({ paymentType: 'Pay later', preferredLocale: 'de-DE' });
    expect(
      asObject(
        paymentMethodRows(
          { type: 'p24', p24: { bank: 'ing', reference: 'P24-1', verified_name: null } },
          BILLING,
        ),
      ),
    ).toMatchObject({ bank: 'ing', reference: 'P24-1' });
    expect(
      asObject(
        paymentMethodRows(
          {
            type: 'sofort',
            sofort: {
              bank_code: 'DEUT',
              bank_name: 'Deutsche',
              bic: 'DEUTDE',
              country: 'DE',
              iban_last4: '3000',
              verified_name: 'J',
            },
          },
          BILLING,
        ),
      ),
    ).toMatchObject({ bankCode: 'DEUT', bankName: 'Deutsche', iban: '•••• 3000', verifiedName: 'J' });
    expect(
      asObject(
        paymentMethodRows(
          { type: 'bancontact', bancontact: { bank_name: 'KBC', bic: 'KREDBEBB', verified_name: 'J' } },
          BILLING,
        ),
      ),
    ).toMatchObject({ bankName: 'KBC', bic: 'KREDBEBB' });
    expect(
      asObject(
        paymentMethodRows({ type: 'eps', eps: { bank: 'bank_austria', verified_name: null } }, BILLING),
      ),
    ).toMatchObject({
      bank: 'bank_austria',
    });
    expect(
      asObject(
        paymentMethodRows({ type: 'giropay', giropay: { bank_name: 'Sparkasse', bic: null } }, BILLING),
      ),
    ).toMatchObject({
      bankName: 'Sparkasse',
    });
  });

  it('shows only billing details for wallets and pay-later methods, naming Clearpay in GB', () => {
    const rows = paymentMethodRows({ type: 'afterpay_clearpay', afterpay_clearpay: {} }, BILLING, {
      accountCountry: 'GB',
    });
    expect(rows.map((row) => row.key)).toEqual(['method', 'owner', 'ownerEmail', 'address']);
    expect(asObject(rows).method).toBe('Clearpay');
    expect(
      asObject(paymentMethodRows({ type: 'afterpay_clearpay', afterpay_clearpay: {} }, BILLING)).method,
    ).toBe('Afterpay');
  });

  it('translates labels', () => {
    const rows = paymentMethodRows({ type: 'alipay', alipay: {} }, BILLING, { t: (label) => `[${label}]` });
    expect(rows[0]).toEqual({ key: 'method', label: '[Payment method]', value: '[Alipay]' });
  });
});

describe('address and country helpers', () => {
  it('decodes escaped address lines and drops empty ones', () => {
    expect(addressLines('a &lt;b&gt;<br>  <br/>c &quot;d&quot; &#39;e&#39;')).toEqual([
      'a <b>',
      'c "d" \'e\'',
    ]);
    expect(addressLines('')).toEqual([]);
  });

  it('names countries and keeps what it cannot name', () => {
    expect(countryName('fr')).toBe('France');
    expect(countryName('not a code')).toBe('not a code');
    expect(countryName(null)).toBe('');
  });
});
