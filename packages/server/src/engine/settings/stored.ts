import {
  isPaymentMethodId,
  PAYMENT_REQUEST_BORDER_RADIUS_DEFAULT,
  type PaymentMethodId,
  STATEMENT_DESCRIPTOR_MAX,
  statementDescriptorError,
} from '@paydesk/domain';
import type { Account } from '../accounts.ts';

/**
 * The settings kept in the account's `settings` column, with their defaults. The fields the
 * engine already had columns for (deposit schedule, manual capture, fraud rules, business name,
 * URL and support e-mail) stay in those columns.
 */
export interface StoredSettings {
  enabled_payment_method_ids: PaymentMethodId[];
  is_wcpay_enabled: boolean;
  account_statement_descriptor: string;
  account_statement_descriptor_kanji: string;
  account_statement_descriptor_kana: string;
  account_business_support_address: {
    country: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    postal_code: string;
  };
  account_business_support_phone: string;
  account_branding_logo: string;
  is_test_mode_enabled: boolean;
  is_payment_request_enabled: boolean;
  is_debug_log_enabled: boolean;
  is_multi_currency_enabled: boolean;
  is_saved_cards_enabled: boolean;
  payment_request_enabled_locations: ('product' | 'cart' | 'checkout')[];
  payment_request_button_type: 'default' | 'buy' | 'donate' | 'book';
  payment_request_button_size: 'small' | 'default' | 'medium' | 'large';
  payment_request_button_theme: 'dark' | 'light' | 'light-outline';
  payment_request_button_border_radius: number;
}

/**
 * Until the merchant saves one, the descriptor is the business name with the characters card
 * networks refuse taken out, cut to 22 characters; a name that still breaks the rules (too
 * short, no letter) gives way to the store's own fallback.
 */
export function defaultStatementDescriptor(businessName: string): string {
  const cleaned = businessName
    .replace(/[<>\\'"*]/g, '')
    .trim()
    .slice(0, STATEMENT_DESCRIPTOR_MAX)
    .trim();
  return statementDescriptorError(cleaned) === null ? cleaned : 'Online store';
}

function defaults(account: Pick<Account, 'business_name' | 'mode' | 'country'>): StoredSettings {
  return {
    enabled_payment_method_ids: ['card'],
    is_wcpay_enabled: true,
    account_statement_descriptor: defaultStatementDescriptor(account.business_name),
    account_statement_descriptor_kanji: '',
    account_statement_descriptor_kana: '',
    account_business_support_address: {
      country: account.country,
      line1: '',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
    },
    account_business_support_phone: '',
    account_branding_logo: '',
    is_test_mode_enabled: account.mode === 'test',
    is_payment_request_enabled: true,
    is_debug_log_enabled: false,
    is_multi_currency_enabled: false,
    is_saved_cards_enabled: true,
    payment_request_enabled_locations: ['product', 'cart', 'checkout'],
    payment_request_button_type: 'default',
    payment_request_button_size: 'default',
    payment_request_button_theme: 'dark',
    payment_request_button_border_radius: PAYMENT_REQUEST_BORDER_RADIUS_DEFAULT,
  };
}

/**
 * The saved settings over their defaults. Values were validated by the contract when saved;
 * only keys the defaults know are read, so a key an older version wrote is ignored. Checkouts
 * call this per payment, so it copies and never parses.
 */
export function storedSettings(
  account: Pick<Account, 'business_name' | 'mode' | 'country' | 'settings'>,
): StoredSettings {
  const base = defaults(account);
  const saved = account.settings ?? {};
  const merged = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    if (saved[key] !== undefined) merged[key] = saved[key];
  }
  const result = merged as unknown as StoredSettings;
  // Card is always enabled; ids no longer in the catalogue are dropped.
  const ids = result.enabled_payment_method_ids.filter(isPaymentMethodId);
  result.enabled_payment_method_ids = ids.includes('card') ? ids : ['card', ...ids];
  return result;
}

/**
 * Whether a checkout may use the method. Card-present payments are not a checkout setting, and
 * Link pays with the customer's saved cards, so it goes with card, which is always enabled.
 */
export function isMethodEnabled(settings: StoredSettings, type: string): boolean {
  if (type === 'card_present' || type === 'link') return true;
  return isPaymentMethodId(type) && settings.enabled_payment_method_ids.includes(type);
}
