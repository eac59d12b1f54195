import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectCardBrand, luhnCheckDigit, luhnValid, normalizeCardNumber } from './card-number.ts';

describe('normalizeCardNumber', () => {
  it('removes spaces and dashes only', () => {
    expect(normalizeCardNumber('4242 4242-4242\t4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242.4242')).toBe('4242.4242');
  });
});

describe('luhnValid', () => {
  it.each(['4242424242424242', '378282246310005', '36227206271667', '0', '79927398713'])(
    '%s passes',
    (number) => {
      expect(luhnValid(number)).toBe(true);
    },
  );

  it.each(['4242424242424241', '79927398710', '', '4242a42424242424', '4242 4242 4242 4242', '-0'])(
    '%j fails',
    (number) => {
      expect(luhnValid(number)).toBe(false);
    },
  );

  it('accepts a payload with its check digit and rejects any single changed digit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (payload, position, delta) => {
          const number = `${payload}${luhnCheckDigit(payload)}`;
          expect(luhnValid(number)).toBe(true);
          const index = position % number.length;
          const changed = (Number(number[index]) + delta) % 10;
          const typo = `${number.slice(0, index)}${changed}${number.slice(index + 1)}`;
          expect(luhnValid(typo)).toBe(false);
        },
      ),
    );
  });

  it('refuses to compute a check digit for a non-numeric payload', () => {
    expect(() => luhnCheckDigit('42x')).toThrow(/Assertion failed/);
  });
});

describe('detectCardBrand', () => {
  it.each([
    ['4', 'visa'],
    ['4242424242424242', 'visa'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['35', 'unknown'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['50', 'unknown'],
    ['56', 'unknown'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2220', 'unknown'],
    ['2721', 'unknown'],
    ['3528', 'jcb'],
    ['3589', 'jcb'],
    ['3527', 'unknown'],
    ['3590', 'unknown'],
    ['300', 'diners'],
    ['305', 'diners'],
    ['306', 'unknown'],
    ['3095', 'diners'],
    ['3096', 'unknown'],
    ['36', 'diners'],
    ['38', 'diners'],
    ['39', 'diners'],
    ['6011', 'discover'],
    ['6012', 'unknown'],
    ['644', 'discover'],
    ['649', 'discover'],
    ['643', 'unknown'],
    ['65', 'discover'],
    ['62', 'unionpay'],
    ['6221260000000000', 'unionpay'],
    ['1234567890123', 'unknown'],
    ['', 'unknown'],
    ['4x', 'unknown'],
    ['4242 4242', 'visa'],
  ] as const)('%j is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});
