/** The refund actions a payment's detail page offers (spec 2 §4 "Refund availability"). */

/**
 * Inquiries are the warning_ dispute statuses (spec 2 §4). Repeated here rather than imported
 * from transactions/, because features do not import each other (DESIGN §9.5).
 */
function isInquiryStatus(status: string | null): boolean {
  return (
    status === 'warning_needs_response' || status === 'warning_under_review' || status === 'warning_closed'
  );
}

export const REFUND_ACTION_LABELS = {
  refundInFull: 'Refund in full',
  partialRefund: 'Partial refund',
  issueRefund: 'Issue refund',
} as const;

export const ORDER_NOT_FOUND_MESSAGE = 'Unable to view order. Order not found.';

export interface RefundAvailabilityInput {
  captured: boolean;
  refunded: boolean;
  /** In minor units. */
  amount_refunded: number;
  dispute_status?: string | null;
  /** The order's admin URL; null when the payment has no order. */
  order_url?: string | null;
}

export interface RefundAvailability {
  /** Captured, not fully refunded, and not under a dispute other than an inquiry or a won one. */
  refundable: boolean;
  /** 'Refund in full': hidden once any amount was refunded. */
  refund_in_full: boolean;
  /** 'Partial refund': goes to the order page, so it needs an order. */
  partial_refund: boolean;
  /** 'Issue refund': the action for an inquiry; it opens the order. */
  issue_refund: boolean;
  /** Shown instead of opening the order when 'Issue refund' has no order to open. */
  issue_refund_error: string | null;
}

export function refundAvailability(charge: RefundAvailabilityInput): RefundAvailability {
  const dispute = charge.dispute_status ?? null;
  const disputeAllows = dispute === null || isInquiryStatus(dispute) || dispute === 'won';
  const refundable = charge.captured && !charge.refunded && disputeAllows;
  const hasOrder = !!charge.order_url;
  const issue_refund = refundable && isInquiryStatus(dispute);
  return {
    refundable,
    refund_in_full: refundable && charge.amount_refunded === 0,
    partial_refund: refundable && hasOrder,
    issue_refund,
    issue_refund_error: issue_refund && !hasOrder ? ORDER_NOT_FOUND_MESSAGE : null,
  };
}

export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Spec 2 §5: the reason is optional, and 'other' is sent as null. */
export function refundReasonForRequest(
  reason: RefundReason | null | undefined,
): Exclude<RefundReason, 'other'> | null {
  return reason && reason !== 'other' ? reason : null;
}
