import { defineErrors } from './table.ts';

/** Fee invoices and the VAT details printed on them. */
export const DOCUMENTS_ERRORS = defineErrors({
  wcpay_document_not_found: {
    status: 404,
    message: 'The document you are looking for cannot be found.',
    when: 'No document of the current account has this id.',
    action: 'Check the id; documents are listed on the Documents page.',
  },
  wcpay_vat_number_invalid: {
    status: 400,
    message: '%1$s is not a valid %2$s for %3$s. Check the number and try again.',
    when: "The number fails the format or check digit of the account country's numbers (docs/vat.md).",
    action: 'Correct the number as it appears on your registration.',
  },
  wcpay_vat_country_unsupported: {
    status: 400,
    message: 'VAT numbers of businesses in %s cannot be checked. Continue without a VAT number.',
    when: 'The account country is not one whose numbers Paydesk checks (EU countries, GB, CH, NO, JP).',
    action: 'Submit the details without a VAT number.',
  },
  wcpay_vat_name_required: {
    status: 400,
    message: 'Enter the business name to print on your invoices.',
    when: 'The business name is empty after trimming.',
    action: 'Enter the business name.',
  },
  wcpay_vat_address_required: {
    status: 400,
    message: 'Enter the business address to print on your invoices.',
    when: 'The business address is empty after trimming.',
    action: 'Enter the business address.',
  },
});
