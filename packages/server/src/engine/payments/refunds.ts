import type { RefundReason } from '@paydesk/domain';
import type { payments } from '@paydesk/domain/contracts';
import type { z } from 'zod';
import { applyEffects } from '../effects.ts';
import type { Actor, EngineContext, Trx } from './context.ts';
import { loadPlanEnv, lockCharge } from './load.ts';
import { planRefund, planRefundFailure, REFUND_ERRORS } from './plan-refund.ts';
import type { ChargeState } from './state.ts';

export type RefundResult = z.infer<typeof payments.ZRefundResult>;

export interface RefundInput {
  chargeId: string;
  /** Minor units of the charge's currency; omitted: all that remains. */
  amount?: number | undefined;
  reason?: RefundReason | null | undefined;
  /** The order's id, or its number as the charge answers it (`order.number`). */
  orderId?: number | string | undefined;
}

/** The charge's order id when `number` is its order's number, else a mismatch. */
async function orderIdOfNumber(trx: Trx, charge: ChargeState, number: string): Promise<number> {
  const order =
    charge.order_id === null
      ? undefined
      : await trx.selectFrom('orders').select('number').where('id', '=', charge.order_id).executeTakeFirst();
  if (!order || charge.order_id === null || order.number !== number) throw REFUND_ERRORS.orderMismatch();
  return charge.order_id;
}

async function disputeStatusOf(trx: Trx, charge: ChargeState): Promise<string | null> {
  if (charge.dispute_id === null) return null;
  const row = await trx
    .selectFrom('disputes')
    .select('status')
    .where('id', '=', charge.dispute_id)
    .executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Refunds a charge (`POST {base}/refund`). The charge row is locked for the whole transaction,
 * so concurrent partial refunds are applied one after another and each sees what the previous
 * one left; the table's check (refunded ≤ captured) is the last line behind that.
 */
export async function refundCharge(
  ctx: EngineContext,
  input: RefundInput,
  actor: Actor | undefined,
): Promise<RefundResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const charge = await lockCharge(trx, input.chargeId, env.account.id);
    const effects = planRefund(charge, input.amount, input.reason, env, actor, {
      orderId:
        typeof input.orderId === 'string' ? await orderIdOfNumber(trx, charge, input.orderId) : input.orderId,
      disputeStatus: await disputeStatusOf(trx, charge),
    });
    await applyEffects(trx, effects);
    const refund = effects.refunds[0]!;
    return {
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      status: refund.status,
      charge: refund.charge_id,
      reason: refund.reason ?? null,
    };
  });
}

/** The `refund.fail` job: a pending refund on a card whose refunds fail is marked failed. */
export async function failPendingRefund(ctx: EngineContext, refundId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const found = await trx
      .selectFrom('refunds')
      .select('charge_id')
      .where('id', '=', refundId)
      .executeTakeFirst();
    if (!found) return;
    // The charge first, then the refund: the order every refund operation locks them in.
    const charge = await lockCharge(trx, found.charge_id);
    const refund = await trx
      .selectFrom('refunds')
      .select(['id', 'amount', 'currency', 'status'])
      .where('id', '=', refundId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await applyEffects(trx, planRefundFailure(charge, refund, env));
  });
}
