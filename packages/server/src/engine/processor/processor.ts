import type { payments } from '@paydesk/domain/contracts';
import type { z } from 'zod';
import type { ChargeOutcome, ExternalAccount } from '../../db/schema.ts';

/** A checkout as its contract parses it (`POST {base}/payment_intents`): what the processor authorizes. */
export type CheckoutInput = z.output<typeof payments.ZPaymentIntentCreate>;

/**
 * The payment network's side of the engine: every answer the engine needs from the card
 * networks, banks and issuers, and nothing else. The planners read it from their environment
 * (`PlanEnv.processor`) and never know which processor answers; the sandbox answers from its
 * test cards and test bank accounts (`sandbox.ts`, docs/test-cards.md). docs/decisions.md says
 * how a live processor plugs in.
 */
export interface Processor {
  /** Authorizes a payment method for a checkout's amount, or declines it. */
  authorize(input: CheckoutInput, now: Date): Authorization;
  /**
   * Captures all or part of an authorization. The engine has checked its own rules first (the
   * authorization is held, the amount within it); a network may still refuse, for one its
   * issuer let go, and the capture is then refused as a whole.
   */
  capture(charge: { id: string; amount: number }, amountToCapture: number): CaptureResult;
  /** Lets an authorization go: the customer's bank frees the funds it held. */
  cancel(charge: { id: string; amount: number }): { status: 'canceled' };
  /** How a refund of a captured charge settles. */
  refund(charge: { refunds_fail: boolean }): RefundSettlement;
  /** The issuer's decision on a dispute whose evidence was submitted. */
  decideDispute(evidence: Readonly<Record<string, string>>): 'won' | 'lost';
  /** What happens to a payout at its arrival date at the bank account it was sent to. */
  settlePayout(bank: Partial<ExternalAccount>): PayoutSettlement;
}

/** The network's answer to an authorization. */
export interface Authorization {
  /** Set when the issuer or the network declined: the payment is recorded as failed. */
  declined?: {
    code: string;
    decline_code?: string;
    message: string;
    reason: string;
    outcomeType: ChargeOutcome['type'];
  };
  /** The payment method as the charge shows it (`payment_method_details`). */
  details: Record<string, unknown>;
  /** 0 normal, 1 elevated, 2 highest. */
  riskLevel: number;
  /** The address verification failed (the fraud rules may act on it). */
  avsMismatch: boolean;
  /** A dispute the customer's bank will open once the charge is captured. */
  scriptedDispute: { reason: string; inquiry: boolean } | null;
  /** Refunds of this charge will fail after they were accepted. */
  refundsFail: boolean;
  channel: 'online' | 'in_person';
  sourceDevice: 'ios' | 'android' | null;
  readerId: string | null;
}

/** The network captured the amount, or refused to (its reason is shown to the merchant). */
export type CaptureResult = { status: 'succeeded' } | { status: 'failed'; reason: string };

/** A refund settles at once, or is accepted and fails later (the money comes back). */
export type RefundSettlement = { status: 'succeeded' } | { status: 'pending'; failsAfterMs: number };

/** A payout is paid, or the bank returns it. */
export type PayoutSettlement =
  | { status: 'paid' }
  | { status: 'failed'; failure_code: string; failure_message: string };
