import { defineErrors } from './table.ts';

/** Payouts (deposits), balances and instant payouts. */
export const PAYOUTS_ERRORS = defineErrors({
  wcpay_deposit_not_found: {
    status: 404,
    message: 'The deposit you are looking for cannot be found.',
    when: 'No payout of the current account has this id.',
    action: 'Check the id.',
  },
  wcpay_payouts_paused: {
    status: 409,
    message:
      'Payouts are currently paused because a recent payout failed. Please update your bank account details.',
    when: 'The bank account of the currency errored on a recent payout.',
    action: 'Update the bank account details.',
  },
  wcpay_no_bank_account: {
    status: 409,
    message: 'There is no bank account for %s payouts.',
    when: 'The account has no bank account in the currency asked for.',
    action: 'Add a bank account in that currency, or pay out another currency.',
  },
  wcpay_payouts_unavailable: {
    status: 409,
    message: 'Payouts are currently disabled or suspended for this account.',
    when: 'Payouts are disabled, blocked or under review.',
    action: 'See the account status for what is needed.',
  },
  wcpay_instant_payout_no_balance: {
    status: 409,
    message: 'There is no available %s balance to pay out instantly.',
    when: 'The available balance of the currency is zero or negative.',
    action: 'Wait for funds to become available.',
  },
  wcpay_instant_payout_too_small: {
    status: 409,
    message: 'The available %s balance does not cover the instant payout fee.',
    when: 'The instant payout fee would take the whole available balance.',
    action: 'Wait for more funds to become available.',
  },
  wcpay_statement_invalid: {
    status: 400,
    message: 'Line %s of the bank statement: %s',
    when: 'A line of an uploaded bank statement cannot be read: a missing column, a date, amount or currency in another form, or an unclosed quote.',
    action: 'Fix the line named and upload the statement again.',
  },
  wcpay_statement_too_long: {
    status: 400,
    message: 'A bank statement can have at most %s lines.',
    when: 'An uploaded bank statement has more lines than one upload takes.',
    action: 'Split the statement into shorter periods.',
  },
});
