import { describe, expect, it } from 'vitest';
import {
  getPaymentMethod,
  methodNeedsCurrencySetup,
  methodSupportsCurrency,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  paymentMethodSetupLabel,
} from './methods.ts';

describe('PAYMENT_METHODS', () => {
  it('holds an entry for every id, keyed by its id', () => {
    for (const id of PAYMENT_METHOD_IDS) expect(PAYMENT_METHODS[id].id).toBe(id);
    expect(Object.keys(PAYMENT_METHODS)).toHaveLength(16);
  });

  it('lets only card capture manually', () => {
    const manual = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].allows_manual_capture);
    expect(manual).toEqual(['card']);
  });

  it('marks affirm, afterpay_clearpay and klarna as pay-later and domestic only', () => {
    const payLater = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].allows_pay_later);
    const domestic = PAYMENT_METHOD_IDS.filter((id) => PAYMENT_METHODS[id].accepts_only_domestic_payment);
    expect(payLater).toEqual(['affirm', 'afterpay_clearpay', 'klarna']);
    expect(domestic).toEqual(payLater);
  });

  it.each([
    ['au_becs_debit', ['AUD']],
    ['bancontact', ['EUR']],
    ['eps', ['EUR']],
    ['giropay', ['EUR']],
    ['ideal', ['EUR']],
    ['sepa_debit', ['EUR']],
    ['sofort', ['EUR']],
    ['p24', ['EUR', 'PLN']],
    ['affirm', ['USD', 'CAD']],
    ['afterpay_clearpay', ['USD', 'AUD', 'CAD', 'NZD', 'GBP']],
    ['jcb', ['JPY']],
    ['klarna', ['EUR', 'GBP', 'USD', 'DKK', 'NOK', 'SEK']],
    ['grabpay', ['SGD']],
    ['card', []],
    ['alipay', []],
  ] as const)('%s takes %j', (id, currencies) => {
    expect(PAYMENT_METHODS[id].currencies).toEqual(currencies);
  });

  it('gives wechat_pay 13 distinct currencies', () => {
    expect(new Set(PAYMENT_METHODS.wechat_pay.currencies).size).toBe(13);
  });

  it('finds methods by id and nothing else', () => {
    expect(getPaymentMethod('ideal')?.label).toBe('iDEAL');
    expect(getPaymentMethod('boleto')).toBeUndefined();
    expect(getPaymentMethod('toString')).toBeUndefined();
  });
});

describe('paymentMethodSetupLabel', () => {
  it('calls afterpay_clearpay Clearpay for GB accounts', () => {
    expect(paymentMethodSetupLabel('afterpay_clearpay', 'GB')).toBe('Clearpay');
    expect(paymentMethodSetupLabel('afterpay_clearpay', 'AU')).toBe('Afterpay');
    expect(paymentMethodSetupLabel('card', 'GB')).toBe('Credit card / debit card');
    expect(paymentMethodSetupLabel('boleto')).toBe('boleto');
  });
});

describe('methodSupportsCurrency', () => {
  it.each([
    ['card', 'XYZ', true],
    ['alipay', 'JPY', true],
    ['ideal', 'EUR', true],
    ['ideal', 'eur', true],
    ['ideal', 'USD', false],
    ['p24', 'PLN', true],
    ['p24', 'CZK', false],
    ['wechat_pay', 'CNY', true],
    ['wechat_pay', 'BRL', false],
    ['jcb', 'JPY', true],
    ['jcb', 'USD', false],
    ['boleto', 'BRL', false],
  ])('%s with %s is %s', (id, currency, expected) => {
    expect(methodSupportsCurrency(id, currency)).toBe(expected);
  });

  it('takes only the domestic currency for pay-later methods when it is known', () => {
    expect(methodSupportsCurrency('klarna', 'EUR', { domesticCurrency: 'eur' })).toBe(true);
    expect(methodSupportsCurrency('klarna', 'GBP', { domesticCurrency: 'EUR' })).toBe(false);
    expect(methodSupportsCurrency('klarna', 'PLN', { domesticCurrency: 'PLN' })).toBe(false);
    expect(methodSupportsCurrency('ideal', 'EUR', { domesticCurrency: 'USD' })).toBe(true);
  });
});

describe('methodNeedsCurrencySetup', () => {
  it('flags a non-card method without the store currency while multi-currency is off', () => {
    expect(methodNeedsCurrencySetup('ideal', 'USD', false)).toBe(true);
    expect(methodNeedsCurrencySetup('ideal', 'EUR', false)).toBe(false);
    expect(methodNeedsCurrencySetup('ideal', 'USD', true)).toBe(false);
    expect(methodNeedsCurrencySetup('card', 'XYZ', false)).toBe(false);
    expect(methodNeedsCurrencySetup('alipay', 'XYZ', false)).toBe(false);
  });
});
