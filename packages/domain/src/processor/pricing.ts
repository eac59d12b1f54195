import { assert } from '../errors.ts';

/**
 * The published price list (docs/pricing.md says the same in tables). Rates are integer basis
 * points (1 bp = 0.01 %), fixed fees integer minor units; nothing here uses floating point for
 * money. Currencies are compared without case and reported in lower case, as the ledger stores them.
 */

/** Euro-area countries (Bulgaria since 1 January 2026): one price, in EUR. */
export const EURO_AREA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
] as const;

/** Online card percentage when the account country has no row of its own. */
export const DEFAULT_ONLINE_RATE_BP = 290;

const ONLINE_RATE_BP: Readonly<Record<string, number>> = {
  US: 290,
  CA: 290,
  GB: 150,
  AU: 175,
  JP: 360,
  CH: 290,
  NZ: 290,
  SG: 340,
  ...Object.fromEntries(EURO_AREA_COUNTRIES.map((country) => [country, 150])),
};

/**
 * The fixed part of a fee depends on the currency it is charged in, which is always the settlement
 * currency: a country's fixed fee in its own currency is this table's entry, so the two never
 * disagree, and a charge settled in another currency needs no conversion of the fee.
 */
export const DEFAULT_FIXED_FEE_MINOR = 30;

const FIXED_FEE_MINOR: Readonly<Record<string, number>> = {
  usd: 30,
  cad: 30,
  gbp: 20,
  eur: 25,
  aud: 30,
  jpy: 0,
  chf: 30,
  nzd: 30,
  sgd: 50,
};

/**
 * Card-present (in-person) percentages. Where a country has no in-person row, its online
 * percentage applies.
 */
const IN_PERSON_RATE_BP: Readonly<Record<string, number>> = {
  US: 260,
  CA: 260,
  GB: 140,
  AU: 170,
  ...Object.fromEntries(EURO_AREA_COUNTRIES.map((country) => [country, 140])),
};

/** The in-person fixed fee: 10 minor units, or the online fixed fee where that is lower (JPY: 0). */
export const IN_PERSON_FIXED_FEE_MINOR = 10;

/** Added for a card issued outside the account's country. */
export const INTERNATIONAL_CARD_RATE_BP = 100;
/** Added when the customer pays in a currency other than the one the charge settles in. */
export const CURRENCY_CONVERSION_RATE_BP = 100;

export const DEFAULT_DISPUTE_FEE_MINOR = 1500;
const DISPUTE_FEE_MINOR: Readonly<Record<string, number>> = {
  usd: 1500,
  eur: 2000,
  gbp: 2000,
  cad: 1500,
  aud: 2500,
  jpy: 2000,
  chf: 2000,
};

export const INSTANT_PAYOUT_RATE_BP = 150;
/** The smallest instant payout fee, in minor units of the payout currency (0.50, or ¥50). */
export const INSTANT_PAYOUT_MIN_FEE_MINOR = 50;

/** Reader fee per in-person transaction; ¥15 is closest to the 10 cents charged elsewhere. */
export const DEFAULT_CARD_READER_FEE_MINOR = 10;
const CARD_READER_FEE_MINOR: Readonly<Record<string, number>> = { jpy: 15 };

export type ChargeChannel = 'online' | 'in_person' | 'in_person_pos';

/** One entry of the timeline's fee breakdown (a timeline event's fee_rates.history). */
export interface FeeRateHistoryEntry {
  type: 'base' | 'additional';
  additional_type?: 'international' | 'fx';
  /** A fraction: 0.029 is 2.9 % (the page shows it ×100 to three decimals). */
  percentage_rate: number;
  fixed_rate: number;
  currency: string;
  capped?: boolean;
}

/** The timeline's `fee_rates`: the total rate, the fixed fee and how they were made up. */
export interface ChargeFeeRates {
  percentage: number;
  fixed: number;
  fixed_currency: string;
  history: FeeRateHistoryEntry[];
}

export interface ChargeFeeInput {
  /** ISO alpha-2 country of the merchant's account. */
  accountCountry: string;
  settlementCurrency: string;
  /** The charge amount in the settlement currency. */
  amount_minor: number;
  /** The issuing country of a card; omitted for other methods, which pay no international surcharge. */
  cardCountry?: string | undefined;
  customerCurrency: string;
  channel: ChargeChannel;
}

export interface ChargeFee {
  fee_minor: number;
  fee_rates: ChargeFeeRates;
}

function countryCode(country: string): string {
  assert(/^[A-Za-z]{2}$/.test(country), `a two-letter country code, got "${country}"`);
  return country.toUpperCase();
}

function currencyCode(currency: string): string {
  assert(/^[A-Za-z]{3}$/.test(currency), `a three-letter currency code, got "${currency}"`);
  return currency.toLowerCase();
}

function assertAmount(amount_minor: number, name: string): void {
  assert(Number.isSafeInteger(amount_minor) && amount_minor >= 0, `${name} must be a non-negative integer`);
}

/**
 * `rate_bp` of an amount, rounded half up to the minor unit, in integer arithmetic. BigInt keeps the
 * product exact even where amount × rate would pass 2^53.
 */
export function percentOfMinor(amount_minor: number, rate_bp: number): number {
  assertAmount(amount_minor, 'amount_minor');
  assert(Number.isSafeInteger(rate_bp) && rate_bp >= 0, 'rate_bp must be a non-negative integer');
  const rounded = (BigInt(amount_minor) * BigInt(rate_bp) + 5000n) / 10000n;
  return Number(rounded);
}

/** The online card percentage of an account country, in basis points. */
export function onlineRateBp(accountCountry: string): number {
  return ONLINE_RATE_BP[countryCode(accountCountry)] ?? DEFAULT_ONLINE_RATE_BP;
}

/** The in-person card percentage of an account country, in basis points. */
export function inPersonRateBp(accountCountry: string): number {
  const country = countryCode(accountCountry);
  return IN_PERSON_RATE_BP[country] ?? ONLINE_RATE_BP[country] ?? DEFAULT_ONLINE_RATE_BP;
}

/** The fixed fee of an online charge settled in a currency, in its minor units. */
export function onlineFixedFeeMinor(settlementCurrency: string): number {
  return FIXED_FEE_MINOR[currencyCode(settlementCurrency)] ?? DEFAULT_FIXED_FEE_MINOR;
}

/** The fixed fee of an in-person charge settled in a currency, in its minor units. */
export function inPersonFixedFeeMinor(settlementCurrency: string): number {
  return Math.min(IN_PERSON_FIXED_FEE_MINOR, onlineFixedFeeMinor(settlementCurrency));
}

const fraction = (rate_bp: number) => rate_bp / 10_000;

/**
 * The processing fee of a charge and the breakdown the timeline shows. The surcharges add to the
 * base percentage and the total percentage is rounded once, so the fee never carries more than half
 * a minor unit of rounding.
 */
export function computeChargeFee(input: ChargeFeeInput): ChargeFee {
  assertAmount(input.amount_minor, 'amount_minor');
  const accountCountry = countryCode(input.accountCountry);
  const currency = currencyCode(input.settlementCurrency);
  const inPerson = input.channel !== 'online';
  const base_bp = inPerson ? inPersonRateBp(accountCountry) : onlineRateBp(accountCountry);
  const fixed_minor = inPerson ? inPersonFixedFeeMinor(currency) : onlineFixedFeeMinor(currency);

  const history: FeeRateHistoryEntry[] = [
    { type: 'base', percentage_rate: fraction(base_bp), fixed_rate: fixed_minor, currency },
  ];
  let rate_bp = base_bp;
  if (input.cardCountry !== undefined && countryCode(input.cardCountry) !== accountCountry) {
    rate_bp += INTERNATIONAL_CARD_RATE_BP;
    history.push({
      type: 'additional',
      additional_type: 'international',
      percentage_rate: fraction(INTERNATIONAL_CARD_RATE_BP),
      fixed_rate: 0,
      currency,
    });
  }
  if (currencyCode(input.customerCurrency) !== currency) {
    rate_bp += CURRENCY_CONVERSION_RATE_BP;
    history.push({
      type: 'additional',
      additional_type: 'fx',
      percentage_rate: fraction(CURRENCY_CONVERSION_RATE_BP),
      fixed_rate: 0,
      currency,
    });
  }

  return {
    fee_minor: percentOfMinor(input.amount_minor, rate_bp) + fixed_minor,
    fee_rates: { percentage: fraction(rate_bp), fixed: fixed_minor, fixed_currency: currency, history },
  };
}

/** One part of a payment method's price as the admin reads it. */
export interface FeePart {
  /** A fraction: 0.029 is 2.9 %. */
  percentage_rate: number;
  /** Minor units of `currency`. */
  fixed_rate: number;
  currency: string;
}

/** A payment method's price, with what is added for foreign cards and currencies. */
export interface MethodFees {
  base: FeePart;
  additional?: FeePart;
  fx?: FeePart;
  discount?: readonly Partial<FeePart>[];
}

/**
 * The price of an online payment method for an account settling in `currency`: every online
 * method is priced as cards are (computeChargeFee charges them alike), plus the surcharges for
 * a card from another country and for a customer paying in another currency.
 */
export function onlineMethodFees(accountCountry: string, currency: string): MethodFees {
  const settlement = currencyCode(currency);
  const part = (rate_bp: number, fixed_rate: number): FeePart => ({
    percentage_rate: fraction(rate_bp),
    fixed_rate,
    currency: settlement,
  });
  return {
    base: part(onlineRateBp(accountCountry), onlineFixedFeeMinor(settlement)),
    additional: part(INTERNATIONAL_CARD_RATE_BP, 0),
    fx: part(CURRENCY_CONVERSION_RATE_BP, 0),
    discount: [],
  };
}

/** The fee for a dispute, charged in the currency the disputed charge settled in. */
export function disputeFee(currency: string): number {
  return DISPUTE_FEE_MINOR[currencyCode(currency)] ?? DEFAULT_DISPUTE_FEE_MINOR;
}

/**
 * The fee of an instant payout: 1.5 % of the amount, at least 0.50 in the payout currency.
 * `fee_percentage` is in percent (1.5), as the balance's `instant.fee_percentage` is shown. The fee
 * can exceed a tiny amount: whoever offers the payout must refuse one that does not cover it.
 */
export function instantPayoutFee(
  amount_minor: number,
  currency: string,
): { fee_minor: number; fee_percentage: number } {
  currencyCode(currency);
  return {
    fee_minor: Math.max(percentOfMinor(amount_minor, INSTANT_PAYOUT_RATE_BP), INSTANT_PAYOUT_MIN_FEE_MINOR),
    fee_percentage: INSTANT_PAYOUT_RATE_BP / 100,
  };
}

/** Card reader fees for a number of in-person transactions, in a currency's minor units. */
export function cardReaderFee(count: number, currency: string): number {
  assert(Number.isSafeInteger(count) && count >= 0, 'the transaction count must be a non-negative integer');
  const fee_minor = CARD_READER_FEE_MINOR[currencyCode(currency)] ?? DEFAULT_CARD_READER_FEE_MINOR;
  return count * fee_minor;
}
