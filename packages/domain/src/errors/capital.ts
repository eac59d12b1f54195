import { defineErrors } from './table.ts';

/** Capital loans. */
export const CAPITAL_ERRORS = defineErrors({
  wcpay_capital_no_active_loan: {
    status: 404,
    message: 'There is no active loan.',
    when: 'The active loan summary is asked for while no loan is being repaid.',
    action: 'Show no active loan.',
  },
  wcpay_capital_loan_active: {
    status: 409,
    message: 'Loan %s is still being repaid; one loan is repaid at a time.',
    when: 'A sandbox loan is paid out while another is still being repaid.',
    action: 'Wait until the active loan is paid off.',
  },
});
