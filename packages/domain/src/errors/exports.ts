import { defineErrors } from './table.ts';

/** CSV exports. */
export const EXPORTS_ERRORS = defineErrors({
  wcpay_export_not_found: {
    status: 404,
    message: 'The export was not found.',
    when: 'No export of this kind was asked for by the signed-in user under the current account.',
    action: 'Ask for a new export.',
  },
  export_not_ready: {
    status: 409,
    message: 'The export is not ready yet.',
    when: 'The file of an export still being written is asked for.',
    action: 'Poll the export status until it is success, then download.',
  },
});
