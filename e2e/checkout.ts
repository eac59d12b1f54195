/**
 * The body of a sandbox card checkout (POST {base}/payment_intents) with its order, for tests
 * that need a payment of a test card: the sandbox's dispute cards, say. The order number is
 * `prefix` and the card's last four digits.
 */
export function cardCheckout(number: string, amount: number, name: string, prefix: string) {
  return {
    amount,
    currency: 'usd',
    capture_method: 'automatic',
    payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
    order: {
      number: `${prefix}-${number.slice(-4)}`,
      items_count: 1,
      customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test` },
      billing_address: { country: 'US', line1: '1 Main St', city: 'Springfield', postal_code: '12345' },
    },
  };
}
