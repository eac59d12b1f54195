import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargeFeeInput,
  cardReaderFee,
  computeChargeFee,
  disputeFee,
  EURO_AREA_COUNTRIES,
  instantPayoutFee,
  onlineMethodFees,
  onlineRateBp,
  percentOfMinor,
} from './pricing.ts';

const usCard: ChargeFeeInput = {
  accountCountry: 'US',
  settlementCurrency: 'USD',
  amount_minor: 10_000,
  cardCountry: 'US',
  customerCurrency: 'USD',
  channel: 'online',
};

describe('percentOfMinor', () => {
  it.each([
    [10_000, 290, 290],
    [50, 290, 1], // 1.45
    [100, 150, 2], // 1.5 rounds up
    [99, 150, 1], // 1.485
    [1, 5000, 1], // 0.5 rounds up
    [1, 4999, 0],
    [0, 290, 0],
    [Number.MAX_SAFE_INTEGER, 10_000, Number.MAX_SAFE_INTEGER],
  ])('%i at %i bp is %i', (amount, rate, expected) => {
    expect(percentOfMinor(amount, rate)).toBe(expected);
  });

  it('matches exact rational rounding half up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, rate) => {
          const exact = amount * rate; // below 2^53 here, so exact
          const floor = Math.floor(exact / 10_000);
          const remainder = exact - floor * 10_000;
          expect(percentOfMinor(amount, rate)).toBe(remainder >= 5_000 ? floor + 1 : floor);
        },
      ),
    );
  });

  it.each([
    [-1, 290],
    [1.5, 290],
    [100, -1],
    [100, 2.5],
    [Number.NaN, 290],
  ])('refuses amount %d at %d bp', (amount, rate) => {
    expect(() => percentOfMinor(amount, rate)).toThrow(/Assertion failed/);
  });
});

describe('computeChargeFee: base rates', () => {
  it('charges a 100.00 USD US card 3.20 USD', () => {
    expect(computeChargeFee(usCard)).toEqual({
      fee_minor: 320,
      fee_rates: {
        percentage: 0.029,
        fixed: 30,
        fixed_currency: 'usd',
        history: [{ type: 'base', percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' }],
      },
    });
  });

  it.each([
    ['US', 'USD', 320],
    ['CA', 'CAD', 320],
    ['GB', 'GBP', 170],
    ['DE', 'EUR', 175],
    ['FR', 'EUR', 175],
    ['BG', 'EUR', 175],
    ['AU', 'AUD', 205],
    ['JP', 'JPY', 360],
    ['CH', 'CHF', 320],
    ['NZ', 'NZD', 320],
    ['SG', 'SGD', 390],
    ['SE', 'SEK', 320],
    ['PL', 'PLN', 320],
    ['AE', 'AED', 320],
  ])('%s account, %s domestic card: 10000 minor units cost %i', (country, currency, fee) => {
    const result = computeChargeFee({
      ...usCard,
      accountCountry: country,
      cardCountry: country,
      settlementCurrency: currency,
      customerCurrency: currency,
    });
    expect(result.fee_minor).toBe(fee);
    expect(result.fee_rates.history).toHaveLength(1);
  });

  it('prices every euro-area country alike', () => {
    for (const country of EURO_AREA_COUNTRIES) {
      const result = computeChargeFee({
        ...usCard,
        accountCountry: country,
        cardCountry: country,
        settlementCurrency: 'EUR',
        customerCurrency: 'EUR',
      });
      expect(result.fee_rates).toMatchObject({ percentage: 0.015, fixed: 25, fixed_currency: 'eur' });
    }
  });

  it('charges the fixed fee of the settlement currency', () => {
    const result = computeChargeFee({ ...usCard, settlementCurrency: 'EUR', customerCurrency: 'EUR' });
    expect(result.fee_rates).toMatchObject({ fixed: 25, fixed_currency: 'eur' });
    expect(result.fee_minor).toBe(290 + 25);
  });

  it('compares countries and currencies without case', () => {
    const lower = computeChargeFee({
      ...usCard,
      accountCountry: 'us',
      cardCountry: 'us',
      customerCurrency: 'usd',
    });
    expect(lower).toEqual(computeChargeFee(usCard));
  });
});

describe('computeChargeFee: surcharges', () => {
  it('adds 1 % for a card issued abroad', () => {
    const result = computeChargeFee({ ...usCard, cardCountry: 'GB' });
    expect(result.fee_minor).toBe(420);
    expect(result.fee_rates.percentage).toBe(0.039);
    expect(result.fee_rates.history).toEqual([
      { type: 'base', percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' },
      {
        type: 'additional',
        additional_type: 'international',
        percentage_rate: 0.01,
        fixed_rate: 0,
        currency: 'usd',
      },
    ]);
  });

  it('adds 1 % when the customer pays in another currency', () => {
    const result = computeChargeFee({ ...usCard, customerCurrency: 'EUR' });
    expect(result.fee_minor).toBe(420);
    expect(result.fee_rates.history[1]).toEqual({
      type: 'additional',
      additional_type: 'fx',
      percentage_rate: 0.01,
      fixed_rate: 0,
      currency: 'usd',
    });
  });

  it('adds both, rounding the total percentage once', () => {
    // 4.9 % of 123.45 USD is 604.905 cents, so 605; rounding 358.005, 123.45 and 123.45 apart would give 604.
    const result = computeChargeFee({
      ...usCard,
      amount_minor: 12_345,
      cardCountry: 'FR',
      customerCurrency: 'EUR',
    });
    expect(result.fee_minor).toBe(605 + 30);
    expect(result.fee_rates.percentage).toBe(0.049);
    expect(result.fee_rates.history.map((entry) => entry.additional_type)).toEqual([
      undefined,
      'international',
      'fx',
    ]);
  });

  it('adds no international surcharge without a card country (other payment methods)', () => {
    const result = computeChargeFee({ ...usCard, cardCountry: undefined });
    expect(result.fee_minor).toBe(320);
  });
});

describe('computeChargeFee: in person', () => {
  it.each(['in_person', 'in_person_pos'] as const)('%s in the US is 2.6 % + 10 cents', (channel) => {
    const result = computeChargeFee({ ...usCard, channel });
    expect(result.fee_minor).toBe(270);
    expect(result.fee_rates).toMatchObject({ percentage: 0.026, fixed: 10 });
  });

  it.each([
    ['CA', 'CAD', 270],
    ['GB', 'GBP', 150],
    ['NL', 'EUR', 150],
    ['AU', 'AUD', 180],
    ['JP', 'JPY', 360],
    ['SG', 'SGD', 350],
  ])('%s account: 10000 %s in person costs %i', (country, currency, fee) => {
    const result = computeChargeFee({
      ...usCard,
      channel: 'in_person',
      accountCountry: country,
      cardCountry: country,
      settlementCurrency: currency,
      customerCurrency: currency,
    });
    expect(result.fee_minor).toBe(fee);
  });
});

describe('computeChargeFee: properties', () => {
  const input = fc.record({
    accountCountry: fc.constantFrom('US', 'GB', 'DE', 'JP', 'SG', 'NO'),
    settlementCurrency: fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'NOK'),
    amount_minor: fc.integer({ min: 0, max: 99_999_999 }),
    cardCountry: fc.option(fc.constantFrom('US', 'GB', 'DE', 'JP', 'BR'), { nil: undefined }),
    customerCurrency: fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'NOK'),
    channel: fc.constantFrom('online', 'in_person', 'in_person_pos') as fc.Arbitrary<
      ChargeFeeInput['channel']
    >,
  });

  it('is an integer: the rounded total percentage plus the fixed fee', () => {
    fc.assert(
      fc.property(input, (charge) => {
        const { fee_minor, fee_rates } = computeChargeFee(charge);
        expect(Number.isSafeInteger(fee_minor)).toBe(true);
        const rate_bp = Math.round(fee_rates.percentage * 10_000);
        const summed_bp = fee_rates.history.reduce(
          (sum, entry) => sum + Math.round(entry.percentage_rate * 10_000),
          0,
        );
        expect(summed_bp).toBe(rate_bp);
        expect(fee_minor).toBe(percentOfMinor(charge.amount_minor, rate_bp) + fee_rates.fixed);
        expect(fee_rates.fixed_currency).toBe(charge.settlementCurrency.toLowerCase());
        expect(fee_rates.history[0]?.type).toBe('base');
      }),
    );
  });

  it('never falls as the amount grows', () => {
    fc.assert(
      fc.property(input, fc.nat({ max: 1_000_000 }), (charge, more) => {
        const larger = { ...charge, amount_minor: charge.amount_minor + more };
        expect(computeChargeFee(larger).fee_minor).toBeGreaterThanOrEqual(computeChargeFee(charge).fee_minor);
      }),
    );
  });
});

describe('computeChargeFee: invalid input', () => {
  it.each([
    { amount_minor: -1 },
    { amount_minor: 10.5 },
    { accountCountry: 'USA' },
    { accountCountry: '' },
    { settlementCurrency: 'US' },
    { customerCurrency: 'dollars' },
    { cardCountry: 'U' },
  ])('refuses %j', (override) => {
    expect(() => computeChargeFee({ ...usCard, ...override })).toThrow(/Assertion failed/);
  });
});

describe('disputeFee', () => {
  it.each([
    ['USD', 1500],
    ['eur', 2000],
    ['GBP', 2000],
    ['CAD', 1500],
    ['AUD', 2500],
    ['JPY', 2000],
    ['CHF', 2000],
    ['SEK', 1500],
    ['NZD', 1500],
  ])('%s: %i minor units', (currency, fee) => {
    expect(disputeFee(currency)).toBe(fee);
  });

  it('refuses a malformed currency', () => {
    expect(() => disputeFee('euro')).toThrow(/Assertion failed/);
  });
});

describe('instantPayoutFee', () => {
  it.each([
    [100_000, 'USD', 1500],
    [10_001, 'usd', 150], // 150.015
    [3_334, 'EUR', 50], // 50.01 rounds to 50
    [3_367, 'EUR', 51], // 50.505
    [1_000, 'GBP', 50], // 15, raised to the minimum
    [0, 'USD', 50],
    [1_000_000, 'JPY', 15_000],
  ])('%i %s costs %i', (amount, currency, fee) => {
    expect(instantPayoutFee(amount, currency)).toEqual({ fee_minor: fee, fee_percentage: 1.5 });
  });

  it.each([
    [-1, 'USD'],
    [1.5, 'USD'],
    [100, 'US'],
  ])('refuses %d %s', (amount, currency) => {
    expect(() => instantPayoutFee(amount, currency)).toThrow(/Assertion failed/);
  });
});

describe('cardReaderFee', () => {
  it.each([
    [1, 'USD', 10],
    [25, 'eur', 250],
    [0, 'GBP', 0],
    [3, 'JPY', 45],
  ])('%i transactions in %s cost %i', (count, currency, fee) => {
    expect(cardReaderFee(count, currency)).toBe(fee);
  });

  it.each([
    [-1, 'USD'],
    [1.5, 'USD'],
    [1, 'DOLLAR'],
  ])('refuses %d transactions in %s', (count, currency) => {
    expect(() => cardReaderFee(count, currency)).toThrow(/Assertion failed/);
  });
});

describe('onlineMethodFees', () => {
  it('prices a method as the engine charges a card, with its surcharges', () => {
    expect(onlineMethodFees('US', 'USD')).toEqual({
      base: { percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' },
      additional: { percentage_rate: 0.01, fixed_rate: 0, currency: 'usd' },
      fx: { percentage_rate: 0.01, fixed_rate: 0, currency: 'usd' },
      discount: [],
    });
    const charged = computeChargeFee({
      amount_minor: 10_000,
      accountCountry: 'US',
      settlementCurrency: 'usd',
      customerCurrency: 'usd',
      channel: 'online',
    });
    const { base } = onlineMethodFees('US', 'usd');
    expect(charged.fee_minor).toBe(percentOfMinor(10_000, onlineRateBp('US')) + base.fixed_rate);
    expect(onlineMethodFees('JP', 'jpy').base).toEqual({
      percentage_rate: 0.036,
      fixed_rate: 0,
      currency: 'jpy',
    });
  });
});
