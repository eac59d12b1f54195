import { appError, toMajorUnits } from '@paydesk/domain';
import { ownedBy } from '../../db/scope.ts';
import { applyEffects, emptyEffects, mergeEffects } from '../effects.ts';
import type { CheckoutInput } from '../processor/processor.ts';
import type { Actor, EngineContext, Trx } from './context.ts';
import { loadPlanEnv, lockCharge, orderFor } from './load.ts';
import { planCapture } from './plan-capture.ts';
import {
  type CheckoutResult,
  checkCheckoutInput,
  minimumChargeAmount,
  planCheckout,
} from './plan-checkout.ts';
import type { ChargeState, PlanEnv } from './state.ts';

/** Checkout (`POST {base}/payment_intents`). */
export async function createPaymentIntent(ctx: EngineContext, input: CheckoutInput): Promise<CheckoutResult> {
  checkCheckoutInput(input, ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const order = await orderFor(trx, input.order.number);
    const { effects, result } = planCheckout(input, env, order);
    await applyEffects(trx, effects);
    return result;
  });
}

/** Loads and locks an order's held payment, answering the registry's error codes when it cannot act. */
async function heldPayment(trx: Trx, accountId: string, orderId: number, paymentIntentId: string) {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'number', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw appError('wcpay_missing_order');
  const intent = await trx
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', paymentIntentId)
    .where(ownedBy(accountId))
    .forUpdate()
    .executeTakeFirst();
  if (!intent || intent.order_id !== order.id) {
    throw appError('wcpay_intent_order_mismatch');
  }
  if (order.status === 'refunded') {
    throw appError('wcpay_refunded_order_uncapturable');
  }
  if (intent.status !== 'requires_capture' || !intent.latest_charge_id) {
    throw appError('wcpay_payment_uncapturable');
  }
  return { order, intent, charge: await lockCharge(trx, intent.latest_charge_id, accountId) };
}

/**
 * Captures an order's authorization (`capture_authorization`). For a payment held by a fraud
 * rule this is the merchant's approval, recorded on the timeline with who gave it.
 */
export async function captureAuthorization(
  ctx: EngineContext,
  input: { orderId: number; paymentIntentId: string; amount?: number | undefined },
  actor: Actor,
): Promise<{ id: string; status: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const { intent, charge } = await heldPayment(trx, env.account.id, input.orderId, input.paymentIntentId);
    const amount = input.amount ?? charge.amount;
    const minimum = minimumChargeAmount(env, charge.currency);
    if (amount < minimum) {
      throw appError('wcpay_capture_error', {
        extra: {
          error_type: 'amount_too_small',
          minimum_amount: toMajorUnits(minimum, charge.currency),
          currency: charge.currency.toUpperCase(),
        },
      });
    }
    const effects = emptyEffects();
    if (intent.fraud_outcome === 'review') {
      effects.fraudOutcomeUpdates.push({ payment_intent_id: intent.id, set: { manual_action: 'approved' } });
      effects.timeline.push({
        payment_intent_id: intent.id,
        charge_id: charge.id,
        type: 'fraud_outcome_manual_approve',
        datetime: ctx.now,
        data: { user: { id: actor.id, username: actor.username } },
      });
    }
    mergeEffects(effects, planCapture(charge, amount, env, actor));
    await applyEffects(trx, effects);
    return { id: intent.id, status: 'succeeded' };
  });
}

/** Plans letting go of an authorization: canceled by the merchant, blocked after review, or expired. */
export function planVoid(
  charge: ChargeState,
  env: PlanEnv,
  options: { fraudReview: boolean; actor: Actor | undefined; reason: 'requested_by_customer' | 'automatic' },
) {
  env.processor.cancel(charge);
  const effects = emptyEffects();
  effects.intentUpdates.push({
    id: charge.payment_intent_id,
    set: { status: 'canceled', canceled_at: env.now, cancellation_reason: options.reason },
  });
  effects.chargeUpdates.push({ id: charge.id, set: { authorization_expires_at: null } });
  if (charge.order_id !== null)
    effects.orderUpdates.push({ id: charge.order_id, set: { status: 'cancelled' } });
  if (options.fraudReview && options.actor) {
    effects.fraudOutcomeUpdates.push({
      payment_intent_id: charge.payment_intent_id,
      set: { manual_action: 'blocked' },
    });
    effects.timeline.push({
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.id,
      type: 'fraud_outcome_manual_block',
      datetime: env.now,
      data: { user: { id: options.actor.id, username: options.actor.username } },
    });
  }
  effects.timeline.push({
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type: options.reason === 'automatic' ? 'authorization_expired' : 'authorization_voided',
    datetime: env.now,
    data: { amount: charge.amount, currency: charge.currency },
  });
  return effects;
}

/** Cancels an order's authorization (`cancel_authorization`); for a held payment this blocks it. */
export async function cancelAuthorization(
  ctx: EngineContext,
  input: { orderId: number; paymentIntentId: string },
  actor: Actor,
): Promise<{ id: string; status: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const { intent, charge } = await heldPayment(trx, env.account.id, input.orderId, input.paymentIntentId);
    await applyEffects(
      trx,
      planVoid(charge, env, {
        fraudReview: intent.fraud_outcome === 'review',
        actor,
        reason: 'requested_by_customer',
      }),
    );
    return { id: intent.id, status: 'canceled' };
  });
}

/** The job that lets an authorization lapse seven days after it was made. */
export async function expireAuthorization(ctx: EngineContext, chargeId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const charge = await lockCharge(trx, chargeId);
    const intent = await trx
      .selectFrom('payment_intents')
      .select(['status'])
      .where('id', '=', charge.payment_intent_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (intent.status !== 'requires_capture' || charge.captured) return;
    await applyEffects(
      trx,
      planVoid(charge, env, { fraudReview: false, actor: undefined, reason: 'automatic' }),
    );
  });
}
