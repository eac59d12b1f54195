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
