import { describe, expect, it } from 'vitest';
import { evidencePrefill } from './prefill.ts';

describe('evidencePrefill', () => {
  it('offers who paid, their addresses, the IP address and the card checks', () => {
    expect(
      evidencePrefill({
        customer_name: ' Grace Hopper ',
        customer_email: 'grace@example.test',
        billing_address: {
          line1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          postal_code: '62701',
          country: 'US',
        },
        shipping_address: { line1: '2 Elm St', line2: 'Flat 3', city: 'Chicago', country: 'US' },
        ip_address: '203.0.113.7',
        checks: { address_line1_check: 'pass', address_postal_code_check: 'fail', cvc_check: 'pass' },
      }),
    ).toEqual({
      customer_name: 'Grace Hopper',
      customer_email_address: 'grace@example.test',
      billing_address: '1 Main St\nSpringfield, IL 62701\nUS',
      shipping_address: '2 Elm St\nFlat 3\nChicago\nUS',
      customer_purchase_ip: '203.0.113.7',
      uncategorized_text:
        'Card checks at purchase: the street address matched; the postal code did not match; the security code (CVC) matched.',
    });
  });

  it('leaves out what is unknown or blank, and check results it does not know', () => {
    expect(
      evidencePrefill({
        customer_name: '  ',
        customer_email: null,
        billing_address: { country: ' ' },
        shipping_address: null,
        ip_address: null,
        checks: { address_line1_check: null, cvc_check: 'weird' },
      }),
    ).toEqual({});
  });
});
