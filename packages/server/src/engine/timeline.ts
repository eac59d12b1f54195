import type { Executor } from './ledger.ts';

/** The event types of spec 2 §3 "Timeline event". */
export type TimelineType =
  | 'started'
  | 'authorized'
  | 'authorization_voided'
  | 'authorization_expired'
  | 'captured'
  | 'partial_refund'
  | 'full_refund'
  | 'refund_failed'
  | 'failed'
  | 'dispute_needs_response'
  | 'dispute_in_review'
  | 'dispute_won'
  | 'dispute_lost'
  | 'dispute_warning_closed'
  | 'dispute_charge_refunded'
  | 'financing_paydown'
  | 'fraud_outcome_manual_approve'
  | 'fraud_outcome_manual_block'
  | 'fraud_outcome_review'
  | 'fraud_outcome_block';

export interface TimelineEvent {
  payment_intent_id: string;
  charge_id: string | null;
  type: TimelineType;
  datetime: Date;
  data: Record<string, unknown>;
}

/** The timeline_events row of an event. */
export function timelineRow(event: TimelineEvent) {
  return {
    payment_intent_id: event.payment_intent_id,
    charge_id: event.charge_id,
    type: event.type,
    datetime: event.datetime,
    data: JSON.stringify(event.data),
  };
}

export async function recordTimeline(db: Executor, events: readonly TimelineEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto('timeline_events').values(events.map(timelineRow)).execute();
}
