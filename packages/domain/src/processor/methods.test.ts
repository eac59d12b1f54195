import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCAL_PAYMENT_METHODS } from '../contracts/payments.ts';
import {
  cardPresentDetails,
  isProcessorMethodType,
  type LocalMethodType,
  methodAllowsManualCapture,
  methodCurrencies,
  methodCurrencyError,
  PROCESSOR_METHOD_TYPES,
  type ProcessorMethodType,
  READER_MODELS,
  resolveLocalMethod,
  sandboxMethodDetails,
} from './methods.ts';
import { resolveCard } from './test-cards.ts';

const options = { customerName: 'Jenny Rosen', country: 'DE', seed: 'pi_3Nabc' };
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const BLOCK_KEYS: Record<ProcessorMethodType, string[]> = {
  card: ['brand', 'checks', 'country', 'exp_month', 'exp_year', 'fingerprint', 'funding', 'last4', 'network'],
  card_present: [
    'brand',
    'country',
    'exp_month',
    'exp_year',
    'fingerprint',
    'funding',
    'last4',
    'network',
    'platform',
    'reader_model',
  ],
  au_becs_debit: ['bsb_number', 'fingerprint', 'last4'],
  bancontact: ['bank_name', 'bic', 'verified_name'],
  eps: ['bank', 'verified_name'],
  giropay: ['bank_name', 'bic'],
  ideal: ['bank', 'bic', 'country', 'iban_last4', 'verified_name'],
  klarna: ['payment_method_category', 'preferred_locale'],
  p24: ['bank', 'reference', 'verified_name'],
  sepa_debit: ['country', 'fingerprint', 'last4'],
  sofort: ['bank_code', 'bank_name', 'bic', 'country', 'iban_last4', 'verified_name'],
  affirm: [],
  afterpay_clearpay: [],
  alipay: [],
  grabpay: [],
  wechat_pay: [],
  link: [],
};

describe('PROCESSOR_METHOD_TYPES', () => {
  it('covers card and every local method the checkout contract accepts', () => {
    expect([...PROCESSOR_METHOD_TYPES].sort()).toEqual(['card', ...LOCAL_PAYMENT_METHODS].sort());
  });

  it('recognises its own types only', () => {
    expect(isProcessorMethodType('ideal')).toBe(true);
    expect(isProcessorMethodType('jcb')).toBe(false);
    expect(isProcessorMethodType('toString')).toBe(false);
  });
});

describe('sandboxMethodDetails', () => {
  it.each(PROCESSOR_METHOD_TYPES)('%s gives { type, [type]: block } with the detail block fields', (type) => {
    const details = sandboxMethodDetails(type, options) as Record<string, unknown>;
    expect(Object.keys(details).sort()).toEqual([type, 'type'].sort());
    expect(details.type).toBe(type);
    expect(Object.keys(details[type] as object).sort()).toEqual(BLOCK_KEYS[type]);
  });

  it.each(PROCESSOR_METHOD_TYPES)('%s is deterministic from the seed', (type) => {
    expect(sandboxMethodDetails(type, options)).toEqual(sandboxMethodDetails(type, options));
  });

  it('varies with the seed', () => {
    const banks = new Set(
      Array.from(
        { length: 40 },
        (_, index) => sandboxMethodDetails('ideal', { ...options, seed: `pi_${index}` }).ideal.bank,
      ),
    );
    expect(banks.size).toBeGreaterThan(3);
  });

  it('uses the billing name as the verified name, or a sample name when it is blank', () => {
    expect(sandboxMethodDetails('bancontact', options).bancontact.verified_name).toBe('Jenny Rosen');
    expect(
      sandboxMethodDetails('p24', { ...options, customerName: '  Jan Kowalski ' }).p24.verified_name,
    ).toBe('Jan Kowalski');
    expect(sandboxMethodDetails('ideal', { ...options, customerName: '   ' }).ideal.verified_name).not.toBe(
      '',
    );
  });

  it('gives realistic bank identifiers', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const seeded = { ...options, seed };
        const ideal = sandboxMethodDetails('ideal', seeded).ideal;
        expect(ideal.bic).toMatch(BIC);
        expect(ideal.country).toBe('NL');
        expect(ideal.iban_last4).toMatch(/^\d{4}$/);
        expect(sandboxMethodDetails('bancontact', seeded).bancontact.bic).toMatch(BIC);
        expect(sandboxMethodDetails('giropay', seeded).giropay.bic).toMatch(BIC);
        const sofort = sandboxMethodDetails('sofort', seeded).sofort;
        expect(sofort.bic).toMatch(BIC);
        expect(sofort.bic.startsWith(sofort.bank_code)).toBe(true);
        const becs = sandboxMethodDetails('au_becs_debit', seeded).au_becs_debit;
        expect(becs.bsb_number).toMatch(/^\d{6}$/);
        expect(becs.last4).toMatch(/^\d{4}$/);
        expect(becs.fingerprint).toMatch(/^[0-9a-f]{16}$/);
        expect(sandboxMethodDetails('p24', seeded).p24.reference).toMatch(/^P24-\d{3}-\d{3}-\d{3}$/);
        expect(sandboxMethodDetails('sepa_debit', seeded).sepa_debit.last4).toMatch(/^\d{4}$/);
      }),
    );
  });

  it('takes the SEPA and Sofort country from the customer where the method works there', () => {
    expect(sandboxMethodDetails('sepa_debit', { ...options, country: 'fr' }).sepa_debit.country).toBe('FR');
    expect(sandboxMethodDetails('sepa_debit', { ...options, country: 'US' }).sepa_debit.country).toBe('DE');
    expect(sandboxMethodDetails('sofort', { ...options, country: 'NL' }).sofort.country).toBe('NL');
    expect(sandboxMethodDetails('sofort', { ...options, country: 'PL' }).sofort.country).toBe('DE');
    expect(sandboxMethodDetails('sofort', { ...options, country: '' }).sofort.country).toBe('DE');
  });

  it('gives a different SEPA fingerprint for another account', () => {
    const first = sandboxMethodDetails('sepa_debit', options).sepa_debit.fingerprint;
    expect(
      sandboxMethodDetails('sepa_debit', { ...options, seed: 'pi_other' }).sepa_debit.fingerprint,
    ).not.toBe(first);
  });

  it('picks a Klarna category and the locale of the customer country', () => {
    const klarna = sandboxMethodDetails('klarna', { ...options, country: 'se' }).klarna;
    expect(['pay_later', 'pay_now', 'pay_with_financing', 'pay_in_installments']).toContain(
      klarna.payment_method_category,
    );
    expect(klarna.preferred_locale).toBe('sv-SE');
    expect(sandboxMethodDetails('klarna', { ...options, country: 'ZZ' }).klarna.preferred_locale).toBe(
      'en-US',
    );
  });

  it('gives a card the processor would accept, issued in the customer country when a test card exists', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('US', 'FR', 'GB', 'JP', 'ES', ''), (seed, country) => {
        const card = sandboxMethodDetails('card', { ...options, seed, country, now }).card;
        expect(card.country).toBe(['FR', 'GB', 'JP'].includes(country) ? country : 'US');
        expect(card.exp_year).toBeGreaterThanOrEqual(2027);
        expect(card.exp_year).toBeLessThanOrEqual(2031);
        expect(card.checks).toEqual({
          cvc_check: 'pass',
          address_line1_check: 'pass',
          address_postal_code_check: 'pass',
        });
      }),
    );
  });

  it('counts sample expiry years from 2030 without a clock', () => {
    const year = sandboxMethodDetails('card', options).card.exp_year;
    expect(year).toBeGreaterThanOrEqual(2030);
    expect(year).toBeLessThanOrEqual(2034);
  });

  it('reports the given reader for card_present, else one picked from the seed', () => {
    const reader = { reader_model: 'COTS_DEVICE', platform: 'ios' } as const;
    expect(sandboxMethodDetails('card_present', { ...options, reader }).card_present).toMatchObject(reader);
    const picked = sandboxMethodDetails('card_present', options).card_present;
    expect(READER_MODELS).toContain(picked.reader_model);
    expect(['ios', 'android']).toContain(picked.platform);
  });
});

describe('cardPresentDetails', () => {
  it('is the resolved card without checks, plus the reader', () => {
    const result = resolveCard(
      { number: '4000056655665556', exp_month: 1, exp_year: 2030 },
      new Date('2026-01-01'),
    );
    if (!result.ok) throw new Error('expected success');
    const block = cardPresentDetails(result.card, { reader_model: 'WISEPAD_3', platform: 'android' });
    expect(block).not.toHaveProperty('checks');
    expect(block).toMatchObject({
      brand: 'visa',
      funding: 'debit',
      last4: '5556',
      reader_model: 'WISEPAD_3',
    });
    expect(result.card.checks).toBeDefined();
  });
});

describe('resolveLocalMethod', () => {
  const local: LocalMethodType[] = PROCESSOR_METHOD_TYPES.filter(
    (type): type is LocalMethodType => type !== 'card' && type !== 'card_present',
  );

  it.each(local)('%s succeeds for an ordinary billing name', (type) => {
    const result = resolveLocalMethod(type, options);
    expect(result).toEqual({ ok: true, payment_method_details: sandboxMethodDetails(type, options) });
  });

  it.each(['Fail', 'fail', ' FAIL ', 'fAiL'])('declines a payment billed to %j', (customerName) => {
    const result = resolveLocalMethod('sepa_debit', { ...options, customerName });
    expect(result).toMatchObject({
      ok: false,
      code: 'payment_declined',
      message: 'The payment was declined',
      failure_reason: 'payment_declined',
      outcome_type: 'issuer_declined',
    });
    expect(result.payment_method_details.type).toBe('sepa_debit');
  });

  it.each(['Failed', 'F ail', 'Fail Smith', ''])('does not decline %j', (customerName) => {
    expect(resolveLocalMethod('ideal', { ...options, customerName }).ok).toBe(true);
  });
});

describe('methodCurrencyError', () => {
  it.each([
    ['au_becs_debit', 'AUD'],
    ['bancontact', 'EUR'],
    ['eps', 'eur'],
    ['giropay', 'EUR'],
    ['ideal', 'EUR'],
    ['sepa_debit', 'EUR'],
    ['sofort', 'EUR'],
    ['p24', 'EUR'],
    ['p24', 'pln'],
    ['affirm', 'USD'],
    ['affirm', 'CAD'],
    ['afterpay_clearpay', 'NZD'],
    ['afterpay_clearpay', 'GBP'],
    ['klarna', 'SEK'],
    ['klarna', 'dkk'],
    ['grabpay', 'SGD'],
    ['wechat_pay', 'CNY'],
    ['wechat_pay', 'CHF'],
    ['card', 'JPY'],
    ['card_present', 'XOF'],
    ['link', 'BRL'],
    ['alipay', 'KRW'],
  ] as const)('%s accepts %s', (type, currency) => {
    expect(methodCurrencyError(type, currency)).toBeUndefined();
  });

  it.each([
    ['au_becs_debit', 'NZD', 'BECS Direct Debit accepts payments in only AUD, not NZD.'],
    ['ideal', 'usd', 'iDEAL accepts payments in only EUR, not USD.'],
    ['p24', 'USD', 'Przelewy24 (P24) accepts payments in EUR or PLN, not USD.'],
    ['affirm', 'EUR', 'Affirm accepts payments in USD or CAD, not EUR.'],
    ['klarna', 'JPY', 'Klarna accepts payments in EUR, GBP, USD, DKK, NOK or SEK, not JPY.'],
    ['grabpay', 'MYR', 'GrabPay accepts payments in only SGD, not MYR.'],
    ['wechat_pay', 'INR', expect.stringContaining('WeChat Pay accepts payments in CNY, AUD')],
  ] as const)('%s refuses %s', (type, currency, message) => {
    expect(methodCurrencyError(type, currency)).toEqual(message);
  });

  it.each(['', 'EU', 'EURO', 'E1R', 'eur '])('refuses %j as a currency code, even for cards', (currency) => {
    expect(methodCurrencyError('card', currency)).toBe(`"${currency}" is not a three-letter currency code.`);
  });

  it('reads the method catalogue, where card_present and link are unrestricted like cards', () => {
    expect(methodCurrencies('wechat_pay')).toHaveLength(13);
    expect(methodCurrencies('sepa_debit')).toEqual(['EUR']);
    expect(methodCurrencies('card')).toBeNull();
    expect(methodCurrencies('card_present')).toBeNull();
    expect(methodCurrencies('link')).toBeNull();
    expect(methodCurrencies('alipay')).toBeNull();
  });
});

describe('methodAllowsManualCapture', () => {
  it.each(PROCESSOR_METHOD_TYPES)('%s', (type) => {
    expect(methodAllowsManualCapture(type)).toBe(type === 'card' || type === 'card_present');
  });
});
