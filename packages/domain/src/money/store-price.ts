import { currencyPrecision } from '../currencies.ts';
import { assert } from '../errors.ts';
import { parseDecimal, pow10 } from './decimal.ts';
import { isValidExchangeRate } from './format.ts';

/** How a store price is shown in another currency: its rate, then rounding, then charm. */
export interface PriceAdjustment {
  /** Major units of the target currency one major unit of the store currency buys ("0.92"). */
  readonly rate: string;
  /** Prices go up to the next multiple of this (major units of the target); "0" leaves them. */
  readonly rounding: string;
  /** Added after rounding, zero or negative ("-0.01"), in major units of the target. */
  readonly charm: string;
}

/** A decimal string as an exact number of the currency's minor units; refuses finer values. */
function toMinorUnits(text: string, currency: string, what: string): bigint {
  const decimal = parseDecimal(text);
  assert(decimal !== null, `${what} must be a decimal string, got "${text}"`);
  const precision = currencyPrecision(currency);
  const scaled = decimal.units * pow10(precision);
  const divisor = pow10(decimal.scale);
  assert(scaled % divisor === 0n, `${what} ${text} is finer than one minor unit of ${currency}`);
  return scaled / divisor;
}

/**
 * A store price shown in another currency, the way the storefront prices it: the exact
 * product of price and rate, raised to the next multiple of `rounding` (a ceiling, so a price
 * never drops below its conversion), then `charm` added, never below zero. Without rounding the
 * product is rounded half away from zero to the target's minor units. The store's own currency
 * is never adjusted. All arithmetic is on BigInt: no binary float touches the amount.
 */
export function adjustedPriceMinor(
  amount_minor: number,
  storeCurrency: string,
  targetCurrency: string,
  adjustment: PriceAdjustment,
): number {
  assert(Number.isSafeInteger(amount_minor) && amount_minor >= 0, `Price must be whole minor units ≥ 0`);
  if (storeCurrency.toUpperCase() === targetCurrency.toUpperCase()) return amount_minor;
  assert(
    isValidExchangeRate(adjustment.rate),
    `Exchange rate must be a positive decimal, got "${adjustment.rate}"`,
  );
  const rate = parseDecimal(adjustment.rate)!;
  // The converted price in target minor units is numerator / denominator, exactly.
  const numerator = BigInt(amount_minor) * rate.units * pow10(currencyPrecision(targetCurrency));
  const denominator = pow10(rate.scale + currencyPrecision(storeCurrency));
  const step = toMinorUnits(adjustment.rounding, targetCurrency, 'Rounding');
  assert(step >= 0n, 'Rounding must not be negative');
  const rounded =
    step === 0n
      ? (2n * numerator + denominator) / (2n * denominator)
      : ((numerator + denominator * step - 1n) / (denominator * step)) * step;
  const charm = toMinorUnits(adjustment.charm, targetCurrency, 'Charm');
  assert(charm <= 0n, 'Charm must be zero or negative');
  const result = rounded + charm;
  const clamped = result < 0n ? 0n : result;
  assert(clamped <= BigInt(Number.MAX_SAFE_INTEGER), `Converted price out of range: ${clamped}`);
  return Number(clamped);
}
