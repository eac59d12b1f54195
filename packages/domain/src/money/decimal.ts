/**
 * Exact decimal arithmetic on BigInt, shared by the money formatters and converters so that no
 * amount or rate ever passes through a binary float. A decimal is `units / 10^scale`.
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Longer input is refused before any parsing, so a hostile string costs nothing. */
const MAX_DECIMAL_TEXT_LENGTH = 64;

const DECIMAL_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a plain decimal such as `12.34`, `-0.5`, `.5` or `7.` (no exponent, no separators).
 * Returns null for anything else, including an empty string or a lone point.
 */
export function parseDecimal(text: string): Decimal | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_DECIMAL_TEXT_LENGTH) return null;
  const match = DECIMAL_PATTERN.exec(trimmed);
  if (!match) return null;
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole.length === 0 && fraction.length === 0) return null;
  const magnitude = BigInt(`${whole || '0'}${fraction}`);
  return { units: match[1] ? -magnitude : magnitude, scale: fraction.length };
}

/**
 * Writes a finite number as a plain decimal string. The shortest round-trip form (`String`) is
 * what a person typed or a JSON document held, so it is preferred over the float's exact
 * binary expansion; only exponent forms fall back to a fixed expansion.
 */
export function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Expected a finite number, got ${value}`);
  const text = String(value);
  if (!text.includes('e')) return text;
  if (Math.abs(value) >= 1e21) throw new Error(`Number too large for a decimal: ${value}`);
  return value.toFixed(20);
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Integer division rounding half away from zero, the rule used for every money rounding here. */
export function divideRoundHalfAway(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // floor((n + d/2) / d) written without a fractional half: an exact half rounds up here.
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Rounds a decimal to `places` digits after the point (half away from zero). */
export function roundDecimal(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return { units: value.units * pow10(places - value.scale), scale: places };
  return { units: divideRoundHalfAway(value.units, pow10(value.scale - places)), scale: places };
}

/** The digits of a decimal with exactly `scale` places, e.g. `{ units: -5n, scale: 2 }` → `-0.05`. */
export function decimalToFixed(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const sign = negative ? '-' : '';
  if (value.scale === 0) return `${sign}${digits}`;
  const cut = digits.length - value.scale;
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** Drops trailing zeros after the point, and the point itself when nothing is left: `2.900` → `2.9`. */
export function trimFractionZeros(text: string): string {
  if (!text.includes('.')) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Puts locale separators into a plain decimal (`-1234.5` → `-1,234.5` or `-1.234,5`): the
 * thousands separator every three whole digits and the decimal separator for the point.
 */
export function groupDecimalText(
  text: string,
  separators: { thousandSeparator: string; decimalSeparator: string },
): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separators.thousandSeparator);
  const body = fraction === undefined ? grouped : `${grouped}${separators.decimalSeparator}${fraction}`;
  return negative ? `-${body}` : body;
}

/** Places a crossed exchange rate keeps. */
export const CROSS_RATE_PLACES = 10;

/**
 * The rate from currency A to currency B when both are quoted against one base (units of A and
 * of B per base unit): `perBaseB / perBaseA`, exact, rounded half away from zero to
 * `CROSS_RATE_PLACES` places, trailing zeros dropped. Rates are positive decimal strings.
 */
export function crossRateOf(perBaseA: string, perBaseB: string): string {
  const a = parseDecimal(perBaseA);
  const b = parseDecimal(perBaseB);
  if (!a || !b || a.units <= 0n || b.units <= 0n) {
    throw new Error(`Exchange rates must be positive decimals, got ${perBaseA} and ${perBaseB}`);
  }
  const units = divideRoundHalfAway(b.units * pow10(a.scale + CROSS_RATE_PLACES), a.units * pow10(b.scale));
  return trimFractionZeros(decimalToFixed({ units, scale: CROSS_RATE_PLACES }));
}
