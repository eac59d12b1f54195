import { assert } from '../errors.ts';
import { paymentMethodLabel } from '../payments/messages.ts';
import { getPaymentMethod } from '../payments/methods.ts';
import { declineMessage } from './declines.ts';
import { sandboxFingerprint, seededDigits, seededInt, seededPick } from './hash.ts';
import {
  cardDetails,
  DEFAULT_CARD_COUNTRY,
  type ProcessorCardDetails,
  TEST_CARDS,
  type TestCard,
} from './test-cards.ts';

/** The local (non-card) payment methods a store's checkout may send as `{ type }`. */
export const LOCAL_PAYMENT_METHODS = [
  'card_present',
  'au_becs_debit',
  'bancontact',
  'eps',
  'giropay',
  'ideal',
  'klarna',
  'p24',
  'sepa_debit',
  'sofort',
  'affirm',
  'afterpay_clearpay',
  'alipay',
  'grabpay',
  'wechat_pay',
  'link',
] as const;

/** Payment method types the processor reports in `payment_method_details`. */
export const PROCESSOR_METHOD_TYPES = ['card', ...LOCAL_PAYMENT_METHODS] as const;
export type ProcessorMethodType = (typeof PROCESSOR_METHOD_TYPES)[number];

/** The methods that are not cards: the sandbox resolves them by the rule in `resolveLocalMethod`. */
export type LocalMethodType = Exclude<ProcessorMethodType, 'card' | 'card_present'>;

export function isProcessorMethodType(value: string): value is ProcessorMethodType {
  return (PROCESSOR_METHOD_TYPES as readonly string[]).includes(value);
}

/**
 * In-person reader models as the mobile apps name them. COTS_DEVICE ("commercial off-the-shelf")
 * is the phone itself: Tap to Pay.
 */
export const READER_MODELS = ['COTS_DEVICE', 'WISEPOS_E', 'STRIPE_M2', 'WISEPAD_3', 'CHIPPER_2X'] as const;
export type ReaderModel = (typeof READER_MODELS)[number];
export type ReaderPlatform = 'ios' | 'android';

export interface ReaderMetadata {
  reader_model: ReaderModel;
  platform: ReaderPlatform;
}

export type ProcessorKlarnaCategory = 'pay_later' | 'pay_now' | 'pay_with_financing' | 'pay_in_installments';

/** The detail block of each method, named after its type. */
export interface ProcessorMethodBlocks {
  card: ProcessorCardDetails;
  /** The card block without checks (nothing is checked at a reader), plus the reader metadata. */
  card_present: Omit<ProcessorCardDetails, 'checks'> & ReaderMetadata;
  au_becs_debit: { bsb_number: string; last4: string; fingerprint: string };
  bancontact: { bank_name: string; bic: string; verified_name: string };
  eps: { bank: string; verified_name: string };
  giropay: { bank_name: string; bic: string };
  ideal: { bank: string; bic: string; country: string; iban_last4: string; verified_name: string };
  klarna: { payment_method_category: ProcessorKlarnaCategory; preferred_locale: string };
  p24: { bank: string; reference: string; verified_name: string };
  sepa_debit: { last4: string; fingerprint: string; country: string };
  sofort: {
    bank_code: string;
    bank_name: string;
    bic: string;
    country: string;
    iban_last4: string;
    verified_name: string;
  };
  // These carry billing details only; the charge holds those, so the block is empty.
  affirm: Record<string, never>;
  afterpay_clearpay: Record<string, never>;
  alipay: Record<string, never>;
  grabpay: Record<string, never>;
  wechat_pay: Record<string, never>;
  link: Record<string, never>;
}

/** `{ type, [type]: block }`, as a charge's `payment_method_details`. */
export type ProcessorPaymentMethodDetails<T extends ProcessorMethodType = ProcessorMethodType> = {
  [K in T]: { type: K } & { [P in K]: ProcessorMethodBlocks[K] };
}[T];

export interface SandboxMethodOptions {
  /** The billing name; it becomes the bank's verified name. Blank picks a sample name. */
  customerName: string;
  /** The customer's country (ISO alpha-2), used where the method's details depend on it. */
  country: string;
  /** Any stable string (a payment intent id, say): the same seed always gives the same details. */
  seed: string;
  /** Card types only: expiry years are counted from this time's year (else from 2030). */
  now?: Date;
  /** card_present only: the reader that took the payment (else picked from the seed). */
  reader?: ReaderMetadata;
}

type BankRow = readonly [name: string, bic: string];

const SAMPLE_NAMES = [
  'Jenny Rosen',
  'Max Mustermann',
  'Marie Dubois',
  'Jan Jansen',
  'Anna Kowalska',
] as const;

const BANCONTACT_BANKS: readonly [BankRow, ...BankRow[]] = [
  ['BNP Paribas Fortis', 'GEBABEBB'],
  ['KBC Bank', 'KREDBEBB'],
  ['Belfius Bank', 'GKCCBEBB'],
  ['ING Belgium', 'BBRUBEBB'],
  ['Argenta', 'ARSPBE22'],
];

/** EPS reports the bank as an identifier, not a display name. */
const EPS_BANKS = [
  'bank_austria',
  'bawag_psk_ag',
  'erste_bank_und_sparkassen',
  'raiffeisen_bankengruppe_osterreich',
  'volksbank_gruppe',
  'oberbank_ag',
] as const;

const GIROPAY_BANKS: readonly [BankRow, ...BankRow[]] = [
  ['Deutsche Bank', 'DEUTDEFF'],
  ['Commerzbank', 'COBADEFF'],
  ['Postbank', 'PBNKDEFF'],
  ['Sparkasse KölnBonn', 'COLSDE33'],
  ['Berliner Volksbank', 'BEVODEBB'],
];

/** iDEAL reports the bank as an identifier, beside its BIC. */
const IDEAL_BANKS: readonly [BankRow, ...BankRow[]] = [
  ['abn_amro', 'ABNANL2A'],
  ['asn_bank', 'ASNBNL21'],
  ['bunq', 'BUNQNL2A'],
  ['ing', 'INGBNL2A'],
  ['knab', 'KNABNL2H'],
  ['rabobank', 'RABONL2U'],
  ['regiobank', 'RBRBNL21'],
  ['sns_bank', 'SNSBNL2A'],
  ['triodos_bank', 'TRIONL2U'],
  ['van_lanschot', 'FVLBNL22'],
];

const P24_BANKS = [
  'pko_bank_polski',
  'mbank_mtransfer',
  'ing',
  'pekao_bank',
  'santander_przelew24',
  'bank_millennium',
  'alior_bank',
  'credit_agricole',
] as const;

/** Sofort works in these countries only; customers elsewhere are shown a German bank. */
const SOFORT_BANKS: Readonly<Record<string, readonly [BankRow, ...BankRow[]]>> = {
  AT: [
    ['Erste Bank', 'GIBAATWW'],
    ['Raiffeisen Bank International', 'RZBAATWW'],
    ['UniCredit Bank Austria', 'BKAUATWW'],
  ],
  BE: [
    ['BNP Paribas Fortis', 'GEBABEBB'],
    ['KBC Bank', 'KREDBEBB'],
  ],
  DE: [
    ['Deutsche Bank', 'DEUTDEFF'],
    ['Commerzbank', 'COBADEFF'],
    ['Postbank', 'PBNKDEFF'],
  ],
  ES: [
    ['Banco Santander', 'BSCHESMM'],
    ['BBVA', 'BBVAESMM'],
    ['CaixaBank', 'CAIXESBB'],
  ],
  IT: [
    ['Intesa Sanpaolo', 'BCITITMM'],
    ['UniCredit', 'UNCRITMM'],
  ],
  NL: [
    ['ING Bank', 'INGBNL2A'],
    ['Rabobank', 'RABONL2U'],
    ['ABN AMRO', 'ABNANL2A'],
  ],
};

/** Countries that issue SEPA IBANs; a customer elsewhere is shown a German account. */
const SEPA_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
]);

/** Australian bank-state-branch numbers of the four large banks. */
const BSB_NUMBERS = ['062000', '082001', '032000', '013006'] as const;

const KLARNA_CATEGORIES = ['pay_later', 'pay_now', 'pay_with_financing', 'pay_in_installments'] as const;

const KLARNA_LOCALES: Readonly<Record<string, string>> = {
  AT: 'de-AT',
  AU: 'en-AU',
  BE: 'nl-BE',
  CA: 'en-CA',
  CH: 'de-CH',
  CZ: 'cs-CZ',
  DE: 'de-DE',
  DK: 'da-DK',
  ES: 'es-ES',
  FI: 'fi-FI',
  FR: 'fr-FR',
  GB: 'en-GB',
  GR: 'el-GR',
  IE: 'en-IE',
  IT: 'it-IT',
  NL: 'nl-NL',
  NO: 'nb-NO',
  NZ: 'en-NZ',
  PL: 'pl-PL',
  PT: 'pt-PT',
  SE: 'sv-SE',
  US: 'en-US',
};

function verifiedName(options: SandboxMethodOptions): string {
  const name = options.customerName.trim();
  return name === '' ? seededPick(options.seed, 'name', SAMPLE_NAMES) : name;
}

/** Cards that simply succeed, so sample data never carries a scripted decline or dispute. */
function plainCardsFor(country: string): readonly TestCard[] {
  const plain = TEST_CARDS.filter(
    (card) => card.group === 'successful' || card.group === 'international' || card.group === 'funding',
  );
  const local = plain.filter((card) => (card.country ?? DEFAULT_CARD_COUNTRY) === country);
  return local.length > 0 ? local : plain.filter((card) => card.country === undefined);
}

function sampleCard(options: SandboxMethodOptions): ProcessorCardDetails {
  const cards = plainCardsFor(options.country.toUpperCase());
  const card = cards[seededInt(options.seed, 'card', cards.length)];
  assert(card !== undefined, 'the test card table has plain cards');
  const baseYear = options.now ? options.now.getUTCFullYear() + 1 : 2030;
  const expiry = {
    exp_month: 1 + seededInt(options.seed, 'exp_month', 12),
    exp_year: baseYear + seededInt(options.seed, 'exp_year', 5),
  };
  return cardDetails(card.number, expiry, true, card);
}

/** The card_present block for a card read at a reader: no checks, plus the reader metadata. */
export function cardPresentDetails(
  card: ProcessorCardDetails,
  reader: ReaderMetadata,
): ProcessorMethodBlocks['card_present'] {
  const { checks: _checks, ...rest } = card;
  return { ...rest, reader_model: reader.reader_model, platform: reader.platform };
}

const BUILDERS: { [K in ProcessorMethodType]: (options: SandboxMethodOptions) => ProcessorMethodBlocks[K] } =
  {
    card: sampleCard,
    card_present: (options) =>
      cardPresentDetails(
        sampleCard(options),
        options.reader ?? {
          reader_model: seededPick(options.seed, 'reader_model', READER_MODELS),
          platform: seededPick(options.seed, 'platform', ['ios', 'android'] as const),
        },
      ),
    au_becs_debit: ({ seed }) => {
      const bsb_number = seededPick(seed, 'bsb', BSB_NUMBERS);
      const account = seededDigits(seed, 'becs_account', 9);
      return {
        bsb_number,
        last4: account.slice(-4),
        fingerprint: sandboxFingerprint('au_becs_debit', `${bsb_number}${account}`),
      };
    },
    bancontact: (options) => {
      const [bank_name, bic] = seededPick(options.seed, 'bank', BANCONTACT_BANKS);
      return { bank_name, bic, verified_name: verifiedName(options) };
    },
    eps: (options) => ({
      bank: seededPick(options.seed, 'bank', EPS_BANKS),
      verified_name: verifiedName(options),
    }),
    giropay: ({ seed }) => {
      const [bank_name, bic] = seededPick(seed, 'bank', GIROPAY_BANKS);
      return { bank_name, bic };
    },
    ideal: (options) => {
      const [bank, bic] = seededPick(options.seed, 'bank', IDEAL_BANKS);
      return {
        bank,
        bic,
        country: 'NL',
        iban_last4: seededDigits(options.seed, 'iban', 4),
        verified_name: verifiedName(options),
      };
    },
    klarna: ({ seed, country }) => ({
      payment_method_category: seededPick(seed, 'klarna_category', KLARNA_CATEGORIES),
      preferred_locale: KLARNA_LOCALES[country.toUpperCase()] ?? 'en-US',
    }),
    p24: (options) => {
      const digits = seededDigits(options.seed, 'p24_reference', 9);
      return {
        bank: seededPick(options.seed, 'bank', P24_BANKS),
        reference: `P24-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
        verified_name: verifiedName(options),
      };
    },
    sepa_debit: ({ seed, country }) => {
      const ibanCountry = SEPA_COUNTRIES.has(country.toUpperCase()) ? country.toUpperCase() : 'DE';
      const account = seededDigits(seed, 'iban', 18);
      return {
        last4: account.slice(-4),
        fingerprint: sandboxFingerprint('sepa_debit', `${ibanCountry}${account}`),
        country: ibanCountry,
      };
    },
    sofort: (options) => {
      const requested = options.country.toUpperCase();
      const bankCountry = SOFORT_BANKS[requested] ? requested : 'DE';
      const banks = SOFORT_BANKS[bankCountry];
      assert(banks !== undefined, 'Sofort has German banks');
      const [bank_name, bic] = seededPick(options.seed, 'bank', banks);
      return {
        // The bank code is the BIC's institution part, as the processor reports it.
        bank_code: bic.slice(0, 4),
        bank_name,
        bic,
        country: bankCountry,
        iban_last4: seededDigits(options.seed, 'iban', 4),
        verified_name: verifiedName(options),
      };
    },
    affirm: () => ({}),
    afterpay_clearpay: () => ({}),
    alipay: () => ({}),
    grabpay: () => ({}),
    wechat_pay: () => ({}),
    link: () => ({}),
  };

/**
 * Realistic, deterministic `payment_method_details` for a sandbox payment: the same seed always
 * gives the same bank, digits and fingerprint. Card types pick a plain succeeding test card.
 */
export function sandboxMethodDetails<T extends ProcessorMethodType>(
  type: T,
  options: SandboxMethodOptions,
): ProcessorPaymentMethodDetails<T> {
  const build = BUILDERS[type] as (options: SandboxMethodOptions) => ProcessorMethodBlocks[T];
  return { type, [type]: build(options) } as ProcessorPaymentMethodDetails<T>;
}

/**
 * The billing name that makes a non-card sandbox payment fail, compared without case or
 * surrounding spaces. Cards have their test numbers instead.
 */
export const SANDBOX_FAILING_BILLING_NAME = 'fail';

export type LocalMethodResolution =
  | { ok: true; payment_method_details: ProcessorPaymentMethodDetails }
  | {
      ok: false;
      code: 'payment_declined';
      /** The timeline shows the default message: bank methods have no failure reason of their own. */
      message: string;
      failure_reason: 'payment_declined';
      outcome_type: 'issuer_declined';
      payment_method_details: ProcessorPaymentMethodDetails;
    };

/**
 * What the sandbox processor does with a non-card payment: it succeeds at once, unless the billing
 * name is "Fail", when it is declined with `payment_declined`. Check the currency first with
 * `methodCurrencyError`: an unsupported currency is a bad request, not a declined payment.
 */
export function resolveLocalMethod(
  type: LocalMethodType,
  options: SandboxMethodOptions,
): LocalMethodResolution {
  const payment_method_details = sandboxMethodDetails(type, options);
  if (options.customerName.trim().toLowerCase() !== SANDBOX_FAILING_BILLING_NAME) {
    return { ok: true, payment_method_details };
  }
  return {
    ok: false,
    code: 'payment_declined',
    message: declineMessage('payment_declined'),
    failure_reason: 'payment_declined',
    outcome_type: 'issuer_declined',
    payment_method_details,
  };
}

/**
 * Presentment currencies a method accepts, upper-case ISO codes; null accepts any. The lists are
 * the method catalogue's (payments/methods.ts); card_present and link are not in it and,
 * like cards, take any currency.
 */
export function methodCurrencies(type: ProcessorMethodType): readonly string[] | null {
  const currencies = getPaymentMethod(type)?.currencies ?? [];
  return currencies.length === 0 ? null : currencies;
}

function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * Why a method cannot take a payment in a currency, or undefined when it can. The currency is
 * compared without case.
 */
export function methodCurrencyError(type: ProcessorMethodType, currency: string): string | undefined {
  if (!/^[A-Za-z]{3}$/.test(currency)) return `"${currency}" is not a three-letter currency code.`;
  const accepted = methodCurrencies(type);
  const code = currency.toUpperCase();
  if (accepted === null || accepted.includes(code)) return undefined;
  const only = accepted.length === 1 ? 'only ' : '';
  return `${paymentMethodLabel(type)} accepts payments in ${only}${listInWords(accepted)}, not ${code}.`;
}

/**
 * Only cards can be authorized now and captured later (the catalogue's
 * allows_manual_capture). A card read in person is a card too, and in-person payments are captured
 * by the point of sale after the reader authorizes them.
 */
export function methodAllowsManualCapture(type: ProcessorMethodType): boolean {
  return type === 'card_present' || getPaymentMethod(type)?.allows_manual_capture === true;
}
