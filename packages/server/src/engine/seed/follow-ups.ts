import { isInquiryStatus, type RefundReason } from '@paydesk/domain';
import { DISPUTE_REVIEW_MS } from '@paydesk/domain/disputes/windows';
import { HOUR_MS } from '@paydesk/domain/time';
import { DAY_MS } from '../clock.ts';
import {
  type DisputeState,
  planDisputeClose,
  planDisputeDeadline,
  planDisputeResolution,
  planEvidenceUpdate,
} from '../disputes/plan.ts';
import type { Effects } from '../effects.ts';
import { planCapture } from '../payments/plan-capture.ts';
import { AUTHORIZATION_WINDOW_MS } from '../payments/plan-checkout.ts';
import { planRefund } from '../payments/plan-refund.ts';
import { planVoid } from '../payments/services.ts';
import type { ChargeState } from '../payments/state.ts';
import { LOSING_EVIDENCE, WINNING_EVIDENCE } from '../processor/sandbox.ts';
import { MIX, pickWeighted } from './mix.ts';
import { plannedDispute } from './planned.ts';
import type { SeedRun } from './run.ts';

/*
 * The follow-ups of a payment, queued for their time and planned when it comes: refunds, the
 * merchant's answers to disputes and their outcomes, and what becomes of held authorizations
 * (captured, voided after a review, or left to expire).
 */

/** Held authorizations younger than this at the end stay uncaptured, so the Uncaptured tab has rows. */
const UNCAPTURED_WINDOW_MS = 3 * DAY_MS;

const REFUND_REASON_WEIGHTS: readonly (readonly [RefundReason | null, number])[] = [
  ['requested_by_customer', 70],
  ['duplicate', 8],
  ['fraudulent', 4],
  [null, 18],
];

/** A refund some time after the capture (the caller decided there is one). */
export function scheduleRefund(run: SeedRun, charge: ChargeState, capturedAt: number): void {
  const { random, queue, env, counts, end, batches } = run;
  const { actor } = run.store;
  if (charge.refunds_fail || charge.dispute_id !== null) return;
  // Most refunds come within days of the sale, a few weeks later.
  const at = capturedAt + HOUR_MS + Math.floor(-Math.log(1 - random()) * 5 * DAY_MS);
  const partial = random() < MIX.partialRefund;
  const share = 0.2 + random() * 0.6;
  const reason = pickWeighted(random, REFUND_REASON_WEIGHTS);
  if (at > end) return;
  queue.push(at, () => {
    env.now = new Date(at);
    const remaining = charge.amount_captured - charge.amount_refunded;
    const amount = partial
      ? Math.max(1, Math.min(remaining - 1, Math.floor(charge.amount_captured * share)))
      : undefined;
    if (remaining <= 0 || (partial && remaining < 2)) return;
    batches.take(planRefund(charge, amount, reason, env, actor));
    counts.refunds++;
    if (partial) counts.partial_refunds++;
  });
}

/**
 * The dispute's course: the merchant submits evidence (won or lost after the review), accepts it,
 * or lets the deadline pass.
 */
function scheduleDispute(run: SeedRun, dispute: DisputeState, charge: ChargeState): void {
  const { random, queue, env, counts, end, batches } = run;
  const roll = random();
  const won = random() < 0.5;
  const created = dispute.created_at.getTime();
  if (roll < 0.45) {
    const submitAt = created + DAY_MS / 2 + Math.floor(random() * 5 * DAY_MS);
    if (submitAt > end || submitAt >= dispute.due_by.getTime()) return;
    queue.push(submitAt, () => {
      env.now = new Date(submitAt);
      const name = charge.billing_details.name ?? '';
      batches.take(
        planEvidenceUpdate(
          dispute,
          charge,
          {
            evidence: {
              customer_name: name,
              product_description: `Order #${charge.order_id} as described on the store.`,
              uncategorized_text: won ? WINNING_EVIDENCE : LOSING_EVIDENCE,
            },
            metadata: {},
            submit: true,
          },
          env,
          // Seeded evidence is text only: no files.
          new Map(),
        ),
      );
      counts.disputes_submitted++;
      const decideAt = submitAt + DISPUTE_REVIEW_MS;
      if (decideAt > end) return;
      queue.push(decideAt, () => {
        env.now = new Date(decideAt);
        const effects = planDisputeResolution(dispute, charge, env);
        if (effects.ledger.some((entry) => entry.type === 'dispute_reversal')) counts.disputes_won++;
        batches.take(effects);
      });
    });
  } else if (roll < 0.65) {
    const acceptAt = created + DAY_MS / 2 + Math.floor(random() * 4 * DAY_MS);
    if (acceptAt > end || acceptAt >= dispute.due_by.getTime()) return;
    queue.push(acceptAt, () => {
      env.now = new Date(acceptAt);
      batches.take(planDisputeClose(dispute, charge, env));
      counts.disputes_accepted++;
    });
  } else {
    // Unanswered: at the deadline a dispute is lost and an inquiry closes.
    const at = dispute.due_by.getTime();
    if (at > end) return;
    queue.push(at, () => {
      env.now = new Date(at);
      batches.take(planDisputeDeadline(dispute, charge, env));
    });
  }
}

/** Follow-ups of a charge just captured: its refund, or the steps of the dispute it opened. */
export function afterCapture(run: SeedRun, effects: Effects, charge: ChargeState, capturedAt: number): void {
  const { counts, random } = run;
  if (charge.dispute_id !== null) {
    const dispute = plannedDispute(effects, charge.dispute_id);
    counts.disputes++;
    if (isInquiryStatus(dispute.status)) counts.inquiries++;
    scheduleDispute(run, dispute, charge);
    return;
  }
  if (random() < MIX.refund) scheduleRefund(run, charge, capturedAt);
}

/**
 * A held authorization: reviewed ones are mostly blocked by the merchant, the others expire;
 * manual ones are captured (some partly) within hours, a few forgotten until they expire.
 */
export function scheduleHeld(run: SeedRun, charge: ChargeState, at: number, review: boolean): void {
  const { random, queue, env, counts, end, batches } = run;
  const { actor } = run.store;
  const expiresAt = at + AUTHORIZATION_WINDOW_MS;
  if (review) {
    // The merchant blocks most reviewed payments within a day; the others lapse after seven.
    if (actor && random() < 0.6) {
      const blockAt = at + HOUR_MS + Math.floor(random() * DAY_MS);
      if (blockAt > end - UNCAPTURED_WINDOW_MS) return;
      queue.push(blockAt, () => {
        env.now = new Date(blockAt);
        batches.take(planVoid(charge, env, { fraudReview: true, actor, reason: 'requested_by_customer' }));
        counts.voided++;
      });
    } else if (expiresAt <= end) {
      queue.push(expiresAt, () => {
        env.now = new Date(expiresAt);
        batches.take(planVoid(charge, env, { fraudReview: false, actor: undefined, reason: 'automatic' }));
        counts.voided++;
      });
    }
    return;
  }
  if (at > end - UNCAPTURED_WINDOW_MS) {
    counts.left_uncaptured++;
    return;
  }
  if (random() < 0.05) {
    // Forgotten: the authorization expires, as the engine's job would let it.
    if (expiresAt > end) return;
    queue.push(expiresAt, () => {
      env.now = new Date(expiresAt);
      batches.take(planVoid(charge, env, { fraudReview: false, actor: undefined, reason: 'automatic' }));
      counts.voided++;
    });
    return;
  }
  const captureAt = at + HOUR_MS + Math.floor(random() * 8 * HOUR_MS);
  const partial = random() < 0.15;
  const share = 0.5 + random() * 0.45;
  queue.push(captureAt, () => {
    env.now = new Date(captureAt);
    const amount = partial
      ? Math.max(run.minimumFor(charge.currency), Math.floor(charge.amount * share))
      : charge.amount;
    const effects = planCapture(charge, Math.min(amount, charge.amount), env, actor);
    batches.take(effects);
    counts.captured_later++;
    afterCapture(run, effects, charge, captureAt);
  });
}
