import type { FraudRule, FraudRuleKey } from './rules.ts';

/**
 * One rule of each filter as the fraud protection page saves it, for tests and benchmarks: the
 * price range is $10.00 to $200.00, the item range 2 to 8, and the store sells to the US and
 * Canada only.
 */
export const EXAMPLE_FRAUD_RULES: Readonly<Record<FraudRuleKey, FraudRule>> = {
  avs_verification: {
    key: 'avs_verification',
    outcome: 'block',
    check: { key: 'avs_mismatch', operator: 'equals', value: true },
  },
  address_mismatch: {
    key: 'address_mismatch',
    outcome: 'review',
    check: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
  },
  international_ip_address: {
    key: 'international_ip_address',
    outcome: 'review',
    check: { key: 'ip_country', operator: 'not_in', value: 'us|ca' },
  },
  ip_address_mismatch: {
    key: 'ip_address_mismatch',
    outcome: 'block',
    check: { key: 'ip_billing_country_same', operator: 'equals', value: false },
  },
  order_items_threshold: {
    key: 'order_items_threshold',
    outcome: 'review',
    check: {
      operator: 'or',
      checks: [
        { key: 'item_count', operator: 'less_than', value: 2 },
        { key: 'item_count', operator: 'greater_than', value: 8 },
      ],
    },
  },
  purchase_price_threshold: {
    key: 'purchase_price_threshold',
    outcome: 'review',
    check: {
      operator: 'or',
      checks: [
        { key: 'order_total', operator: 'less_than', value: '1000|usd' },
        { key: 'order_total', operator: 'greater_than', value: '20000|usd' },
      ],
    },
  },
};
