import { TIMELINE_FAILURE_REASON_DEFAULT, TIMELINE_FAILURE_REASONS } from '../payments/messages.ts';

/**
 * The error codes the sandbox processor answers with. The words the timeline shows for them are
 * kept once, in payments/messages.ts. `payment_declined` is ours: a non-card method
 * that failed, which the timeline shows with the default message.
 */
export type DeclineCode =
  | 'card_declined'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_number'
  | 'invalid_cvc'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year'
  | 'invalid_number'
  | 'processing_error'
  | 'authentication_required'
  | 'payment_declined';

/**
 * How a failed charge ended, as the transaction status derivation reads it: `invalid`
 * never reached the network (malformed input), `issuer_declined` was refused by the bank, and
 * `blocked` was stopped by a rule of ours (a failed CVC check).
 */
export type DeclineOutcomeType = 'invalid' | 'issuer_declined' | 'blocked';

// Own keys only: a reason such as "toString" must not find Object.prototype's function.
function hasMessage(reason: string): boolean {
  return Object.hasOwn(TIMELINE_FAILURE_REASONS, reason);
}

/** The timeline message for a stored failure reason; unknown or missing reasons get the default. */
export function declineMessage(reason: string | null | undefined): string {
  if (reason && hasMessage(reason))
    return TIMELINE_FAILURE_REASONS[reason] ?? TIMELINE_FAILURE_REASON_DEFAULT;
  return TIMELINE_FAILURE_REASON_DEFAULT;
}

/**
 * The reason key to store on a failed charge. A decline code is more specific than the error code
 * (card_declined + insufficient_funds), so it wins when the timeline has words for it; otherwise
 * the error code does (card_declined + lost_card shows the bank decline message).
 */
export function declineReasonKey(code: string, decline_code?: string): string {
  if (decline_code && hasMessage(decline_code)) return decline_code;
  return code;
}

/**
 * What the processor itself refuses, whatever the merchant's filters say, as the fraud
 * protection page reports it: the sandbox declines a failed CVC check, and lets an address
 * (AVS) mismatch through for the merchant's filter to decide. Its fraud rules may hold a
 * payment for review as well as block it.
 */
export const PROCESSOR_FRAUD_CHECKS = {
  declineOnAVSFailure: false,
  declineOnCVCFailure: true,
  reviewFeatureActive: true,
} as const;
