import { describe, expect, it } from 'vitest';
import { adjustedPriceMinor } from './store-price.ts';

const price = (
  amount_minor: number,
  from: string,
  to: string,
  rate: string,
  rounding = '0',
  charm = '0.00',
) => adjustedPriceMinor(amount_minor, from, to, { rate, rounding, charm });

describe('adjustedPriceMinor', () => {
  it('converts exactly and rounds half away from zero without a rounding step', () => {
    expect(price(1800, 'USD', 'EUR', '0.92')).toBe(1656);
    expect(price(999, 'USD', 'EUR', '0.92')).toBe(919); // 919.08
    expect(price(50, 'USD', 'EUR', '0.91')).toBe(46); // 45.5
  });

  it('raises the price to the next multiple of each decimal rounding choice', () => {
    expect(price(1800, 'USD', 'EUR', '0.92', '0.25')).toBe(1675);
    expect(price(1800, 'USD', 'EUR', '0.92', '0.50')).toBe(1700);
    expect(price(1800, 'USD', 'EUR', '0.92', '1.00')).toBe(1700);
    expect(price(1800, 'USD', 'EUR', '0.92', '5.00')).toBe(2000);
    expect(price(1800, 'USD', 'EUR', '0.92', '10.00')).toBe(2000);
  });

  it('leaves a price already on a multiple where it is, and never rounds down', () => {
    expect(price(1700, 'USD', 'EUR', '1', '1.00')).toBe(1700);
    expect(price(1701, 'USD', 'EUR', '1', '1.00')).toBe(1800);
    // 0.000001 above a whole unit still goes up: the ceiling is exact, not a float's.
    expect(price(100, 'USD', 'EUR', '1.0000001', '1.00')).toBe(200);
  });

  it('adds charm pricing after rounding', () => {
    expect(price(1800, 'USD', 'EUR', '0.92', '1.00', '-0.01')).toBe(1699);
    expect(price(1800, 'USD', 'EUR', '0.92', '1.00', '-0.05')).toBe(1695);
    expect(price(1800, 'USD', 'EUR', '0.92', '0', '-0.01')).toBe(1655);
  });

  it('prices zero-decimal currencies in whole units with their own choices', () => {
    expect(price(1800, 'USD', 'JPY', '151.5')).toBe(2727);
    expect(price(1800, 'USD', 'JPY', '151.5', '1')).toBe(2727);
    expect(price(1800, 'USD', 'JPY', '151.5', '100')).toBe(2800);
    expect(price(1800, 'USD', 'JPY', '151.5', '100', '-1')).toBe(2799);
    expect(price(1800, 'USD', 'JPY', '151.5', '1000', '-100')).toBe(2900);
    expect(price(1800, 'USD', 'JPY', '151.5', '25', '-20')).toBe(2730);
  });

  it('converts from a zero-decimal store currency', () => {
    // ¥2,727 at 0.0066 is $17.9982: 1799.82 cents.
    expect(price(2727, 'JPY', 'USD', '0.0066')).toBe(1800);
    expect(price(2727, 'JPY', 'USD', '0.0066', '0.25', '-0.01')).toBe(1799);
    expect(price(2727, 'JPY', 'KRW', '8.9', '10')).toBe(24280); // 24270.3 → 24280
  });

  it('never answers below zero', () => {
    expect(price(0, 'USD', 'EUR', '0.92', '0', '-0.05')).toBe(0);
    expect(price(1, 'USD', 'EUR', '0.92', '0', '-0.05')).toBe(0);
    expect(price(0, 'USD', 'EUR', '0.92', '1.00', '-0.01')).toBe(0);
  });

  it('shows the store currency as it is, whatever its settings', () => {
    expect(price(1234, 'USD', 'usd', '2', '10.00', '-0.05')).toBe(1234);
  });

  it('refuses what no setting can hold', () => {
    expect(() => price(-1, 'USD', 'EUR', '0.92')).toThrow();
    expect(() => price(1.5, 'USD', 'EUR', '0.92')).toThrow();
    expect(() => price(100, 'USD', 'EUR', '0')).toThrow();
    expect(() => price(100, 'USD', 'EUR', '1e3')).toThrow();
    expect(() => price(100, 'USD', 'JPY', '150', '0.25')).toThrow(/finer/);
    expect(() => price(100, 'USD', 'JPY', '150', '100', '-0.01')).toThrow(/finer/);
    expect(() => price(100, 'USD', 'EUR', '0.92', '1.00', '0.05')).toThrow(/negative/);
    expect(() => price(Number.MAX_SAFE_INTEGER, 'USD', 'VND', '24650')).toThrow(/range/);
  });
});
