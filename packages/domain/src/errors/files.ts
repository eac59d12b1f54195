import { defineErrors } from './table.ts';

/** Stored files (evidence, documents). */
export const FILES_ERRORS = defineErrors({
  wcpay_file_not_found: {
    status: 404,
    message: 'The file could not be found.',
    when: 'No file of the current account has this id.',
    action: 'Check the id.',
  },
});
