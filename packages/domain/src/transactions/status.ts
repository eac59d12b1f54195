/**
 * Statuses of charges, disputes, fraud outcomes and payouts, and the labels the pages show for
 * them. Labels are plain English; the web wraps them in __().
 */

export type ChipType = 'primary' | 'success' | 'warning' | 'alert' | 'light';

/**
 * A table entry for an arbitrary status. Statuses come from outside, so inherited names such as
 * `constructor` or `__proto__` must not be found.
 */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export const INQUIRY_STATUSES = ['warning_needs_response', 'warning_under_review', 'warning_closed'] as const;
export const DISPUTE_ONLY_STATUSES = [
  'needs_response',
  'under_review',
  'charge_refunded',
  'won',
  'lost',
] as const;
export const DISPUTE_STATUSES = [...INQUIRY_STATUSES, ...DISPUTE_ONLY_STATUSES] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export function isDisputeStatus(status: string): status is DisputeStatus {
  return (DISPUTE_STATUSES as readonly string[]).includes(status);
}

/**
 * Statuses that await the merchant's response, a dispute's or an inquiry's: the only ones in
 * which evidence can still change.
 */
export const AWAITING_RESPONSE_STATUSES = ['needs_response', 'warning_needs_response'] as const;

export function isAwaitingResponse(status: string): boolean {
  return (AWAITING_RESPONSE_STATUSES as readonly string[]).includes(status);
}

/** Inquiries (pre-dispute warnings) are the `warning_` statuses. */
export function isInquiryStatus(status: string | null | undefined): boolean {
  return !!status && (INQUIRY_STATUSES as readonly string[]).includes(status);
}

/** The plain dispute status labels; inquiries already read 'Inquiry: …'. */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: 'Inquiry: Needs response',
  warning_under_review: 'Inquiry: Under review',
  warning_closed: 'Inquiry: Closed',
  needs_response: 'Needs response',
  under_review: 'Under review',
  charge_refunded: 'Charge refunded',
  won: 'Won',
  lost: 'Lost',
};

export const DISPUTE_STATUS_CHIPS: Record<DisputeStatus, ChipType> = {
  warning_needs_response: 'primary',
  warning_under_review: 'light',
  warning_closed: 'light',
  needs_response: 'primary',
  under_review: 'light',
  charge_refunded: 'light',
  won: 'light',
  lost: 'light',
};

/** A dispute status as the disputes list shows it; unknown statuses show as they are. */
export function disputeStatusLabel(status: string): string {
  return isDisputeStatus(status) ? DISPUTE_STATUS_LABELS[status] : status;
}

/**
 * A dispute status as a payment's status shows it: 'Disputed: ' before disputes,
 * while inquiries keep their 'Inquiry: …' label.
 */
export function disputedPaymentLabel(status: string): string {
  return isInquiryStatus(status) ? disputeStatusLabel(status) : `Disputed: ${disputeStatusLabel(status)}`;
}

/** What a charge's display status is derived from; field names follow the charge. */
export interface ChargeStatusInput {
  /** The charge's status: succeeded, pending or failed. */
  status: string;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  amount_refunded: number;
  /** Whether a refund of this charge failed. */
  has_failed_refund?: boolean;
  /** The dispute's status when the charge is disputed. */
  dispute_status?: string | null;
  /** outcome.type: authorized, manual_review, issuer_declined, invalid, blocked. */
  outcome_type?: string | null;
  /** The payment intent's status; fraud review holds an intent in requires_capture. */
  payment_intent_status?: string | null;
  /** The order's fraud outcome type: review, review_allowed, review_blocked, block, allow. */
  fraud_type?: string | null;
}

const FAILED_OUTCOME_TYPES = ['issuer_declined', 'invalid'];
const BLOCKED_OUTCOME_TYPES = ['blocked'];
const FRAUD_BLOCK_TYPES = ['block', 'review_blocked'];

export type ChargeDisplayStatus =
  | 'fraud_outcome_review'
  | 'fraud_outcome_block'
  | 'failed'
  | 'blocked'
  | `disputed_${string}`
  | 'refunded_partial'
  | 'refunded_full'
  | 'refund_failed'
  | 'paid'
  | 'authorized';

/**
 * A charge's display status, decided in exactly this order: fraud review, fraud
 * block, failed, blocked, disputed, partly refunded, fully refunded, refund failed, paid,
 * authorized, and otherwise the raw charge status.
 */
export function deriveChargeStatus(charge: ChargeStatusInput): ChargeDisplayStatus | string {
  if (charge.payment_intent_status === 'requires_capture' && charge.fraud_type === 'review') {
    return 'fraud_outcome_review';
  }
  if (charge.fraud_type && FRAUD_BLOCK_TYPES.includes(charge.fraud_type)) return 'fraud_outcome_block';
  if (charge.status === 'failed' && FAILED_OUTCOME_TYPES.includes(charge.outcome_type ?? '')) return 'failed';
  if (charge.status === 'failed' && BLOCKED_OUTCOME_TYPES.includes(charge.outcome_type ?? ''))
    return 'blocked';
  if (charge.dispute_status) return `disputed_${charge.dispute_status}`;
  if (charge.amount_refunded > 0 && !charge.refunded) return 'refunded_partial';
  if (charge.refunded) return 'refunded_full';
  if (charge.has_failed_refund) return 'refund_failed';
  if (charge.status === 'succeeded' && charge.paid) return charge.captured ? 'paid' : 'authorized';
  return charge.status;
}

const CHARGE_STATUS_DISPLAY: Record<string, { label: string; chip: ChipType }> = {
  paid: { label: 'Paid', chip: 'success' },
  authorized: { label: 'Payment authorized', chip: 'primary' },
  refunded_partial: { label: 'Partial refund', chip: 'light' },
  refunded_full: { label: 'Refunded', chip: 'light' },
  refund_failed: { label: 'Refund failure', chip: 'alert' },
  failed: { label: 'Payment failed', chip: 'alert' },
  blocked: { label: 'Payment blocked', chip: 'alert' },
  fraud_outcome_review: { label: 'Needs review', chip: 'warning' },
  fraud_outcome_block: { label: 'Payment blocked', chip: 'alert' },
};

/** The label and chip colour for a display status; unknown raw statuses show as they are. */
export function chargeStatusDisplay(status: string): { label: string; chip: ChipType } {
  const known = own(CHARGE_STATUS_DISPLAY, status);
  if (known) return known;
  if (status.startsWith('disputed_')) {
    const dispute = status.slice('disputed_'.length);
    return {
      label: disputedPaymentLabel(dispute),
      chip: isDisputeStatus(dispute) ? DISPUTE_STATUS_CHIPS[dispute] : 'light',
    };
  }
  return { label: status, chip: 'light' };
}

export function chargeStatusLabel(status: string): string {
  return chargeStatusDisplay(status).label;
}

export type FraudOutcomeStatus = 'allow' | 'review' | 'block';

export const FRAUD_OUTCOME_STATUS_LABELS: Record<FraudOutcomeStatus, string> = {
  allow: 'Succeeded',
  review: 'Needs review',
  block: 'Payment blocked',
};

export function fraudOutcomeStatusLabel(status: string): string {
  return own(FRAUD_OUTCOME_STATUS_LABELS, status) ?? status;
}

/** 0 is normal, 1 elevated, 2 highest; anything else shows N/A. */
export function riskLevelLabel(risk_level: number | null | undefined): string {
  switch (risk_level) {
    case 0:
      return 'Normal';
    case 1:
      return 'Elevated';
    case 2:
      return 'Highest';
    default:
      return 'N/A';
  }
}

export const TRANSACTION_TYPES = [
  'charge',
  'payment',
  'payment_failure_refund',
  'payment_refund',
  'refund',
  'refund_failure',
  'dispute',
  'dispute_reversal',
  'card_reader_fee',
  'financing_payout',
  'financing_paydown',
  'adjustment',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  charge: 'Charge',
  payment: 'Payment',
  payment_failure_refund: 'Payment failure refund',
  payment_refund: 'Payment refund',
  refund: 'Refund',
  refund_failure: 'Refund failure',
  dispute: 'Dispute',
  dispute_reversal: 'Dispute reversal',
  card_reader_fee: 'Reader fee',
  financing_payout: 'Loan disbursement',
  financing_paydown: 'Loan repayment',
  adjustment: 'Adjustment',
};

export function transactionTypeLabel(type: string): string {
  return own(TRANSACTION_TYPE_LABELS, type) ?? type;
}

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export type PayoutType = 'deposit' | 'withdrawal';

/** The status chips' colours. */
export const PAYOUT_STATUS_CHIPS: Record<PayoutStatus, ChipType> = {
  pending: 'warning',
  in_transit: 'primary',
  paid: 'success',
  failed: 'alert',
  canceled: 'light',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_transit: 'In transit',
  paid: 'Completed (paid)',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** A paid withdrawal took money from the merchant, so it reads 'Completed (deducted)'. */
export function payoutStatusDisplay(
  status: string,
  type: string = 'deposit',
): { label: string; chip: ChipType } {
  if (!(PAYOUT_STATUSES as readonly string[]).includes(status)) return { label: status, chip: 'light' };
  const known = status as PayoutStatus;
  const label =
    known === 'paid' && type === 'withdrawal' ? 'Completed (deducted)' : PAYOUT_STATUS_LABELS[known];
  return { label, chip: PAYOUT_STATUS_CHIPS[known] };
}

/** A payout of type deposit shows as Payout. */
export const PAYOUT_TYPE_LABELS: Record<PayoutType, string> = {
  deposit: 'Payout',
  withdrawal: 'Withdrawal',
};
