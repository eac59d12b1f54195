import type { FraudRuleKey } from './rules.ts';

/**
 * The fraud protection page's cards, in the page's order: six filters the merchant sets, and
 * the processor's own CVC check, shown read-only. Titles and descriptions are the product's
 * words (docs/fraud.md); `viewEvent` is the usage event recorded the first time the card is
 * seen.
 */
export interface FraudCard {
  id: FraudRuleKey | 'cvc_verification';
  title: string;
  description: string;
  viewEvent: string;
}

export const FRAUD_CARDS: readonly FraudCard[] = [
  {
    id: 'avs_verification',
    title: 'AVS mismatch',
    description:
      'The billing address the customer entered does not match the address their card issuer has on file (address verification).',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_avs_mismatch_viewed',
  },
  {
    id: 'cvc_verification',
    title: 'CVC verification',
    description: 'The security code on the back of the card does not match what the card issuer has on file.',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_cvc_verification_viewed',
  },
  {
    id: 'international_ip_address',
    title: 'International IP address',
    description: 'The customer paid from an IP address in a country the store does not sell to.',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_international_ip_address_card_viewed',
  },
  {
    id: 'ip_address_mismatch',
    title: 'IP address mismatch',
    description: "The country of the customer's IP address differs from the country of the billing address.",
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_ip_address_mismatch_card_viewed',
  },
  {
    id: 'address_mismatch',
    title: 'Address mismatch',
    description: 'The order ships to an address other than the billing address.',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_address_mismatch_viewed',
  },
  {
    id: 'purchase_price_threshold',
    title: 'Purchase price threshold',
    description: 'The order total is below the minimum or above the maximum you set.',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_price_threshold_viewed',
  },
  {
    id: 'order_items_threshold',
    title: 'Order items threshold',
    description: 'The order holds fewer items than the minimum or more than the maximum you set.',
    viewEvent: 'wcpay_fraud_protection_advanced_settings_card_items_threshold_viewed',
  },
];

/** What a filter does with a payment it flags. */
export const FRAUD_FILTER_ACTIONS = {
  block: 'Block payment',
  review: 'Authorize and hold for review',
} as const;

/** The international IP filter's note: which countries it screens. */
export function sellingCountriesNote(
  mode: 'all' | 'all_except' | 'specific',
  countryNames: readonly string[],
): string {
  if (mode === 'all' || countryNames.length === 0) return '';
  const list = countryNames.join(', ');
  return mode === 'specific'
    ? `Payments from IP addresses outside of these countries are screened: ${list}.`
    : `Payments from IP addresses in these countries are screened: ${list}.`;
}
