import { assert } from '../errors.ts';

/**
 * Adds amounts in integer minor units. Every sum of money goes through here, so a sum past
 * 2^53 - 1 (where integers stop being exact) fails loudly instead of rounding a cent away; the
 * guard is the one ledger columns pass.
 */
export function sumMinor(...amounts_minor: readonly number[]): number {
  let sum = 0;
  for (const amount of amounts_minor) {
    assert(Number.isSafeInteger(amount), `an amount in minor units must be a safe integer, got ${amount}`);
    sum += amount;
    assert(Number.isSafeInteger(sum), 'a sum of minor units must be a safe integer');
  }
  return sum;
}

/**
 * An integer the database summed or counted (drivers answer `sum()` and `count()` as text or
 * bigint), read exactly: a value outside the safe integer range, or not an integer, throws
 * rather than come back rounded. Null (the sum of no rows) is 0.
 */
export function minorFromAggregate(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const exact =
    typeof value === 'string' ? (/^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : null) : value;
  assert(exact !== null, `an aggregate of minor units must be an integer, got ${String(value)}`);
  const number = Number(exact);
  assert(
    Number.isSafeInteger(number) && BigInt(number) === BigInt(exact),
    `an aggregate of minor units must be a safe integer, got ${String(value)}`,
  );
  return number;
}

/** Basis points in a whole: a rate of 10,000 bp is 100 %. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * The share of an amount at a rate in basis points, rounded down to whole minor units (a loan
 * withholds 500 bp of a 1,999 net as 99): computed exactly, so no product of a large amount and
 * a rate loses a unit to floating point.
 */
export function basisPointShareMinor(amount_minor: number, rate_bp: number): number {
  assert(
    Number.isSafeInteger(amount_minor),
    `an amount in minor units must be a safe integer, got ${amount_minor}`,
  );
  assert(
    Number.isSafeInteger(rate_bp) && rate_bp >= 0 && rate_bp <= BASIS_POINTS_PER_WHOLE,
    `a rate in basis points must be a whole number from 0 to ${BASIS_POINTS_PER_WHOLE}, got ${rate_bp}`,
  );
  const product = BigInt(amount_minor) * BigInt(rate_bp);
  const whole = BigInt(BASIS_POINTS_PER_WHOLE);
  // BigInt division truncates toward zero; a share rounds down, also below zero.
  const quotient = product / whole;
  return Number(product % whole < 0n ? quotient - 1n : quotient);
}
