import { CURRENCIES, type CurrencyInfo, currencyPrecision } from '../currencies.ts';
import { assert } from '../errors.ts';
import { localeSeparators } from '../locale.ts';
import {
  type Decimal,
  decimalToFixed,
  divideRoundHalfAway,
  groupDecimalText,
  numberToDecimalText,
  parseDecimal,
  pow10,
  roundDecimal,
  trimFractionZeros,
} from './decimal.ts';

/**
 * Money is an integer amount of minor units plus a currency. Everything here
 * works on integers or decimal strings through BigInt, never on binary floats, so 0.1 + 0.2
 * problems cannot reach an amount a merchant sees or a ledger stores.
 */

function assertMinor(amount_minor: number): void {
  assert(Number.isSafeInteger(amount_minor), `amount_minor must be a safe integer, got ${amount_minor}`);
}

/** 1234 USD → "12.34", -5 USD → "-0.05", 500 JPY → "500" (zero-decimal currencies). */
export function toMajorUnits(amount_minor: number, currency: string): string {
  assertMinor(amount_minor);
  return decimalToFixed({ units: BigInt(amount_minor), scale: currencyPrecision(currency) });
}

export type MoneyParseErrorCode = 'invalid_amount' | 'too_many_decimals' | 'out_of_range';

/** A typed failure for text that is not an amount of the given currency. */
export class MoneyParseError extends Error {
  readonly code: MoneyParseErrorCode;

  constructor(code: MoneyParseErrorCode, message: string) {
    super(message);
    this.name = 'MoneyParseError';
    this.code = code;
  }
}

export type MajorUnitsParseResult =
  | { ok: true; amount_minor: number }
  | { ok: false; code: MoneyParseErrorCode; message: string };

/**
 * Parses a plain decimal in major units ("12.34", "-0.5", "500") into minor units exactly.
 * Digits beyond the currency's precision are accepted only when they are zeros ("500.00" JPY
 * is 500), because they change nothing; "12.345" USD is refused rather than rounded.
 */
export function parseMajorUnits(text: string, currency: string): MajorUnitsParseResult {
  const decimal = parseDecimal(text);
  if (!decimal) {
    return { ok: false, code: 'invalid_amount', message: `"${text}" is not an amount such as 12.34.` };
  }
  const precision = currencyPrecision(currency);
  let units: bigint;
  if (decimal.scale <= precision) {
    units = decimal.units * pow10(precision - decimal.scale);
  } else {
    const divisor = pow10(decimal.scale - precision);
    if (decimal.units % divisor !== 0n) {
      return {
        ok: false,
        code: 'too_many_decimals',
        message: `${currency.toUpperCase()} amounts have at most ${precision} decimal places.`,
      };
    }
    units = decimal.units / divisor;
  }
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < BigInt(Number.MIN_SAFE_INTEGER)) {
    return { ok: false, code: 'out_of_range', message: `"${text}" is too large an amount.` };
  }
  // Number(-0n) is 0, so "-0.00" parses to a plain zero.
  return { ok: true, amount_minor: Number(units) };
}

/** Like parseMajorUnits, but throws a MoneyParseError for text that is not an amount. */
export function fromMajorUnits(text: string, currency: string): number {
  const result = parseMajorUnits(text, currency);
  if (!result.ok) throw new MoneyParseError(result.code, result.message);
  return result.amount_minor;
}

/**
 * Display information for any currency code. Unknown codes show their uppercase code, spaced
 * from the number like CHF is, so "ABC 12.34" never reads as part of the digits.
 */
export function currencyDisplayInfo(currency: string): CurrencyInfo {
  const code = currency.toUpperCase();
  const known = Object.hasOwn(CURRENCIES, code) ? CURRENCIES[code] : undefined;
  return (
    known ?? {
      code,
      name: code,
      symbol: code,
      symbolPosition: 'left_space',
      precision: currencyPrecision(code),
    }
  );
}

/**
 * "$1,234.56", "-$12.34", "1 234,56 zł", "¥500": the currency's symbol and position from the
 * currency table, the locale's separators. The minus sign always leads.
 */
export function formatCurrency(amount_minor: number, currency: string, locale = 'en_US'): string {
  const info = currencyDisplayInfo(currency);
  const major = toMajorUnits(Math.abs(amount_minor), info.code);
  const number = groupDecimalText(major, localeSeparators(locale));
  const sign = amount_minor < 0 ? '-' : '';
  switch (info.symbolPosition) {
    case 'left':
      return `${sign}${info.symbol}${number}`;
    case 'left_space':
      return `${sign}${info.symbol} ${number}`;
    case 'right':
      return `${sign}${number}${info.symbol}`;
    case 'right_space':
      return `${sign}${number} ${info.symbol}`;
  }
}

/**
 * formatCurrency with the currency code appended ("$12.34 USD"), for places where several
 * currencies share a symbol. A code already shown as the symbol ("CHF 12.34") is not repeated.
 */
export function formatExplicitCurrency(amount_minor: number, currency: string, locale = 'en_US'): string {
  const formatted = formatCurrency(amount_minor, currency, locale);
  const code = currency.toUpperCase();
  return formatted.includes(code) ? formatted : `${formatted} ${code}`;
}

/**
 * An amount as the store's pages show it: in the store currency plainly ("$21.61"), in any other
 * with its code ("$32.85 AUD"), so amounts of currencies that share a symbol never read alike.
 */
export function formatStoreAmount(
  amount_minor: number,
  currency: string,
  store: { storeCurrency: string; locale: string },
): string {
  return currency.toLowerCase() === store.storeCurrency.toLowerCase()
    ? formatCurrency(amount_minor, currency, store.locale)
    : formatExplicitCurrency(amount_minor, currency, store.locale);
}

function toDecimal(value: number | string): Decimal {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value;
  const decimal = parseDecimal(text);
  assert(decimal, `Expected a decimal number, got "${text}"`);
  return decimal;
}

/** A fraction as a percentage rounded to `places`, trailing zeros trimmed: 0.029 → "2.9". */
function fractionToPercentText(fraction: number | string, places: number, locale: string): string {
  const decimal = toDecimal(fraction);
  const percent = roundDecimal({ units: decimal.units * 100n, scale: decimal.scale }, places);
  return groupDecimalText(trimFractionZeros(decimalToFixed(percent)), localeSeparators(locale));
}

/**
 * A fee rate given as a fraction (0.029) shown as a percentage: "2.9%". Fee rate percentages
 * are multiplied by 100 to 3 decimals; trailing zeros are trimmed.
 */
export function formatFeeRate(percentage_rate: number | string, locale = 'en_US'): string {
  return `${fractionToPercentText(percentage_rate, 3, locale)}%`;
}

/**
 * A loan's withhold rate, a fraction as the payments provider reports it (0.1 is 10%), shown
 * as a percent with up to 2 decimals: 0.12345 → "12.35%".
 */
export function formatWithholdRate(withhold_rate: number | string, locale = 'en_US'): string {
  return `${fractionToPercentText(withhold_rate, 2, locale)}%`;
}

/**
 * An exchange rate for display, with a precision of 5 digits, or 6 when the rate is below 1;
 * "digits" are decimal places (as a number format's precision usually is), so
 * 1.2345678 → "1.23457" and 0.0123456789 → "0.012346". Places are kept, not trimmed, so rates
 * line up in a timeline.
 */
export function formatExchangeRate(rate: number | string, locale = 'en_US'): string {
  const decimal = toDecimal(rate);
  const below_one = decimal.units < pow10(decimal.scale);
  const rounded = roundDecimal(decimal, below_one ? 6 : 5);
  return groupDecimalText(decimalToFixed(rounded), localeSeparators(locale));
}

/**
 * The most decimal places a stored exchange rate may carry. Ten places keep a rate between a
 * strong and a weak currency (1 KWD ≈ 80,000 VND and back) exact to well below one minor unit.
 */
export const EXCHANGE_RATE_MAX_DECIMALS = 10;

/** Rates are positive plain decimals with at most EXCHANGE_RATE_MAX_DECIMALS places. */
export function isValidExchangeRate(rate: string): boolean {
  const decimal = parseDecimal(rate);
  return decimal !== null && decimal.units > 0n && decimal.scale <= EXCHANGE_RATE_MAX_DECIMALS;
}

/**
 * Converts an amount between currencies. `rate` is a decimal string: how many major units of
 * `toCurrency` one major unit of `fromCurrency` buys (1 USD = "0.9123" EUR). Rates are strings
 * so that they are exact; the product is computed with BigInt and rounded half away from zero
 * once, in the target's minor units, which handles zero-decimal currencies on either side.
 */
export function convertMinor(
  amount_minor: number,
  fromCurrency: string,
  toCurrency: string,
  rate: string,
): number {
  assertMinor(amount_minor);
  assert(isValidExchangeRate(rate), `Exchange rate must be a positive decimal string, got "${rate}"`);
  const decimal = parseDecimal(rate)!;
  const numerator = BigInt(amount_minor) * decimal.units * pow10(currencyPrecision(toCurrency));
  const denominator = pow10(decimal.scale + currencyPrecision(fromCurrency));
  const result = divideRoundHalfAway(numerator, denominator);
  assert(
    result <= BigInt(Number.MAX_SAFE_INTEGER) && result >= BigInt(Number.MIN_SAFE_INTEGER),
    `Converted amount out of range: ${result}`,
  );
  return Number(result);
}

/**
 * The rate between two amounts of the same value (what a customer paid and what the store
 * received), as a decimal string with up to EXCHANGE_RATE_MAX_DECIMALS places, so a timeline
 * can show it with formatExchangeRate. Amounts are in minor units of their own currencies.
 */
export function exchangeRateFromAmounts(
  from_amount_minor: number,
  fromCurrency: string,
  to_amount_minor: number,
  toCurrency: string,
): string {
  assertMinor(from_amount_minor);
  assertMinor(to_amount_minor);
  assert(from_amount_minor !== 0, 'Cannot derive an exchange rate from a zero amount');
  const numerator =
    BigInt(to_amount_minor) * pow10(currencyPrecision(fromCurrency) + EXCHANGE_RATE_MAX_DECIMALS);
  const denominator = BigInt(from_amount_minor) * pow10(currencyPrecision(toCurrency));
  const units = divideRoundHalfAway(numerator, denominator);
  return trimFractionZeros(decimalToFixed({ units, scale: EXCHANGE_RATE_MAX_DECIMALS }));
}
