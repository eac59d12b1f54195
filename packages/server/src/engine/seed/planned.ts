import { assert } from '@paydesk/domain';
import { type DisputeState, disputeState } from '../disputes/plan.ts';
import type { Effects } from '../effects.ts';
import type { ChargeState } from '../payments/state.ts';

function parseJson<T>(value: unknown, fallback: T): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T) ?? fallback);
}

/**
 * The charge a checkout planned, as the planners read it back: its insert row with the updates
 * planned after it (a capture, a dispute) applied, JSON columns parsed, exactly what loading it
 * from the database would give once the batch is written.
 */
export function plannedCharge(effects: Effects, chargeId: string): ChargeState {
  const inserted = effects.charges.find((row) => row.id === chargeId);
  assert(inserted, `checkout planned charge ${chargeId}`);
  const row: Record<string, unknown> = { ...inserted };
  for (const update of effects.chargeUpdates) if (update.id === chargeId) Object.assign(row, update.set);
  return {
    id: chargeId,
    account_id: String(row.account_id),
    payment_intent_id: String(row.payment_intent_id),
    order_id: (row.order_id as number | null | undefined) ?? null,
    amount: Number(row.amount),
    amount_captured: Number(row.amount_captured ?? 0),
    amount_refunded: Number(row.amount_refunded ?? 0),
    currency: String(row.currency),
    status: row.status as ChargeState['status'],
    captured: row.captured === true,
    refunded: row.refunded === true,
    payment_method_type: String(row.payment_method_type),
    payment_method_details: parseJson(row.payment_method_details, {}),
    billing_details: parseJson(row.billing_details, {}),
    channel: (row.channel as ChargeState['channel'] | undefined) ?? 'online',
    source_device: (row.source_device as ChargeState['source_device'] | undefined) ?? null,
    risk_level: (row.risk_level as number | null | undefined) ?? null,
    outcome: parseJson(row.outcome, {} as ChargeState['outcome']),
    exchange_rate: (row.exchange_rate as string | null | undefined) ?? null,
    refunds_fail: row.refunds_fail === true,
    scripted_dispute: parseJson(row.scripted_dispute, null),
    dispute_id: (row.dispute_id as string | null | undefined) ?? null,
    created_at: row.created_at as Date,
  };
}

/** The dispute a capture opened, as the dispute planners read it back: new, with nothing submitted. */
export function plannedDispute(effects: Effects, disputeId: string): DisputeState {
  const row = effects.disputes.find((d) => d.id === disputeId);
  assert(row, `capture planned dispute ${disputeId}`);
  return disputeState({
    ...row,
    id: disputeId,
    evidence: {},
    metadata: {},
    issuer_evidence: [],
    due_by: new Date(row.due_by as Date),
    has_evidence: false,
    submission_count: 0,
    created_at: new Date(row.created_at as Date),
    closed_at: null,
    cover_letter: null,
    cover_letter_included: null,
  });
}
