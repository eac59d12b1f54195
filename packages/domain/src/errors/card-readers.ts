import { defineErrors } from './table.ts';

/** Card readers and their fees. */
export const CARD_READERS_ERRORS = defineErrors({
  wcpay_readers_not_found: {
    status: 404,
    message: 'Readers details not loaded',
    when: 'No reader fee of the current account has this transaction or charge id.',
    action: 'Check the id.',
  },
});
