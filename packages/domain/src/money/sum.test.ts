import { describe, expect, it } from 'vitest';
import { basisPointShareMinor, minorFromAggregate, sumMinor } from './sum.ts';

describe('sums of minor units', () => {
  it('adds safe integers and refuses a sum past the safe range', () => {
    expect(sumMinor(1, -2, 3)).toBe(2);
    expect(sumMinor()).toBe(0);
    expect(() => sumMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(/safe integer/);
    expect(() => sumMinor(0.5)).toThrow(/safe integer/);
  });

  it('reads aggregates exactly, or throws', () => {
    expect(minorFromAggregate('123')).toBe(123);
    expect(minorFromAggregate('-42')).toBe(-42);
    expect(minorFromAggregate(7n)).toBe(7);
    expect(minorFromAggregate(null)).toBe(0);
    expect(minorFromAggregate(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => minorFromAggregate('9007199254740993')).toThrow(/safe integer/);
    expect(() => minorFromAggregate(9007199254740993n)).toThrow(/safe integer/);
    expect(() => minorFromAggregate('1.5')).toThrow(/integer/);
    expect(() => minorFromAggregate('')).toThrow(/integer/);
    expect(() => minorFromAggregate(1.5)).toThrow(/safe integer/);
  });

  it('takes a share at a rate in basis points, rounded down and exact', () => {
    expect(basisPointShareMinor(1_999, 500)).toBe(99);
    expect(basisPointShareMinor(2_000, 500)).toBe(100);
    expect(basisPointShareMinor(2_500, 10_000)).toBe(2_500);
    expect(basisPointShareMinor(2_500, 0)).toBe(0);
    expect(basisPointShareMinor(-1_999, 500)).toBe(-100);
    // A double would round this product: 9007199254740991 × 3 is past 2^53.
    expect(basisPointShareMinor(Number.MAX_SAFE_INTEGER, 3)).toBe(2_702_159_776_422);
    expect(() => basisPointShareMinor(2_500, 10_001)).toThrow(/basis points/);
    expect(() => basisPointShareMinor(2_500, 1.5)).toThrow(/basis points/);
    expect(() => basisPointShareMinor(0.5, 500)).toThrow(/safe integer/);
  });
});
