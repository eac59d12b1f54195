import { defineErrors } from './table.ts';

/** Checkout, capture, cancel and refunds of payments. */
export const PAYMENTS_ERRORS = defineErrors({
  wcpay_payments_disabled: {
    status: 409,
    message: 'Please complete your setup to process payments.',
    when: 'A checkout arrives while the account cannot take payments (not verified, or restricted).',
    action: 'Finish the account setup on the Connect or Overview page, then retry.',
  },
  wcpay_missing_order: {
    status: 404,
    message: 'The order could not be found.',
    when: 'A capture or cancel, or a charge lookup by order, names an order the store does not have.',
    action: 'Check the order id.',
  },
  wcpay_intent_order_mismatch: {
    status: 409,
    message: 'The payment cannot be processed due to a mismatch with order details.',
    when: "The payment intent (or the refund's order id) does not belong to the order named, or not to the current account.",
    action: "Send the order's own payment intent.",
  },
  wcpay_refunded_order_uncapturable: {
    status: 409,
    message: 'Payment cannot be processed for partially or fully refunded orders.',
    when: 'A capture or cancel names an order that was refunded.',
    action: 'Nothing to capture; the order is settled.',
  },
  wcpay_payment_uncapturable: {
    status: 409,
    message: 'This payment cannot be processed in its current state.',
    when: 'The payment is not an open authorization (already captured, canceled or expired).',
    action: 'Reload the payment to see its state.',
  },
  wcpay_capture_error: {
    status: 422,
    message: 'The payment capture failed to complete.',
    when: 'The amount to capture is out of range (data.error_type amount_too_small, with minimum_amount and currency, or amount_too_large), or the payment network refused the capture (processor_refused, with its reason).',
    action:
      'Capture an amount between the minimum and the authorized amount; after a refusal by the network, the authorization cannot be captured.',
  },
  wcpay_cancel_error: {
    status: 422,
    message: 'The payment cancellation failed to complete.',
    when: 'The processor could not void the authorization.',
    action: 'Retry later.',
  },
  wcpay_charge_not_found: {
    status: 404,
    message: 'The charge could not be found.',
    when: 'No charge of the current account has this id (or the order has no charge).',
    action: 'Check the id.',
  },
  wcpay_payment_intent_not_found: {
    status: 404,
    message: 'The payment intent could not be found.',
    when: 'No payment intent of the current account has this id.',
    action: 'Check the id.',
  },
  wcpay_refund_uncaptured: {
    status: 409,
    message:
      'This payment has not been captured, so there is nothing to refund. Cancel the authorization instead.',
    when: 'A refund names an authorization that was not captured.',
    action: 'Cancel the authorization instead.',
  },
  wcpay_charge_already_refunded: {
    status: 409,
    message: 'This payment has already been refunded in full.',
    when: 'A refund names a charge with nothing left to refund.',
    action: 'Nothing to do.',
  },
  wcpay_refund_amount_exceeds: {
    status: 409,
    message: 'The refund amount exceeds what remains to be refunded on this payment (%1$s %2$s).',
    when: 'The amount is more than the captured amount less what was refunded; the message names what remains.',
    action: 'Refund at most what remains.',
  },
  wcpay_refund_disputed: {
    status: 409,
    message: 'This payment is disputed and cannot be refunded unless the dispute is an inquiry or was won.',
    when: 'A refund names a charge with an open or lost dispute.',
    action: 'Answer the dispute instead.',
  },
  authorization_missing: {
    status: 404,
    message: 'The payment has no authorization.',
    when: 'The payment intent was never held for capture.',
    action: 'Treat as no authorization; no error to show.',
  },
  wcpay_fraud_outcome_not_found: {
    status: 404,
    message: 'No fraud outcome was found.',
    when: 'Not raised by Paydesk, whose fraud outcome lists answer an empty page instead; listed because clients written for other servers read it as an empty result.',
    action: 'Treat as an empty list.',
  },
  unsupported_currency: {
    status: 400,
    message: 'No exchange rate between %1$s and %2$s.',
    when: 'A payment or conversion names a currency the rates table does not hold.',
    action: 'Use a supported currency.',
  },
  wcpay_server_error: {
    status: 500,
    message: 'An unexpected error occurred. Please try again later.',
    when: 'Not raised by Paydesk, whose unexpected failures answer internal_server_error; listed because the capture and cancel notices name it.',
    action: 'Retry later.',
  },
  processor_unavailable: {
    status: 503,
    message: 'The payment processor is unavailable. Please try again later.',
    when: 'The processor did not answer.',
    action: 'Retry later with the same Idempotency-Key.',
  },
});
