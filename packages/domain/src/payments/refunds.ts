/** The refund actions a payment's detail page offers. */

import { parseMajorUnits, toMajorUnits } from '../money/format.ts';
import { isInquiryStatus } from '../transactions/status.ts';

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
  /**
   * 'Partial refund' opening the refund form on this page, with an amount: for a payment whose
   * order has no store page, which would otherwise have no way to refund part of it, or what
   * remains after a partial refund (docs/refunds.md).
   */
  partial_refund_form: boolean;
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
    partial_refund_form: refundable && !hasOrder && !issue_refund,
    issue_refund,
    issue_refund_error: issue_refund && !hasOrder ? ORDER_NOT_FOUND_MESSAGE : null,
  };
}

export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The reason is optional, and 'other' is sent as null. */
export function refundReasonForRequest(
  reason: RefundReason | null | undefined,
): Exclude<RefundReason, 'other'> | null {
  return reason && reason !== 'other' ? reason : null;
}

export const REFUND_AMOUNT_MESSAGES = {
  invalid: 'Enter an amount such as %s.',
  tooManyDecimals: 'Enter the amount with at most %d decimal places.',
  notPositive: 'Enter an amount greater than zero.',
  aboveRemaining: 'You can refund at most %s.',
} as const;

export type RefundAmountCheck =
  | { ok: true; amount_minor: number }
  | { ok: false; message: keyof typeof REFUND_AMOUNT_MESSAGES };

/** What a charge still holds to refund, in minor units: captured less refunded, never below zero. */
export function refundableRemaining_minor(charge: {
  amount_captured: number;
  amount_refunded: number;
}): number {
  return Math.max(0, charge.amount_captured - charge.amount_refunded);
}

/** The refund form's amount field starts at what remains, written exactly in major units. */
export function refundAmountPrefill(remaining_minor: number, currency: string): string {
  return toMajorUnits(remaining_minor, currency);
}

/**
 * The refund form's amount, typed in major units, read exactly into minor units: more digits
 * than the currency has are refused rather than rounded, and nothing above what remains passes.
 */
export function checkRefundAmount(
  text: string,
  currency: string,
  remaining_minor: number,
): RefundAmountCheck {
  const parsed = parseMajorUnits(text.trim(), currency);
  if (!parsed.ok) {
    return { ok: false, message: parsed.code === 'too_many_decimals' ? 'tooManyDecimals' : 'invalid' };
  }
  if (parsed.amount_minor <= 0) return { ok: false, message: 'notPositive' };
  if (parsed.amount_minor > remaining_minor) return { ok: false, message: 'aboveRemaining' };
  return { ok: true, amount_minor: parsed.amount_minor };
}
