import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../currencies.ts';
import {
  convertMinor,
  currencyDisplayInfo,
  exchangeRateFromAmounts,
  formatCurrency,
  formatExchangeRate,
  formatExplicitCurrency,
  formatFeeRate,
  formatStoreAmount,
  formatWithholdRate,
  fromMajorUnits,
  isValidExchangeRate,
  MoneyParseError,
  parseMajorUnits,
  toMajorUnits,
} from './format.ts';

const ALL_CODES = [...Object.keys(CURRENCIES), 'XYZ', 'UGX'];
const safeMinor = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('toMajorUnits', () => {
  it.each([
    [1234, 'USD', '12.34'],
    [-5, 'USD', '-0.05'],
    [5, 'usd', '0.05'],
    [0, 'USD', '0.00'],
    [-0, 'USD', '0.00'],
    [100, 'EUR', '1.00'],
    [500, 'JPY', '500'],
    [-500, 'jpy', '-500'],
    [123456789, 'KRW', '123456789'],
    [1999, 'XYZ', '19.99'],
    [Number.MAX_SAFE_INTEGER, 'USD', '90071992547409.91'],
  ])('%i %s is %s', (amount, currency, expected) => {
    expect(toMajorUnits(amount, currency)).toBe(expected);
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => toMajorUnits(12.5, 'USD')).toThrow(/safe integer/);
    expect(() => toMajorUnits(Number.NaN, 'USD')).toThrow(/safe integer/);
    expect(() => toMajorUnits(2 ** 60, 'USD')).toThrow(/safe integer/);
  });
});

describe('fromMajorUnits', () => {
  it.each([
    ['12.34', 'USD', 1234],
    ['-0.05', 'USD', -5],
    ['12', 'USD', 1200],
    ['12.3', 'USD', 1230],
    ['.5', 'USD', 50],
    ['7.', 'USD', 700],
    ['  1.50 ', 'USD', 150],
    ['-0.00', 'USD', 0],
    ['500', 'JPY', 500],
    ['500.00', 'JPY', 500],
    ['12.340', 'USD', 1234],
    ['0012.34', 'USD', 1234],
  ])('%j %s is %i', (text, currency, expected) => {
    expect(fromMajorUnits(text, currency)).toBe(expected);
  });

  it.each([
    ['', 'invalid_amount'],
    ['.', 'invalid_amount'],
    ['-', 'invalid_amount'],
    ['abc', 'invalid_amount'],
    ['1,234.56', 'invalid_amount'],
    ['1e3', 'invalid_amount'],
    ['+5', 'invalid_amount'],
    ['12.3.4', 'invalid_amount'],
    ['$12', 'invalid_amount'],
    ['1'.repeat(80), 'invalid_amount'],
    ['12.345', 'too_many_decimals'],
    ['99999999999999999', 'out_of_range'],
  ])('refuses %j (%s)', (text, code) => {
    const result = parseMajorUnits(text, 'USD');
    expect(result).toMatchObject({ ok: false, code });
    expect(() => fromMajorUnits(text, 'USD')).toThrow(MoneyParseError);
  });

  it('refuses any decimals for a zero-decimal currency', () => {
    expect(parseMajorUnits('500.5', 'JPY')).toMatchObject({ ok: false, code: 'too_many_decimals' });
    expect(parseMajorUnits('500.5', 'JPY')).toMatchObject({
      message: 'JPY amounts have at most 0 decimal places.',
    });
  });

  it('carries the error code on the thrown error', () => {
    try {
      fromMajorUnits('1.001', 'EUR');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MoneyParseError);
      expect((error as MoneyParseError).code).toBe('too_many_decimals');
    }
  });

  it('round-trips with toMajorUnits for every currency', () => {
    fc.assert(
      fc.property(safeMinor, fc.constantFrom(...ALL_CODES), (amount, currency) => {
        expect(fromMajorUnits(toMajorUnits(amount, currency), currency)).toBe(amount);
      }),
    );
  });
});

describe('formatCurrency', () => {
  it.each([
    [123456, 'USD', 'en_US', '$1,234.56'],
    [-1234, 'USD', 'en_US', '-$12.34'],
    [0, 'USD', 'en_US', '$0.00'],
    [123456, 'EUR', 'de_DE', '€1.234,56'],
    [123456, 'EUR', 'fr_FR', '€1 234,56'],
    [123456789, 'CHF', 'de_CH', "CHF 1'234'567.89"],
    [123456, 'PLN', 'pl_PL', '1 234,56 zł'],
    [-123456, 'SEK', 'en_US', '-1,234.56 kr'],
    [500, 'JPY', 'en_US', '¥500'],
    [1234567, 'JPY', 'ja', '¥1,234,567'],
    [1234567, 'jpy', 'de_DE', '¥1.234.567'],
    [99, 'GBP', 'en_GB', '£0.99'],
    [123456, 'XYZ', 'en_US', 'XYZ 1,234.56'],
    [123456, 'xyz', 'en_US', 'XYZ 1,234.56'],
    [123456, 'UGX', 'en_US', 'UGX 123,456'],
  ])('%i %s in %s is %s', (amount, currency, locale, expected) => {
    expect(formatCurrency(amount, currency, locale)).toBe(expected);
  });

  it('defaults to US separators', () => {
    expect(formatCurrency(100000, 'USD')).toBe('$1,000.00');
  });

  it('shows the same digits as toMajorUnits', () => {
    fc.assert(
      fc.property(safeMinor, fc.constantFrom(...ALL_CODES), (amount, currency) => {
        const { symbol } = currencyDisplayInfo(currency);
        const digits = formatCurrency(amount, currency, 'en_US').replace(symbol, '').replace(/[, ]/g, '');
        expect(digits).toBe(toMajorUnits(amount, currency));
      }),
    );
  });

  it('refuses amounts that are not integers', () => {
    expect(() => formatCurrency(1.5, 'USD')).toThrow(/safe integer/);
  });
});

describe('currencyDisplayInfo', () => {
  it('falls back to the code for unknown currencies', () => {
    expect(currencyDisplayInfo('abc')).toEqual({
      code: 'ABC',
      name: 'ABC',
      symbol: 'ABC',
      symbolPosition: 'left_space',
      precision: 2,
    });
  });
});

describe('formatExplicitCurrency', () => {
  it.each([
    [1234, 'USD', '$12.34 USD'],
    [1234, 'usd', '$12.34 USD'],
    [-1234, 'EUR', '-€12.34 EUR'],
    [500, 'JPY', '¥500 JPY'],
    [1234, 'CHF', 'CHF 12.34'],
    [1234, 'XYZ', 'XYZ 12.34'],
  ])('%i %s is %s', (amount, currency, expected) => {
    expect(formatExplicitCurrency(amount, currency, 'en_US')).toBe(expected);
  });
});

describe('formatStoreAmount', () => {
  const store = { storeCurrency: 'USD', locale: 'en_US' };
  it.each([
    [2161, 'usd', '$21.61'],
    [2161, 'USD', '$21.61'],
    [3285, 'aud', '$32.85 AUD'],
    [3285, 'cad', '$32.85 CAD'],
    [-1234, 'eur', '-€12.34 EUR'],
    [1234, 'chf', 'CHF 12.34'],
  ])('%i %s in a USD store is %s', (amount, currency, expected) => {
    expect(formatStoreAmount(amount, currency, store)).toBe(expected);
  });

  it('shows the code of any currency but the store one (property)', () => {
    fc.assert(
      fc.property(
        safeMinor,
        fc.constantFrom(...ALL_CODES),
        fc.constantFrom(...ALL_CODES),
        (amount, currency, storeCurrency) => {
          const shown = formatStoreAmount(amount, currency, { storeCurrency, locale: 'en_US' });
          if (currency === storeCurrency) expect(shown).toBe(formatCurrency(amount, currency, 'en_US'));
          else expect(shown).toContain(currency.toUpperCase());
        },
      ),
    );
  });
});

describe('formatFeeRate', () => {
  it.each([
    [0.029, '2.9%'],
    ['0.029', '2.9%'],
    [0.1, '10%'],
    [0.015, '1.5%'],
    [0.0125, '1.25%'],
    [0.01234, '1.234%'],
    [0.012345, '1.235%'],
    [0.0123449, '1.234%'],
    [0, '0%'],
    [1, '100%'],
    [-0.005, '-0.5%'],
  ])('%s is %s', (rate, expected) => {
    expect(formatFeeRate(rate)).toBe(expected);
  });

  it('uses the locale decimal separator', () => {
    expect(formatFeeRate(0.029, 'de_DE')).toBe('2,9%');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatFeeRate('abc')).toThrow(/decimal/);
    expect(() => formatFeeRate(Number.NaN)).toThrow(/finite/);
  });
});

describe('formatWithholdRate', () => {
  it.each([
    [0.1, '10%'],
    [0.12, '12%'],
    [0.1234, '12.34%'],
    [0.12345, '12.35%'],
    [0.123449, '12.34%'],
    ['0.05', '5%'],
  ])('%s is %s', (rate, expected) => {
    expect(formatWithholdRate(rate)).toBe(expected);
  });
});

describe('formatExchangeRate', () => {
  it.each([
    [1.2345678, '1.23457'],
    ['1.234565', '1.23457'],
    [1, '1.00000'],
    [0.9123456789, '0.912346'],
    ['0.0123456789', '0.012346'],
    [0.99999949, '0.999999'],
    [151.123456, '151.12346'],
    [25000.5, '25,000.50000'],
    [1e-7, '0.000000'],
  ])('%s is %s', (rate, expected) => {
    expect(formatExchangeRate(rate)).toBe(expected);
  });

  it('uses the locale separators', () => {
    expect(formatExchangeRate('1234.5', 'de_DE')).toBe('1.234,50000');
  });
});

describe('convertMinor', () => {
  it.each([
    [1000, 'USD', 'EUR', '0.9', 900],
    [1000, 'USD', 'JPY', '150.25', 1503],
    [1050, 'USD', 'JPY', '150', 1575],
    [1503, 'JPY', 'USD', '0.0066555', 1000],
    [500, 'JPY', 'KRW', '9.1', 4550],
    [1, 'USD', 'EUR', '0.5', 1],
    [-1, 'USD', 'EUR', '0.5', -1],
    [3, 'USD', 'EUR', '0.5', 2],
    [-3, 'USD', 'EUR', '0.5', -2],
    [0, 'USD', 'EUR', '0.9', 0],
    [100, 'EUR', 'EUR', '1', 100],
    [12345, 'GBP', 'USD', '1.2712345678', 15693],
  ])('%i %s to %s at %s is %i', (amount, from, to, rate, expected) => {
    expect(convertMinor(amount, from, to, rate)).toBe(expected);
  });

  it('keeps the amount for a rate of 1 between currencies of the same precision', () => {
    fc.assert(
      fc.property(safeMinor, (amount) => {
        expect(convertMinor(amount, 'USD', 'EUR', '1')).toBe(amount);
      }),
    );
  });

  it('is symmetric in sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 8 }),
        fc.constantFrom(...ALL_CODES),
        fc.constantFrom(...ALL_CODES),
        (amount, rateUnits, from, to) => {
          const rate = `${Math.floor(rateUnits / 10 ** 4)}.${String(rateUnits % 10 ** 4).padStart(4, '0')}`;
          expect(convertMinor(-amount, from, to, rate)).toBe(-convertMinor(amount, from, to, rate) || 0);
        },
      ),
    );
  });

  it.each(['0', '-1', 'abc', '1e3', '1.12345678901', ''])('refuses the rate %j', (rate) => {
    expect(isValidExchangeRate(rate)).toBe(false);
    expect(() => convertMinor(100, 'USD', 'EUR', rate)).toThrow(/Exchange rate/);
  });

  it('refuses results beyond safe integers', () => {
    expect(() => convertMinor(Number.MAX_SAFE_INTEGER, 'JPY', 'USD', '1000')).toThrow(/out of range/);
  });
});

describe('exchangeRateFromAmounts', () => {
  it.each([
    [1000, 'USD', 900, 'EUR', '0.9'],
    [1000, 'USD', 1503, 'JPY', '150.3'],
    [1503, 'JPY', 1000, 'USD', '0.0066533599'],
    [300, 'USD', 100, 'EUR', '0.3333333333'],
  ])('%i %s → %i %s is %s', (from, fromCurrency, to, toCurrency, expected) => {
    expect(exchangeRateFromAmounts(from, fromCurrency, to, toCurrency)).toBe(expected);
  });

  it('refuses a zero source amount', () => {
    expect(() => exchangeRateFromAmounts(0, 'USD', 100, 'EUR')).toThrow(/zero amount/);
  });

  it('derives a rate that converts back to the target amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), (from, to) => {
        const rate = exchangeRateFromAmounts(from, 'USD', to, 'EUR');
        expect(Math.abs(convertMinor(from, 'USD', 'EUR', rate) - to)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
