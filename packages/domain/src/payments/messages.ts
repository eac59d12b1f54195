import { PAYMENTS_ERRORS } from '../errors/payments.ts';
import type { ErrorCode } from '../errors/registry.ts';
import { toMajorUnits } from '../money/format.ts';
import { fillTemplate } from '../template.ts';

/**
 * The message catalogues for single payments as typed lookups.
 * Templates keep their `%s` / `%1$s` placeholders so the web can translate them with __() and
 * sprintf; the functions here fill them in English for the server and for tests.
 */

/**
 * A table entry for an arbitrary code. Codes come from outside (the processor, the URL), so
 * inherited names such as `constructor` or `__proto__` must not be found.
 */
function own(table: Readonly<Record<string, string>>, key: string | null | undefined): string | undefined {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}

export { fillTemplate } from '../template.ts';

/** The failure reasons the timeline shows, by decline code. */
export const TIMELINE_FAILURE_REASONS: Readonly<Record<string, string>> = {
  card_declined: 'The card was declined by the bank',
  expired_card: 'The card has expired',
  incorrect_cvc: 'The security code is incorrect',
  incorrect_number: 'The card number is incorrect',
  incorrect_zip: 'The postal code is incorrect',
  invalid_cvc: 'The security code is invalid',
  invalid_expiry_month: 'The expiration month is invalid',
  invalid_expiry_year: 'The expiration year is invalid',
  invalid_number: 'The card number is invalid',
  processing_error: 'An error occurred while processing the card',
  authentication_required: 'The payment requires authentication',
  insufficient_funds: 'The card has insufficient funds to complete the purchase',
};
export const TIMELINE_FAILURE_REASON_DEFAULT = 'The payment was declined';

export function timelineFailureReason(decline_code: string | null | undefined): string {
  return own(TIMELINE_FAILURE_REASONS, decline_code) ?? TIMELINE_FAILURE_REASON_DEFAULT;
}

/**
 * Refund failure reasons: the end of a sentence about why a refund failed. lost_or_stolen_card
 * and unknown read the same; codes not listed here are unknown.
 */
export const REFUND_FAILURE_REASONS: Readonly<Record<string, string>> = {
  expired_or_canceled_card: 'the card being expired or canceled.',
  lost_or_stolen_card: 'the card being lost or stolen.',
  unknown: 'the card being lost or stolen.',
};

export function refundFailureReason(failure_reason: string | null | undefined): string {
  return own(REFUND_FAILURE_REASONS, failure_reason) ?? REFUND_FAILURE_REASONS.unknown!;
}

export type AuthorizationAction = 'capture' | 'cancel';

/**
 * The failure prefix for capturing or canceling: one sentence per action.
 * %s is the order number.
 */
export const AUTHORIZATION_FAILURE_PREFIXES: Readonly<Record<AuthorizationAction, string>> = {
  capture: 'There has been an error capturing the payment for order #%s.',
  cancel: 'There has been an error canceling the payment for order #%s.',
};

export const AUTHORIZATION_SUCCESS_MESSAGES: Readonly<Record<AuthorizationAction, string>> = {
  capture: 'Payment for order #%s captured successfully.',
  cancel: 'Payment for order #%s canceled successfully.',
};

/** Capture and cancel failure reasons by error code. */
export const AUTHORIZATION_FAILURE_REASONS: Readonly<Partial<Record<ErrorCode, string>>> = {
  wcpay_missing_order: PAYMENTS_ERRORS.wcpay_missing_order.message,
  wcpay_refunded_order_uncapturable: PAYMENTS_ERRORS.wcpay_refunded_order_uncapturable.message,
  wcpay_intent_order_mismatch: PAYMENTS_ERRORS.wcpay_intent_order_mismatch.message,
  wcpay_payment_uncapturable: PAYMENTS_ERRORS.wcpay_payment_uncapturable.message,
  wcpay_cancel_error: PAYMENTS_ERRORS.wcpay_cancel_error.message,
  wcpay_server_error: PAYMENTS_ERRORS.wcpay_server_error.message,
};
export const AUTHORIZATION_FAILURE_REASON_DEFAULT = 'Unable to process the payment. Please try again later.';
export const CAPTURE_FAILED_REASON = PAYMENTS_ERRORS.wcpay_capture_error.message;
export const AMOUNT_TOO_SMALL_REASON = 'The payment amount is too small to be processed.';
/** %1$s is the minimum in major units, %2$s the uppercase currency code. */
export const MINIMUM_AMOUNT_REASON = 'The minimum amount that can be processed is %1$s %2$s.';

/** What the capture or cancel endpoint answered, flattened from its error body. */
export interface AuthorizationError {
  code: string;
  error_type?: string | null;
  /** In minor units of `currency`. */
  minimum_amount?: number | null;
  currency?: string | null;
}

/**
 * The reason sentence for a failed capture or cancel. wcpay_capture_error with error_type
 * amount_too_small names the minimum when both the amount and currency are known, e.g. "The
 * minimum amount that can be processed is 0.50 USD.".
 */
export function authorizationFailureReason(error: AuthorizationError): string {
  if (error.code === 'wcpay_capture_error') {
    if (error.error_type !== 'amount_too_small') return CAPTURE_FAILED_REASON;
    const { minimum_amount, currency } = error;
    if (typeof minimum_amount !== 'number' || !Number.isSafeInteger(minimum_amount) || !currency) {
      return AMOUNT_TOO_SMALL_REASON;
    }
    return fillTemplate(
      MINIMUM_AMOUNT_REASON,
      toMajorUnits(minimum_amount, currency),
      currency.toUpperCase(),
    );
  }
  return own(AUTHORIZATION_FAILURE_REASONS, error.code) ?? AUTHORIZATION_FAILURE_REASON_DEFAULT;
}

/** The whole notice: the action's prefix with the order number, then the reason. */
export function authorizationFailureMessage(
  action: AuthorizationAction,
  order_number: string | number,
  error: AuthorizationError,
): string {
  return `${fillTemplate(AUTHORIZATION_FAILURE_PREFIXES[action], order_number)} ${authorizationFailureReason(error)}`;
}

/** Refund notices; %s is the order number. */
export const REFUND_MESSAGES = {
  success: 'Refunded payment #%s.',
  failure: 'There has been an error refunding the payment #%s. Please try again later.',
} as const;

export type CheckResult = 'pass' | 'fail' | 'unavailable' | 'unchecked';

/** CVC, street and postal code checks; anything else (null included) is not checked. */
export function checkResultLabel(result: string | null | undefined): string {
  switch (result) {
    case 'pass':
      return 'Passed';
    case 'fail':
      return 'Failed';
    case 'unavailable':
      return 'Unavailable';
    default:
      return 'Not checked';
  }
}

export const CARD_FUNDING_VALUES = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFunding = (typeof CARD_FUNDING_VALUES)[number];

export const CARD_FUNDING_LABELS: Readonly<Record<CardFunding, string>> = {
  credit: 'Credit',
  debit: 'Debit',
  prepaid: 'Prepaid',
  unknown: 'Unknown',
};

export function cardFundingLabel(funding: string | null | undefined): string {
  return own(CARD_FUNDING_LABELS, funding) ?? CARD_FUNDING_LABELS.unknown;
}

/**
 * Names of payment methods and card brands as transactions and payment details show them: the
 * methods' own names, in the words merchants know them by.
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  card_present: 'In-person card',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
  alipay: 'Alipay',
  au_becs_debit: 'BECS Direct Debit',
  bancontact: 'Bancontact',
  eps: 'EPS',
  giropay: 'giropay',
  grabpay: 'GrabPay',
  ideal: 'iDEAL',
  klarna: 'Klarna',
  link: 'Link',
  p24: 'Przelewy24 (P24)',
  sepa_debit: 'SEPA Direct Debit',
  sofort: 'Sofort',
  wechat_pay: 'WeChat Pay',
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  interac: 'Interac',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A method's or brand's name; afterpay_clearpay is Clearpay for GB accounts. Unknown ids show as they are. */
export function paymentMethodLabel(id: string, accountCountry?: string | null): string {
  if (id === 'afterpay_clearpay' && accountCountry?.toUpperCase() === 'GB') return 'Clearpay';
  return own(PAYMENT_METHOD_LABELS, id) ?? id;
}

/** A card-present reader of model COTS_DEVICE is Tap to Pay. */
export function isTapToPay(reader_model: string | null | undefined): boolean {
  return reader_model === 'COTS_DEVICE';
}

/**
 * The four buttons that act on an authorization: capture and cancel it, or approve (capture) and
 * block (cancel) a payment a fraud rule held for review.
 */
export type AuthorizationIntent = 'capture' | 'cancel' | 'approve' | 'block';

export const AUTHORIZATION_INTENT_ACTIONS: Readonly<Record<AuthorizationIntent, AuthorizationAction>> = {
  capture: 'capture',
  cancel: 'cancel',
  approve: 'capture',
  block: 'cancel',
};

/**
 * Each button's visible label and its accessible name, which starts with the label (WCAG 2.5.3)
 * and names the order and amount, so a list of them reads apart; %1$s is the order number, %2$s
 * the amount.
 */
export const AUTHORIZATION_BUTTONS: Readonly<Record<AuthorizationIntent, { label: string; name: string }>> = {
  capture: { label: 'Capture', name: 'Capture (order #%1$s, %2$s)' },
  cancel: { label: 'Cancel', name: 'Cancel (order #%1$s, %2$s)' },
  approve: { label: 'Approve Transaction', name: 'Approve Transaction (order #%1$s, %2$s)' },
  block: { label: 'Block transaction', name: 'Block transaction (order #%1$s, %2$s)' },
};

/**
 * The question asked before the actions that cannot be undone or move money on a payment held
 * for review (docs/refunds.md); %1$s is the order number, %2$s the amount. Capture asks nothing:
 * it is what the authorization waits for.
 */
export const AUTHORIZATION_CONFIRMATIONS: Readonly<
  Record<Exclude<AuthorizationIntent, 'capture'>, { title: string; body: string; confirm: string }>
> = {
  cancel: {
    title: 'Cancel this authorization?',
    body: 'The %2$s held for order #%1$s will be released to the customer. This cannot be undone.',
    confirm: 'Cancel authorization',
  },
  approve: {
    title: 'Approve this payment?',
    body: 'The %2$s held for review for order #%1$s will be captured and paid out to you.',
    confirm: 'Approve Transaction',
  },
  block: {
    title: 'Block this payment?',
    body: 'The %2$s held for review for order #%1$s will be released to the customer and the order will fail. This cannot be undone.',
    confirm: 'Block transaction',
  },
};

/** The label of the button that leaves an authorization confirmation without acting. */
export const AUTHORIZATION_CONFIRMATION_DISMISS = 'Go back';
