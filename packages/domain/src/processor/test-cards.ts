import { assert } from '../errors.ts';
import type { CardFunding, CheckResult } from '../payments/messages.ts';
import { MINUTE_MS } from '../time.ts';
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  detectCardBrand,
  luhnValid,
  normalizeCardNumber,
  type ProcessorCardBrand,
} from './card-number.ts';
import { type DeclineCode, type DeclineOutcomeType, declineMessage, declineReasonKey } from './declines.ts';
import { sandboxFingerprint } from './hash.ts';

export interface ProcessorCardChecks {
  cvc_check: CheckResult;
  address_line1_check: CheckResult;
  address_postal_code_check: CheckResult;
}

/** The `card` payment-method detail block, plus the brand it was detected as. */
export interface ProcessorCardDetails {
  brand: ProcessorCardBrand;
  /** The network that carried the payment; the sandbox always routes a card on its own brand. */
  network: ProcessorCardBrand;
  last4: string;
  fingerprint: string;
  exp_month: number;
  exp_year: number;
  funding: CardFunding;
  /** ISO 3166-1 alpha-2 country of the issuing bank, upper case. */
  country: string;
  checks: ProcessorCardChecks;
}

/** 0 normal, 1 elevated, 2 highest. */
export type ProcessorRiskLevel = 0 | 1 | 2;

export type ScriptedDisputeReason = 'fraudulent' | 'product_not_received';

/** What the sandbox will do to a successful payment later, so the server can schedule it. */
export interface CardScript {
  /** A dispute (or an inquiry when `inquiry`) the sandbox opens after the charge succeeds. */
  dispute?: { reason: ScriptedDisputeReason; inquiry: boolean };
  /** Refunds of this card are accepted as pending and then fail. */
  refunds_fail: boolean;
  /** Set when `refunds_fail`: the refund failure reason. */
  refund_failure_reason?: 'expired_or_canceled_card';
  /** The street or postal code check failed: the fraud rules' "AVS mismatch". */
  avs_mismatch: boolean;
}

export type TestCardGroup =
  | 'successful'
  | 'declines'
  | 'checks_and_risk'
  | 'disputes_and_refunds'
  | 'international'
  | 'funding';

/** One scripted card number of the sandbox. Numbers not in the table follow the general rules. */
export interface TestCard {
  readonly number: string;
  readonly brand: ProcessorCardBrand;
  readonly group: TestCardGroup;
  /** What happens, in words for merchants (docs/test-cards.md says the same). */
  readonly description: string;
  readonly funding?: CardFunding;
  readonly country?: string;
  readonly decline?: {
    readonly code: DeclineCode;
    readonly decline_code: string;
    readonly outcome_type: DeclineOutcomeType;
  };
  /** Check results that differ from the default (all pass). A CVC result needs a CVC to be sent. */
  readonly checks?: Partial<ProcessorCardChecks>;
  readonly risk_level?: ProcessorRiskLevel;
  readonly dispute?: { readonly reason: ScriptedDisputeReason; readonly inquiry: boolean };
  readonly refunds_fail?: boolean;
}

const issuerDecline = (code: DeclineCode, decline_code: string) =>
  ({ code, decline_code, outcome_type: 'issuer_declined' }) as const;

/** The widely published Stripe test numbers, so store developers can reuse what they know. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', group: 'successful', description: 'Succeeds.' },
  { number: '5555555555554444', brand: 'mastercard', group: 'successful', description: 'Succeeds.' },
  {
    number: '2223003122003222',
    brand: 'mastercard',
    group: 'successful',
    description: 'Succeeds (2-series).',
  },
  { number: '378282246310005', brand: 'amex', group: 'successful', description: 'Succeeds.' },
  { number: '371449635398431', brand: 'amex', group: 'successful', description: 'Succeeds.' },
  { number: '6011111111111117', brand: 'discover', group: 'successful', description: 'Succeeds.' },
  { number: '3056930009020004', brand: 'diners', group: 'successful', description: 'Succeeds.' },
  { number: '36227206271667', brand: 'diners', group: 'successful', description: 'Succeeds (14 digits).' },
  { number: '3566002020360505', brand: 'jcb', group: 'successful', description: 'Succeeds.' },
  { number: '6200000000000005', brand: 'unionpay', group: 'successful', description: 'Succeeds.' },
  {
    number: '4000000000000002',
    brand: 'visa',
    group: 'declines',
    description: 'Declined by the bank (generic decline).',
    decline: issuerDecline('card_declined', 'generic_decline'),
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    group: 'declines',
    description: 'Declined: insufficient funds.',
    decline: issuerDecline('card_declined', 'insufficient_funds'),
  },
  {
    number: '4000000000009987',
    brand: 'visa',
    group: 'declines',
    description: 'Declined: the card was reported lost.',
    decline: issuerDecline('card_declined', 'lost_card'),
  },
  {
    number: '4000000000009979',
    brand: 'visa',
    group: 'declines',
    description: 'Declined: the card was reported stolen.',
    decline: issuerDecline('card_declined', 'stolen_card'),
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    group: 'declines',
    description: 'Declined: the bank says the card has expired, whatever expiry date you enter.',
    decline: issuerDecline('expired_card', 'expired_card'),
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    group: 'declines',
    description: 'Declined by the bank: incorrect security code.',
    decline: issuerDecline('incorrect_cvc', 'incorrect_cvc'),
    checks: { cvc_check: 'fail' },
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    group: 'declines',
    description: 'Fails with a processing error.',
    decline: issuerDecline('processing_error', 'processing_error'),
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    group: 'declines',
    description:
      'Declined: the bank requires authentication (3D Secure), which the sandbox checkout does not perform.',
    decline: issuerDecline('authentication_required', 'authentication_required'),
  },
  {
    number: '4000000000000010',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds, but the street and postal code checks fail (AVS mismatch).',
    checks: { address_line1_check: 'fail', address_postal_code_check: 'fail' },
  },
  {
    number: '4000000000000028',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds, but the street check fails (AVS mismatch).',
    checks: { address_line1_check: 'fail' },
  },
  {
    number: '4000000000000036',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds, but the postal code check fails (AVS mismatch).',
    checks: { address_postal_code_check: 'fail' },
  },
  {
    number: '4000000000000044',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds; the street and postal code checks are unavailable.',
    checks: { address_line1_check: 'unavailable', address_postal_code_check: 'unavailable' },
  },
  {
    number: '4000000000000101',
    brand: 'visa',
    group: 'checks_and_risk',
    description:
      'With a security code, the CVC check fails and the payment is blocked (incorrect_cvc). Without one (in person), it succeeds.',
    checks: { cvc_check: 'fail' },
  },
  {
    number: '4000000000009235',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds with elevated risk (risk level 1).',
    risk_level: 1,
  },
  {
    number: '4000000000004954',
    brand: 'visa',
    group: 'checks_and_risk',
    description: 'Succeeds with the highest risk (risk level 2); your fraud rules decide whether to hold it.',
    risk_level: 2,
  },
  {
    number: '4000000000000259',
    brand: 'visa',
    group: 'disputes_and_refunds',
    description: 'Succeeds, then the customer disputes it as fraudulent.',
    dispute: { reason: 'fraudulent', inquiry: false },
  },
  {
    number: '4000000000002685',
    brand: 'visa',
    group: 'disputes_and_refunds',
    description: 'Succeeds, then the customer disputes it: product not received.',
    dispute: { reason: 'product_not_received', inquiry: false },
  },
  {
    number: '4000000000001976',
    brand: 'visa',
    group: 'disputes_and_refunds',
    description:
      'Succeeds, then the bank opens an inquiry (reason: fraudulent, shown as Transaction unauthorized).',
    dispute: { reason: 'fraudulent', inquiry: true },
  },
  {
    number: '4000000000005126',
    brand: 'visa',
    group: 'disputes_and_refunds',
    description: 'Succeeds, but refunds fail after being accepted: the card is expired or canceled.',
    refunds_fail: true,
  },
  {
    number: '4000000760000002',
    brand: 'visa',
    group: 'international',
    description: 'Brazil (BR).',
    country: 'BR',
  },
  {
    number: '4000001240000000',
    brand: 'visa',
    group: 'international',
    description: 'Canada (CA).',
    country: 'CA',
  },
  {
    number: '4000002500000003',
    brand: 'visa',
    group: 'international',
    description: 'France (FR).',
    country: 'FR',
  },
  {
    number: '4000002760000016',
    brand: 'visa',
    group: 'international',
    description: 'Germany (DE).',
    country: 'DE',
  },
  {
    number: '4000008260000000',
    brand: 'visa',
    group: 'international',
    description: 'United Kingdom (GB).',
    country: 'GB',
  },
  {
    number: '4000003920000003',
    brand: 'visa',
    group: 'international',
    description: 'Japan (JP).',
    country: 'JP',
  },
  {
    number: '4000000360000006',
    brand: 'visa',
    group: 'international',
    description: 'Australia (AU).',
    country: 'AU',
  },
  {
    number: '4000056655665556',
    brand: 'visa',
    group: 'funding',
    description: 'Visa debit card.',
    funding: 'debit',
  },
  {
    number: '5200828282828210',
    brand: 'mastercard',
    group: 'funding',
    description: 'Mastercard debit card.',
    funding: 'debit',
  },
  {
    number: '5105105105105100',
    brand: 'mastercard',
    group: 'funding',
    description: 'Mastercard prepaid card.',
    funding: 'prepaid',
  },
];

const TEST_CARDS_BY_NUMBER: ReadonlyMap<string, TestCard> = new Map(
  TEST_CARDS.map((card) => [card.number, card]),
);

/** The scripted card for a number as typed (spaces and dashes allowed), if it is one. */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS_BY_NUMBER.get(normalizeCardNumber(number));
}

/** How long after it was accepted a refund of a charge made with a failing-refund card fails. */
export const REFUND_FAILURE_DELAY_MS = MINUTE_MS;

/** Cards not scripted otherwise are issued in the United States. */
export const DEFAULT_CARD_COUNTRY = 'US';

/** Longer input is not a card number; refusing it early bounds the work done on it. */
const CARD_NUMBER_MAX_INPUT_CHARS = 64;

/** Expiry years further ahead than this are typing mistakes, as card issuers see them. */
export const CARD_EXPIRY_MAX_YEARS_AHEAD = 50;

export interface CardInput {
  /** Digits, optionally grouped with spaces or dashes. */
  number: string;
  exp_month: number | string;
  /** Four digits, or two meaning this century. */
  exp_year: number | string;
  /**
   * Three or four digits. Omitted for in-person payments and saved cards: the CVC check is then
   * `unchecked` rather than failed.
   */
  cvc?: string | undefined;
}

export type CardResolution =
  | { ok: true; card: ProcessorCardDetails; risk_level: ProcessorRiskLevel; scripted: CardScript }
  | {
      ok: false;
      code: DeclineCode;
      decline_code?: string;
      /** The timeline's words for the failure. */
      message: string;
      /** The key to store as the charge's failure reason; `declineMessage` turns it into `message`. */
      failure_reason: string;
      outcome_type: DeclineOutcomeType;
      /** Present once the number, expiry and CVC were well formed, so the charge can show the card. */
      card?: ProcessorCardDetails;
    };

function parseExpMonth(value: number | string): number | undefined {
  const month = typeof value === 'number' ? value : /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined;
}

/** Two-digit years mean the century that puts them nearest to now (26 is 2026, in 2026). */
function expandTwoDigitYear(twoDigits: number, now: Date): number {
  const currentYear = now.getUTCFullYear();
  const year = Math.floor(currentYear / 100) * 100 + twoDigits;
  return year < currentYear - 50 ? year + 100 : year;
}

function parseExpYear(value: number | string, now: Date): number | undefined {
  let year: number;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return undefined;
    if (value >= 0 && value <= 99) year = expandTwoDigitYear(value, now);
    else if (value >= 1000 && value <= 9999) year = value;
    else return undefined;
  } else if (/^\d{2}$/.test(value)) {
    year = expandTwoDigitYear(Number(value), now);
  } else if (/^\d{4}$/.test(value)) {
    year = Number(value);
  } else {
    return undefined;
  }
  return year > now.getUTCFullYear() + CARD_EXPIRY_MAX_YEARS_AHEAD ? undefined : year;
}

/** The address check failed: the street or the postal code did not match the card's. */
export function isAvsMismatch(
  checks:
    | {
        address_line1_check?: unknown;
        address_postal_code_check?: unknown;
      }
    | null
    | undefined,
): boolean {
  return checks?.address_line1_check === 'fail' || checks?.address_postal_code_check === 'fail';
}

/** A card is valid through the last day of its expiry month (UTC). */
function isExpired(exp_month: number, exp_year: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return exp_year < year || (exp_year === year && exp_month < now.getUTCMonth() + 1);
}

function failure(
  code: DeclineCode,
  outcome_type: DeclineOutcomeType,
  decline_code?: string,
  card?: ProcessorCardDetails,
): CardResolution {
  const failure_reason = declineReasonKey(code, decline_code);
  return {
    ok: false,
    code,
    ...(decline_code === undefined ? {} : { decline_code }),
    message: declineMessage(failure_reason),
    failure_reason,
    outcome_type,
    ...(card === undefined ? {} : { card }),
  };
}

/** Builds the card block for a well-formed number; `scripted` adjusts funding, country and checks. */
export function cardDetails(
  digits: string,
  expiry: { exp_month: number; exp_year: number },
  cvcSent: boolean,
  scripted?: TestCard,
): ProcessorCardDetails {
  const brand = detectCardBrand(digits);
  const checks: ProcessorCardChecks = {
    cvc_check: cvcSent ? (scripted?.checks?.cvc_check ?? 'pass') : 'unchecked',
    address_line1_check: scripted?.checks?.address_line1_check ?? 'pass',
    address_postal_code_check: scripted?.checks?.address_postal_code_check ?? 'pass',
  };
  return {
    brand,
    network: brand,
    last4: digits.slice(-4),
    fingerprint: sandboxFingerprint('card', digits),
    exp_month: expiry.exp_month,
    exp_year: expiry.exp_year,
    funding: scripted?.funding ?? (brand === 'unknown' ? 'unknown' : 'credit'),
    country: scripted?.country ?? DEFAULT_CARD_COUNTRY,
    checks,
  };
}

/**
 * What the sandbox processor does with a card: validates the input as a card form would, then
 * applies the test card table. Any other well-formed, Luhn-valid, unexpired card succeeds.
 *
 * A failed CVC check blocks the payment (the fraud protection page says so on its read-only CVC
 * card; docs/fraud.md), so 4000000000000101 with a CVC is refused with incorrect_cvc and outcome
 * `blocked`. A highest-risk card is not blocked here: the merchant's fraud rules decide (see
 * docs/test-cards.md).
 */
export function resolveCard(input: CardInput, now: Date): CardResolution {
  assert(!Number.isNaN(now.getTime()), 'resolveCard needs a valid time');
  if (input.number.length > CARD_NUMBER_MAX_INPUT_CHARS) return failure('invalid_number', 'invalid');
  const digits = normalizeCardNumber(input.number);
  if (
    !/^\d+$/.test(digits) ||
    digits.length < CARD_NUMBER_MIN_DIGITS ||
    digits.length > CARD_NUMBER_MAX_DIGITS
  ) {
    return failure('invalid_number', 'invalid');
  }
  if (!luhnValid(digits)) return failure('incorrect_number', 'invalid');

  const exp_month = parseExpMonth(input.exp_month);
  if (exp_month === undefined) return failure('invalid_expiry_month', 'invalid');
  const exp_year = parseExpYear(input.exp_year, now);
  if (exp_year === undefined) return failure('invalid_expiry_year', 'invalid');
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) return failure('invalid_cvc', 'invalid');
  const cvcSent = input.cvc !== undefined;

  const scripted = TEST_CARDS_BY_NUMBER.get(digits);
  if (isExpired(exp_month, exp_year, now)) {
    // Never sent to the bank, so no check was made.
    const unchecked: ProcessorCardDetails = {
      ...cardDetails(digits, { exp_month, exp_year }, cvcSent, scripted),
      checks: {
        cvc_check: 'unchecked',
        address_line1_check: 'unchecked',
        address_postal_code_check: 'unchecked',
      },
    };
    return failure('expired_card', 'invalid', undefined, unchecked);
  }
  const card = cardDetails(digits, { exp_month, exp_year }, cvcSent, scripted);
  if (scripted?.decline) {
    return failure(scripted.decline.code, scripted.decline.outcome_type, scripted.decline.decline_code, card);
  }
  if (card.checks.cvc_check === 'fail') return failure('incorrect_cvc', 'blocked', 'incorrect_cvc', card);

  const avs_mismatch = isAvsMismatch(card.checks);
  const refunds_fail = scripted?.refunds_fail === true;
  return {
    ok: true,
    card,
    risk_level: scripted?.risk_level ?? 0,
    scripted: {
      ...(scripted?.dispute ? { dispute: { ...scripted.dispute } } : {}),
      refunds_fail,
      ...(refunds_fail ? { refund_failure_reason: 'expired_or_canceled_card' as const } : {}),
      avs_mismatch,
    },
  };
}
