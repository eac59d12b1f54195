import { assert } from '../errors.ts';

/** Card networks a card number can belong to; `unknown` when no issuer range matches. */
export const PROCESSOR_CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type ProcessorCardBrand = (typeof PROCESSOR_CARD_BRANDS)[number];

/** Card numbers are 12 to 19 digits (ISO/IEC 7812). */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Removes the spaces and dashes people type between digit groups; everything else is kept. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // Counting from the right, every second digit is doubled, starting with the one before the check digit.
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digit to append to `payload` so that the whole number passes the Luhn check. */
export function luhnCheckDigit(payload: string): string {
  assert(/^\d*$/.test(payload), 'a Luhn payload is digits only');
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(`${payload}${digit}`)) return String(digit);
  }
  // One of the ten digits always completes the sum to a multiple of ten.
  throw new Error('Assertion failed: no Luhn check digit found');
}

function prefixBetween(digits: string, length: number, low: number, high: number): boolean {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= low && prefix <= high;
}

/**
 * The card network from the issuer identification number (the leading digits), using the ranges
 * the networks publish. UnionPay's 62 range includes numbers Discover also accepts
 * (622126–622925); like Stripe, we report those as UnionPay, the issuing network.
 */
export function detectCardBrand(number: string): ProcessorCardBrand {
  const digits = normalizeCardNumber(number);
  if (!/^\d+$/.test(digits)) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (prefixBetween(digits, 2, 34, 34) || prefixBetween(digits, 2, 37, 37)) return 'amex';
  if (prefixBetween(digits, 2, 51, 55) || prefixBetween(digits, 4, 2221, 2720)) return 'mastercard';
  if (prefixBetween(digits, 4, 3528, 3589)) return 'jcb';
  if (
    prefixBetween(digits, 3, 300, 305) ||
    prefixBetween(digits, 4, 3095, 3095) ||
    prefixBetween(digits, 2, 36, 36) ||
    prefixBetween(digits, 2, 38, 39)
  ) {
    return 'diners';
  }
  if (prefixBetween(digits, 2, 62, 62)) return 'unionpay';
  if (
    prefixBetween(digits, 4, 6011, 6011) ||
    prefixBetween(digits, 3, 644, 649) ||
    prefixBetween(digits, 2, 65, 65)
  ) {
    return 'discover';
  }
  return 'unknown';
}
