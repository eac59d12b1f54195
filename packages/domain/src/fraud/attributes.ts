import type { FraudAttributes } from './rules.ts';

/** An address as a checkout sends it and an order keeps it. */
export interface FraudAddress {
  country?: string | null | undefined;
  line1?: string | null | undefined;
  line2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postal_code?: string | null | undefined;
}

/** What the fraud rules read of one payment, as the checkout has it and the ledger keeps it. */
export interface FraudPayment {
  amount_minor: number;
  currency: string;
  items_count: number | null;
  billing_address: FraudAddress;
  /** Absent when the order ships to the billing address (or ships nothing). */
  shipping_address?: FraudAddress | null | undefined;
  ip_country?: string | null | undefined;
  avs_mismatch: boolean;
}

const ADDRESS_FIELDS = ['country', 'line1', 'line2', 'city', 'state', 'postal_code'] as const;

/** Two addresses are the same when each field matches, ignoring case and outer spaces. */
export function sameAddress(billing: FraudAddress, shipping: FraudAddress | null | undefined): boolean {
  if (!shipping) return true;
  return ADDRESS_FIELDS.every(
    (field) => (billing[field] ?? '').trim().toLowerCase() === (shipping[field] ?? '').trim().toLowerCase(),
  );
}

/**
 * The attributes the rules are evaluated against. The checkout and the backtest over past
 * payments both build them here, so a rule means the same thing to both.
 */
export function paymentFraudAttributes(payment: FraudPayment): FraudAttributes {
  const ipCountry = payment.ip_country?.trim() || null;
  const billingCountry = payment.billing_address.country?.trim() || null;
  return {
    avs_mismatch: payment.avs_mismatch,
    billing_shipping_address_same: sameAddress(payment.billing_address, payment.shipping_address),
    ip_country: ipCountry?.toLowerCase() ?? null,
    ip_billing_country_same:
      ipCountry && billingCountry ? ipCountry.toUpperCase() === billingCountry.toUpperCase() : null,
    item_count: payment.items_count,
    order_total: { amount_minor: payment.amount_minor, currency: payment.currency },
  };
}
