import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crossRateOf,
  decimalToFixed,
  divideRoundHalfAway,
  groupDecimalText,
  numberToDecimalText,
  parseDecimal,
  roundDecimal,
  trimFractionZeros,
} from './decimal.ts';

describe('divideRoundHalfAway', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
    [15n, 10n, 2n],
    [14n, 10n, 1n],
  ])('%s / %s is %s', (numerator, denominator, expected) => {
    expect(divideRoundHalfAway(numerator, denominator)).toBe(expected);
  });

  it('refuses division by zero', () => {
    expect(() => divideRoundHalfAway(1n, 0n)).toThrow(/zero/);
  });

  it('is within half of the exact quotient and odd in sign (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.bigInt().filter((d) => d !== 0n),
        (n, d) => {
          const q = divideRoundHalfAway(n, d);
          // |n - q·d| ≤ |d| / 2, compared without fractions.
          const error = n - q * d;
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(2n * abs(error) <= abs(d)).toBe(true);
          expect(divideRoundHalfAway(-n, d)).toBe(-q);
        },
      ),
    );
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12.34', 1234n, 2],
    ['-0.5', -5n, 1],
    ['.5', 5n, 1],
    ['7.', 7n, 0],
    ['007', 7n, 0],
  ])('%j is %s at scale %i', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
  });

  it.each(['', ' ', '.', '-', '-.', '1e5', '1,5', '0x10', 'Infinity', '1.2.3', '--1', '9'.repeat(65)])(
    'refuses %j',
    (text) => {
      expect(parseDecimal(text)).toBeNull();
    },
  );
});

describe('formatting helpers', () => {
  it('writes fixed decimals', () => {
    expect(decimalToFixed({ units: -5n, scale: 2 })).toBe('-0.05');
    expect(decimalToFixed({ units: 123n, scale: 0 })).toBe('123');
    expect(decimalToFixed(roundDecimal({ units: 12345n, scale: 4 }, 2))).toBe('1.23');
    expect(decimalToFixed(roundDecimal({ units: 12350n, scale: 4 }, 2))).toBe('1.24');
    expect(decimalToFixed(roundDecimal({ units: 5n, scale: 0 }, 2))).toBe('5.00');
  });

  it('trims fraction zeros only after a point', () => {
    expect(trimFractionZeros('2.900')).toBe('2.9');
    expect(trimFractionZeros('10.000')).toBe('10');
    expect(trimFractionZeros('100')).toBe('100');
    expect(trimFractionZeros('-0.000')).toBe('0');
  });

  it('groups whole digits', () => {
    const en = { thousandSeparator: ',', decimalSeparator: '.' };
    expect(groupDecimalText('1234567.891', en)).toBe('1,234,567.891');
    expect(groupDecimalText('-1234', en)).toBe('-1,234');
    expect(groupDecimalText('123', en)).toBe('123');
    expect(groupDecimalText('1234.5', { thousandSeparator: ' ', decimalSeparator: ',' })).toBe('1 234,5');
  });

  it('writes numbers without exponents', () => {
    expect(numberToDecimalText(0.1)).toBe('0.1');
    expect(numberToDecimalText(1e-7)).toMatch(/^0\.0000001\d*$/);
    expect(() => numberToDecimalText(Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(() => numberToDecimalText(1e21)).toThrow(/too large/);
  });
});

describe('crossRateOf', () => {
  it('divides two rates of one base exactly, to ten places, half away from zero', () => {
    expect(crossRateOf('1', '0.92')).toBe('0.92');
    expect(crossRateOf('0.92', '1')).toBe('1.0869565217');
    expect(crossRateOf('1.35', '151.2')).toBe('112');
    expect(crossRateOf('3', '2')).toBe('0.6666666667');
    expect(crossRateOf('3', '1')).toBe('0.3333333333');
    expect(crossRateOf('0.000000000001', '1')).toBe('1000000000000');
  });

  it('refuses rates that are not positive decimals', () => {
    for (const [a, b] of [
      ['0', '1'],
      ['1', '-2'],
      ['x', '1'],
      ['1e3', '1'],
    ] as const) {
      expect(() => crossRateOf(a, b)).toThrow(/positive decimals/);
    }
  });
});
