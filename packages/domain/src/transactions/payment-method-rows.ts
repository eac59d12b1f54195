import { cardFundingLabel, checkResultLabel, isTapToPay, paymentMethodLabel } from '../payments/messages.ts';

/**
 * The rows of the detail page's payment-method block: what each method type reports, then the
 * billing details every type shows. Labels
 * are English and pass through `t`; values are the processor's, with card and account numbers
 * masked to their last four digits.
 */

export type Translate = (text: string) => string;

export interface PaymentMethodRow {
  /** Stable across languages, for tests and keys. */
  key: string;
  label: string;
  value: string;
  /** Multi-line values (an address) as lines; `value` then joins them with ", ". */
  lines?: string[];
}

/** The contract's payment_method_details: a type plus a block named after it. */
export interface PaymentMethodDetailsInput {
  type: string;
  [block: string]: unknown;
}

export interface BillingDetailsInput {
  name: string | null;
  email: string | null;
  phone?: string | null;
  /** Lines joined with `<br/>`, each part HTML-escaped. */
  formatted_address: string;
}

export const PAYMENT_METHOD_ROW_LABELS = {
  id: 'ID',
  number: 'Number',
  fingerprint: 'Fingerprint',
  expires: 'Expires',
  brand: 'Brand',
  funding: 'Funding',
  origin: 'Origin',
  cvcCheck: 'CVC check',
  streetCheck: 'Street check',
  postalCheck: 'Postal code check',
  reader: 'Reader',
  bsbNumber: 'BSB number',
  accountNumber: 'Account number',
  bank: 'Bank',
  bankName: 'Bank name',
  bankCode: 'Bank code',
  bic: 'BIC',
  country: 'Country',
  iban: 'IBAN',
  verifiedName: 'Verified name',
  paymentType: 'Payment type',
  preferredLocale: 'Preferred locale',
  reference: 'Reference',
  method: 'Payment method',
  owner: 'Owner',
  ownerEmail: 'Owner email',
  ownerPhone: 'Owner phone',
  address: 'Address',
} as const;

type LabelKey = keyof typeof PAYMENT_METHOD_ROW_LABELS;

export const KLARNA_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  pay_later: 'Pay later',
  pay_now: 'Pay now',
  pay_with_financing: 'Financing',
  pay_in_installments: 'Pay in installments',
};

export const TAP_TO_PAY_LABELS = {
  ios: 'Tap to Pay on iPhone',
  android: 'Tap to Pay on Android',
  other: 'Tap to Pay',
} as const;

const MASK = '•••• ';

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's English name from its two-letter code; unknown codes show as they are. */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      // Runtimes without region names still show the code itself.
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    // A malformed code (not two letters) is shown as the processor gave it.
    return code;
  }
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The lines of a formatted address (`<br/>`-joined, escaped) as plain text. */
export function addressLines(formatted_address: string): string[] {
  return formatted_address
    .split(/<br\s*\/?>/i)
    .map((line) => line.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity] ?? entity))
    .map((line) => line.trim())
    .filter(Boolean);
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The rows of one payment, in the order the block shows them; empty values are left out. */
export function paymentMethodRows(
  details: PaymentMethodDetailsInput,
  billing: BillingDetailsInput,
  options: { payment_method_id?: string | null; accountCountry?: string | null; t?: Translate } = {},
): PaymentMethodRow[] {
  const t = options.t ?? ((value: string) => value);
  const rows: PaymentMethodRow[] = [];
  const row = (key: LabelKey, value: string, lines?: string[]) => {
    if (value)
      rows.push({ key, label: t(PAYMENT_METHOD_ROW_LABELS[key]), value, ...(lines ? { lines } : {}) });
  };
  const block = (details[details.type] ?? {}) as Record<string, unknown>;
  const masked = (last4: unknown) => (text(last4) ? `${MASK}${text(last4)}` : '');
  const card = () => {
    row('number', masked(block.last4));
    row('fingerprint', text(block.fingerprint));
    const month = block.exp_month;
    const year = block.exp_year;
    if (typeof month === 'number' && typeof year === 'number') {
      row('expires', `${String(month).padStart(2, '0')} / ${year}`);
    }
    const brand = text(block.brand) || text(block.network);
    row('brand', brand ? t(paymentMethodLabel(brand)) : '');
    row('funding', block.funding ? t(cardFundingLabel(text(block.funding))) : '');
    row('origin', countryName(text(block.country)));
  };

  row('id', options.payment_method_id ?? '');
  row('method', t(paymentMethodLabel(details.type, options.accountCountry)));
  switch (details.type) {
    case 'card': {
      card();
      const checks = (block.checks ?? {}) as Record<string, unknown>;
      row('cvcCheck', t(checkResultLabel(text(checks.cvc_check) || null)));
      row('streetCheck', t(checkResultLabel(text(checks.address_line1_check) || null)));
      row('postalCheck', t(checkResultLabel(text(checks.address_postal_code_check) || null)));
      break;
    }
    case 'card_present': {
      card();
      const model = text(block.reader_model);
      if (isTapToPay(model)) {
        const platform = text(block.platform);
        row(
          'reader',
          t(
            platform === 'ios' || platform === 'android'
              ? TAP_TO_PAY_LABELS[platform]
              : TAP_TO_PAY_LABELS.other,
          ),
        );
      } else {
        row('reader', model);
      }
      break;
    }
    case 'au_becs_debit':
      row('bsbNumber', text(block.bsb_number));
      row('accountNumber', masked(block.last4));
      row('fingerprint', text(block.fingerprint));
      break;
    case 'bancontact':
      row('bankName', text(block.bank_name));
      row('bic', text(block.bic));
      row('verifiedName', text(block.verified_name));
      break;
    case 'eps':
      row('bank', text(block.bank));
      row('verifiedName', text(block.verified_name));
      break;
    case 'giropay':
      row('bankName', text(block.bank_name));
      row('bic', text(block.bic));
      break;
    case 'ideal':
      row('bank', text(block.bank));
      row('bic', text(block.bic));
      row('country', countryName(text(block.country)));
      row('iban', masked(block.iban_last4));
      row('verifiedName', text(block.verified_name));
      break;
    case 'klarna': {
      const category = text(block.payment_method_category);
      row(
        'paymentType',
        category && Object.hasOwn(KLARNA_CATEGORY_LABELS, category)
          ? t(KLARNA_CATEGORY_LABELS[category]!)
          : category,
      );
      row('preferredLocale', text(block.preferred_locale));
      break;
    }
    case 'p24':
      row('bank', text(block.bank));
      row('reference', text(block.reference));
      row('verifiedName', text(block.verified_name));
      break;
    case 'sepa_debit':
      row('iban', masked(block.last4));
      row('fingerprint', text(block.fingerprint));
      row('country', countryName(text(block.country)));
      break;
    case 'sofort':
      row('bankCode', text(block.bank_code));
      row('bankName', text(block.bank_name));
      row('bic', text(block.bic));
      row('country', countryName(text(block.country)));
      row('iban', masked(block.iban_last4));
      row('verifiedName', text(block.verified_name));
      break;
    default:
      // affirm, afterpay_clearpay, alipay, grabpay, wechat_pay, link: billing details only.
      break;
  }
  row('owner', billing.name ?? '');
  row('ownerEmail', billing.email ?? '');
  row('ownerPhone', billing.phone ?? '');
  const lines = addressLines(billing.formatted_address);
  row('address', lines.join(', '), lines);
  return rows;
}
