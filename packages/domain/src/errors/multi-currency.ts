import { defineErrors } from './table.ts';

/** Multi-currency: the store's extra currencies and their per-currency settings. */
export const MULTI_CURRENCY_ERRORS = defineErrors({
  wcpay_multi_currency_currency_not_found: {
    status: 404,
    message: 'The currency %s is not available.',
    when: 'A single-currency settings read or update names a currency the store cannot offer.',
    action: 'Use a code from `available` of GET {base}/multi-currency/currencies.',
  },
});
