import { defineErrors } from './table.ts';

/** The store's payments account, onboarding and the sandbox. */
export const ACCOUNTS_ERRORS = defineErrors({
  wcpay_account_not_found: {
    status: 409,
    message: 'The store is not connected to a payments account yet.',
    when: 'A call needs the payments account and the store has none.',
    action: 'Connect the store on the Connect page.',
  },
  wcpay_account_session_failed: {
    status: 409,
    message:
      "Failed to create account session. Please check that you're using the latest version of WooPayments.",
    when: 'An account session is asked for before the store has an account.',
    action: 'Start onboarding from the Connect page.',
  },
  wcpay_onboarding_paused: {
    status: 403,
    message: "We've temporarily paused new account creation. We'll notify you when we resume!",
    when: 'A new account (a sandbox or a verified one) is asked for while the operator has paused account creation (`connect:set --onboarding-disabled true`).',
    action: 'Wait until account creation resumes; the Connect page says so while it is paused.',
  },
  wcpay_onboarding_not_started: {
    status: 409,
    message:
      "Failed to create account session. Please check that you're using the latest version of WooPayments.",
    when: 'A verification session is asked for without the business details of the first step.',
    action: 'Go back to the first onboarding step.',
  },
  wcpay_account_session_invalid: {
    status: 403,
    message: 'Failed to retrieve account session. Please try again later.',
    when: 'The client secret is unknown or expired.',
    action: 'Ask for a new session.',
  },
  wcpay_live_account: {
    status: 403,
    message: 'This can only be done on a sandbox (test) account.',
    when: "A sandbox-only operation (moving the clock, seeding history, a sandbox loan, setting the account's state) is asked for on a live account.",
    action: 'Use a sandbox account.',
  },
  seed_payments_disabled: {
    status: 409,
    message: 'The account cannot take payments yet; finish its setup first.',
    when: 'History is seeded for an account that cannot take payments.',
    action: 'Finish the account setup first.',
  },
  clock_advance_limit: {
    status: 409,
    message: 'Stopped after %d job stops; advance the clock again to go on.',
    when: 'Moving the clock ran more job stops than one call allows.',
    action: 'Advance the clock again.',
  },
});
