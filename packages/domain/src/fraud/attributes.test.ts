import { describe, expect, it } from 'vitest';
import { paymentFraudAttributes, sameAddress } from './attributes.ts';

const billing = { country: 'US', line1: '1 Main St', city: 'Springfield', postal_code: '12345' };

describe('paymentFraudAttributes', () => {
  it('reads what the rules check from what a payment recorded', () => {
    expect(
      paymentFraudAttributes({
        amount_minor: 2_500,
        currency: 'usd',
        items_count: 3,
        billing_address: billing,
        shipping_address: { ...billing, line1: '9 Elm St' },
        ip_country: 'FR',
        avs_mismatch: true,
      }),
    ).toEqual({
      avs_mismatch: true,
      billing_shipping_address_same: false,
      ip_country: 'fr',
      ip_billing_country_same: false,
      item_count: 3,
      order_total: { amount_minor: 2_500, currency: 'usd' },
    });
  });

  it('leaves the IP comparisons unknown without an IP country, so no IP rule matches', () => {
    const attributes = paymentFraudAttributes({
      amount_minor: 100,
      currency: 'eur',
      items_count: null,
      billing_address: billing,
      ip_country: '  ',
      avs_mismatch: false,
    });
    expect(attributes.ip_country).toBeNull();
    expect(attributes.ip_billing_country_same).toBeNull();
    expect(attributes.billing_shipping_address_same).toBe(true);
  });
});

describe('sameAddress', () => {
  it('ignores case and outer spaces, and treats no shipping address as the billing one', () => {
    expect(sameAddress(billing, { ...billing, city: ' springfield ' })).toBe(true);
    expect(sameAddress(billing, null)).toBe(true);
    expect(sameAddress(billing, { ...billing, line2: 'Apt 2' })).toBe(false);
  });
});
