import { describe, expect, it } from 'vitest';
import { minorFromAggregate, sumMinor } from './sum.ts';

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
});
