/**
 * The payment method catalogue: which methods exist, which currencies each
 * accepts, and which capture or pay-later abilities they have.
 */

export const PAYMENT_METHOD_IDS = [
  'card',
  'alipay',
  'au_becs_debit',
  'bancontact',
  'eps',
  'giropay',
  'ideal',
  'p24',
  'sepa_debit',
  'sofort',
  'affirm',
  'afterpay_clearpay',
  'jcb',
  'klarna',
  'grabpay',
  'wechat_pay',
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export interface PaymentMethodInfo {
  readonly id: PaymentMethodId;
  readonly label: string;
  readonly description: string;
  /** Uppercase codes the method accepts; empty means every currency. */
  readonly currencies: readonly string[];
  /** The provider capability that must be active before the method can take payments. */
  readonly stripe_key: string;
  readonly allows_manual_capture: boolean;
  readonly allows_pay_later: boolean;
  /** Buy-now-pay-later methods take only the account's domestic currency. */
  readonly accepts_only_domestic_payment: boolean;
}

const EUR = ['EUR'] as const;

/**
 * WeChat Pay takes 13 currencies. Which ones is our choice: CNY plus twelve widely used
 * settlement currencies. Change it here only.
 */
const WECHAT_PAY_CURRENCIES = [
  'CNY',
  'AUD',
  'CAD',
  'EUR',
  'GBP',
  'HKD',
  'JPY',
  'SGD',
  'USD',
  'DKK',
  'NOK',
  'SEK',
  'CHF',
] as const;

type MethodRow = [PaymentMethodId, string, string, readonly string[]];

/** id, label, description, currencies. */
const rows: readonly MethodRow[] = [
  ['card', 'Credit card / debit card', 'Let your customers pay with major credit and debit cards.', []],
  ['alipay', 'Alipay', 'Accept payments from customers using the Alipay digital wallet.', []],
  ['au_becs_debit', 'BECS Direct Debit', 'Accept bank debits from Australian bank accounts.', ['AUD']],
  ['bancontact', 'Bancontact', 'Accept payments through Bancontact, popular in Belgium.', EUR],
  ['eps', 'EPS', 'Accept bank transfers from Austrian banks through EPS.', EUR],
  ['giropay', 'giropay', 'Accept bank transfers from German banks through giropay.', EUR],
  ['ideal', 'iDEAL', 'Accept bank transfers from Dutch banks through iDEAL.', EUR],
  ['p24', 'Przelewy24 (P24)', 'Accept bank transfers from Polish banks through Przelewy24.', ['EUR', 'PLN']],
  ['sepa_debit', 'SEPA Direct Debit', 'Accept bank debits from accounts in the SEPA area.', EUR],
  ['sofort', 'Sofort', 'Accept bank transfers through Sofort.', EUR],
  ['affirm', 'Affirm', 'Let customers pay over time with Affirm.', ['USD', 'CAD']],
  [
    'afterpay_clearpay',
    'Afterpay',
    'Let customers pay in four interest-free instalments.',
    ['USD', 'AUD', 'CAD', 'NZD', 'GBP'],
  ],
  ['jcb', 'JCB', 'Accept JCB cards, popular in Japan.', ['JPY']],
  [
    'klarna',
    'Klarna',
    'Let customers pay now, later or in instalments with Klarna.',
    ['EUR', 'GBP', 'USD', 'DKK', 'NOK', 'SEK'],
  ],
  ['grabpay', 'GrabPay', 'Accept payments from the GrabPay digital wallet in Singapore.', ['SGD']],
  ['wechat_pay', 'WeChat Pay', 'Accept payments from customers using WeChat Pay.', WECHAT_PAY_CURRENCIES],
];

/** Only card allows manual capture; affirm, afterpay_clearpay and klarna are pay-later. */
const PAY_LATER_METHODS: readonly PaymentMethodId[] = ['affirm', 'afterpay_clearpay', 'klarna'];

export const PAYMENT_METHODS: Readonly<Record<PaymentMethodId, PaymentMethodInfo>> = Object.fromEntries(
  rows.map(([id, label, description, currencies]) => [
    id,
    {
      id,
      label,
      description,
      currencies,
      stripe_key: `${id}_payments`,
      allows_manual_capture: id === 'card',
      allows_pay_later: PAY_LATER_METHODS.includes(id),
      accepts_only_domestic_payment: PAY_LATER_METHODS.includes(id),
    },
  ]),
) as Record<PaymentMethodId, PaymentMethodInfo>;

export function isPaymentMethodId(id: string): id is PaymentMethodId {
  return (PAYMENT_METHOD_IDS as readonly string[]).includes(id);
}

export function getPaymentMethod(id: string): PaymentMethodInfo | undefined {
  return isPaymentMethodId(id) ? PAYMENT_METHODS[id] : undefined;
}

/** The method's name on setup pages; Afterpay is called Clearpay for accounts in GB. */
export function paymentMethodSetupLabel(id: string, accountCountry?: string | null): string {
  if (id === 'afterpay_clearpay' && accountCountry?.toUpperCase() === 'GB') return 'Clearpay';
  return getPaymentMethod(id)?.label ?? id;
}

/**
 * Whether a method can take payments in a currency. Unknown methods take none. When the
 * account's domestic currency is given, a domestic-only method also needs the currency to be it.
 */
export function methodSupportsCurrency(
  methodId: string,
  currency: string,
  options: { domesticCurrency?: string | null } = {},
): boolean {
  const method = getPaymentMethod(methodId);
  if (!method) return false;
  const code = currency.toUpperCase();
  if (method.accepts_only_domestic_payment && options.domesticCurrency) {
    if (options.domesticCurrency.toUpperCase() !== code) return false;
  }
  return method.currencies.length === 0 || method.currencies.includes(code);
}

/**
 * With multi-currency off, a non-card method whose currencies do not include the
 * store currency needs setup (the currency must be added) before it can be enabled.
 */
export function methodNeedsCurrencySetup(
  methodId: string,
  storeCurrency: string,
  isMultiCurrencyEnabled: boolean,
): boolean {
  if (methodId === 'card' || isMultiCurrencyEnabled) return false;
  return !methodSupportsCurrency(methodId, storeCurrency);
}

/** Statuses that show a label beside the method. */
export const PAYMENT_METHOD_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending approval',
  pending_verification: 'Pending activation',
};

/** What a method's status is derived from: the account's standing with the payments service. */
export interface MethodStatusAccount {
  payments_enabled: boolean;
  progressive_onboarding: { isEnabled: boolean; isComplete: boolean };
  /** Requirements the account still has to provide (e.g. `company.tax_id`). */
  currently_due: readonly string[];
}

export type PaymentMethodStatus = 'active' | 'pending' | 'pending_verification' | 'inactive';

/**
 * A method's status. An account that cannot take payments has every method
 * inactive. Card works as soon as the account can take payments; other methods wait for
 * progressive onboarding to finish ('pending', shown as "Pending approval") and for the
 * account's outstanding requirements ('pending_verification', "Pending activation", listing them).
 */
export function paymentMethodStatus(
  methodId: PaymentMethodId,
  account: MethodStatusAccount,
): { status: PaymentMethodStatus; requirements: string[] } {
  if (!account.payments_enabled) return { status: 'inactive', requirements: [] };
  if (methodId === 'card') return { status: 'active', requirements: [] };
  if (account.currently_due.length > 0)
    return { status: 'pending_verification', requirements: [...account.currently_due] };
  const po = account.progressive_onboarding;
  if (po.isEnabled && !po.isComplete) return { status: 'pending', requirements: [] };
  return { status: 'active', requirements: [] };
}

export const PAYMENT_METHOD_MESSAGES = {
  /** A checkout names a method the merchant has not enabled in the settings. */
  notEnabled: 'This payment method is not enabled on this store.',
  /** %s is the method's label. */
  cannotBeEnabled: '%s cannot be enabled at checkout.',
  needsMoreInformation: 'We need more information from you to enable this method.',
} as const;

/** What the confirmation modal asks for, by requirement. */
export const PAYMENT_METHOD_REQUIREMENT_LABELS: Readonly<Record<string, string>> = {
  'individual.id_number': 'Personal Identification Number',
  'business_profile.url': 'Business Website',
  'company.tax_id': 'Business Number',
};
