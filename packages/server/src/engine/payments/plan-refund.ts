import {
  appError,
  assert,
  convertMinor,
  isInquiryStatus,
  type RefundReason,
  refundReasonForRequest,
  toMajorUnits,
} from '@paydesk/domain';
import { type Effects, emptyEffects } from '../effects.ts';
import { SANDBOX_REFUND_FAILURE_REASON } from '../processor/sandbox.ts';
import type { Actor } from './context.ts';
import { ledgerAttributes } from './plan-capture.ts';
import type { ChargeState, PlanEnv } from './state.ts';

export const REFUND_FAIL_JOB = 'refund.fail';

/** The refusals of the refund call, with their codes and messages. */
export const REFUND_ERRORS = {
  uncaptured: () => appError('wcpay_refund_uncaptured'),
  alreadyRefunded: () => appError('wcpay_charge_already_refunded'),
  exceeds: (remaining_minor: number, currency: string) =>
    appError('wcpay_refund_amount_exceeds', {
      args: [toMajorUnits(remaining_minor, currency), currency.toUpperCase()],
      extra: { amount_refundable: remaining_minor, currency },
    }),
  disputed: () => appError('wcpay_refund_disputed'),
  orderMismatch: () => appError('wcpay_intent_order_mismatch'),
} as const;

export interface RefundOptions {
  /** The order the merchant refunds from; it must be the charge's order. */
  orderId?: number | undefined;
  /**
   * The status of the charge's dispute. Required when the charge has one: a planner never reads
   * the database, and refusing a refund on a lost dispute needs to know.
   */
  disputeStatus?: string | null | undefined;
}

/** What the ledger records in the settlement currency for `amount_minor` of the charge's currency. */
function settledAmount(charge: ChargeState, amount_minor: number, settlement: string): number {
  return convertMinor(amount_minor, charge.currency, settlement, charge.exchange_rate ?? '1');
}

/**
 * The settlement amount of a refund that takes the charge's refunded total from `before` to
 * `after` (customer-currency minor units). Converting the running totals, not each refund, means
 * the refunds of a charge always sum to exactly the converted captured amount once it is fully
 * refunded, whatever rounding each partial refund would have had on its own.
 */
function settledDelta(charge: ChargeState, before: number, after: number, settlement: string): number {
  return settledAmount(charge, after, settlement) - settledAmount(charge, before, settlement);
}

/** Refunds may be made while there is no dispute, an inquiry, or a won dispute. */
export function disputeAllowsRefund(status: string | null): boolean {
  return status === null || isInquiryStatus(status) || status === 'won';
}

/**
 * Plans a refund of a captured charge, in full (`amount` omitted: all that remains) or in part.
 * Writes the refund, a negative `refund` ledger entry in the settlement currency at the charge's
 * exchange rate, the charge's refunded total and the timeline event; a full refund marks the
 * order refunded, and settles an open inquiry (`charge_refunded`). A charge whose refunds fail gets
 * a pending refund and a job that fails it.
 * `charge` is updated in place so later planning in the same batch sees the refund.
 */
export function planRefund(
  charge: ChargeState,
  amount: number | undefined,
  reason: RefundReason | null | undefined,
  env: PlanEnv,
  actor: Actor | undefined,
  options: RefundOptions = {},
): Effects {
  if (options.orderId !== undefined && options.orderId !== charge.order_id)
    throw REFUND_ERRORS.orderMismatch();
  if (charge.status !== 'succeeded' || !charge.captured) throw REFUND_ERRORS.uncaptured();
  const disputeStatus = charge.dispute_id === null ? null : options.disputeStatus;
  assert(disputeStatus !== undefined, `planRefund needs the dispute status of charge ${charge.id}`);
  if (!disputeAllowsRefund(disputeStatus)) throw REFUND_ERRORS.disputed();
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) throw REFUND_ERRORS.alreadyRefunded();
  const refundAmount = amount ?? remaining;
  if (refundAmount > remaining) throw REFUND_ERRORS.exceeds(remaining, charge.currency);
  assert(Number.isSafeInteger(refundAmount) && refundAmount > 0, 'refund amount is a positive integer');

  const { account, now } = env;
  const settlement = account.default_currency;
  const effects = emptyEffects();
  const refundId = env.ids.next('re');
  const txnId = env.ids.next('txn');
  const before = charge.amount_refunded;
  const after = before + refundAmount;
  const settled = settledDelta(charge, before, after, settlement);
  const full = after === charge.amount_captured;
  const storedReason = refundReasonForRequest(reason);
  // The processor says whether the refund settles now or is accepted and fails later.
  const answer = env.processor.refund(charge);

  effects.refunds.push({
    id: refundId,
    account_id: account.id,
    charge_id: charge.id,
    amount: refundAmount,
    currency: charge.currency,
    status: answer.status,
    reason: storedReason,
    failure_reason: null,
    user_id: actor?.id ?? null,
    created_at: now,
  });
  effects.ledger.push({
    ...ledgerAttributes(charge),
    id: txnId,
    account_id: account.id,
    type: 'refund',
    // A refund too small to show in the settlement currency converts to 0, never -0.
    amount: settled === 0 ? 0 : -settled,
    fee: 0,
    currency: settlement,
    customer_amount: -refundAmount,
    customer_currency: charge.currency,
    exchange_rate: charge.exchange_rate,
    source_id: refundId,
    available_on: now,
    created_at: now,
  });
  Object.assign(charge, { amount_refunded: after, refunded: full });
  effects.chargeUpdates.push({ id: charge.id, set: { amount_refunded: after, refunded: full } });
  if (full && charge.order_id !== null)
    effects.orderUpdates.push({ id: charge.order_id, set: { status: 'refunded' } });
  // A full refund settles an inquiry still open (not one already closed).
  const settlesInquiry = full && isInquiryStatus(disputeStatus) && disputeStatus !== 'warning_closed';
  effects.timeline.push({
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type: full ? 'full_refund' : 'partial_refund',
    datetime: now,
    data: {
      amount: refundAmount,
      amount_refunded: after,
      currency: charge.currency,
      reason: storedReason,
      refund_id: refundId,
      transaction_id: txnId,
      transaction_details: {
        customer_currency: charge.currency,
        customer_amount: refundAmount,
        store_currency: settlement,
        store_amount: settled,
      },
      ...(actor ? { user: { id: actor.id, username: actor.username } } : {}),
    },
  });
  if (settlesInquiry && charge.dispute_id !== null) {
    // The customer has their money back, so the bank's inquiry has nothing left to ask about.
    effects.disputeUpdates.push({
      id: charge.dispute_id,
      set: { status: 'charge_refunded', closed_at: now },
    });
    effects.timeline.push({
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.id,
      type: 'dispute_charge_refunded',
      datetime: now,
      data: { amount: after, currency: charge.currency, dispute_id: charge.dispute_id, refund_id: refundId },
    });
  }
  if (answer.status === 'pending') {
    effects.jobs.push({
      kind: REFUND_FAIL_JOB,
      payload: JSON.stringify({ refund_id: refundId }),
      run_at: new Date(now.getTime() + answer.failsAfterMs),
      unique_key: `${REFUND_FAIL_JOB}:${refundId}`,
    });
  }
  return effects;
}

/** A refund as the failure planner reads it. */
export interface PendingRefund {
  id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * Plans the failure of a pending refund: the refund is marked failed with its reason, a
 * `refund_failure` ledger entry returns the money to the balance, the charge's refunded total
 * goes down again (an order marked refunded goes back to processing) and the timeline says why.
 * A refund that is no longer pending plans nothing.
 */
export function planRefundFailure(
  charge: ChargeState,
  refund: PendingRefund,
  env: PlanEnv,
  failureReason: string = SANDBOX_REFUND_FAILURE_REASON,
): Effects {
  const effects = emptyEffects();
  if (refund.status !== 'pending') return effects;
  assert(
    refund.amount <= charge.amount_refunded,
    `refund ${refund.id} is within the charge's refunded total`,
  );
  const { account, now } = env;
  const settlement = account.default_currency;
  const before = charge.amount_refunded;
  const after = before - refund.amount;
  const settled = settledDelta(charge, after, before, settlement);
  const txnId = env.ids.next('txn');
  const wasFull = charge.refunded;

  refund.status = 'failed';
  effects.refundUpdates.push({ id: refund.id, set: { status: 'failed', failure_reason: failureReason } });
  effects.ledger.push({
    ...ledgerAttributes(charge),
    id: txnId,
    account_id: account.id,
    type: 'refund_failure',
    amount: settled,
    fee: 0,
    currency: settlement,
    customer_amount: refund.amount,
    customer_currency: charge.currency,
    exchange_rate: charge.exchange_rate,
    source_id: refund.id,
    available_on: now,
    created_at: now,
  });
  Object.assign(charge, { amount_refunded: after, refunded: false });
  effects.chargeUpdates.push({ id: charge.id, set: { amount_refunded: after, refunded: false } });
  if (wasFull && charge.order_id !== null)
    effects.orderUpdates.push({ id: charge.order_id, set: { status: 'processing' } });
  effects.timeline.push({
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type: 'refund_failed',
    datetime: now,
    data: {
      amount: refund.amount,
      amount_refunded: after,
      currency: charge.currency,
      failure_reason: failureReason,
      refund_id: refund.id,
      transaction_id: txnId,
      transaction_details: {
        customer_currency: charge.currency,
        customer_amount: refund.amount,
        store_currency: settlement,
        store_amount: settled,
      },
    },
  });
  return effects;
}
