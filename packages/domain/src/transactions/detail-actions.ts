import { captureDeadline, showsCaptureNotice } from './format.ts';

/**
 * Which authorization actions the payment detail page offers:
 * a payment held by a fraud rule is approved or blocked; any other authorization is captured or
 * canceled, with the notice to capture it within 7 days of its creation.
 */

export interface DetailActionsInput {
  /** The payment intent's status; only requires_capture can be captured or canceled. */
  intent_status: string;
  charge: {
    captured: boolean;
    status: string;
    amount_refunded: number;
    /** Epoch seconds. */
    created: number;
  };
  /** The order's fraud meta box type; review means held for the merchant's decision. */
  fraud_meta_box_type: string | null;
  has_order: boolean;
  /** Whether authorize-now-capture-later is available to the store. */
  is_auth_and_capture_enabled: boolean;
}

export interface DetailActions {
  /** 'Approve Transaction' (capture) and 'Block transaction' (cancel authorization). */
  fraud_review: boolean;
  /** Capture and cancel of an ordinary authorization. */
  capture_cancel: boolean;
  capture_notice: boolean;
  /** Epoch seconds: created plus 7 days; null when no notice is shown. */
  capture_deadline: number | null;
}

export function detailActions(input: DetailActionsInput): DetailActions {
  const uncaptured = input.intent_status === 'requires_capture' && !input.charge.captured;
  // Both actions name the order in their path, so a payment without one cannot be acted on here.
  const actionable = uncaptured && input.has_order;
  const fraud_review = actionable && input.fraud_meta_box_type === 'review';
  const capture_notice = uncaptured && showsCaptureNotice(input.charge, input.is_auth_and_capture_enabled);
  return {
    fraud_review,
    capture_cancel: actionable && !fraud_review && input.is_auth_and_capture_enabled,
    capture_notice,
    capture_deadline: capture_notice ? captureDeadline(input.charge.created) : null,
  };
}
