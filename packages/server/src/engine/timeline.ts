import type { TimelineEventType } from '@paydesk/domain/transactions/format';
import type { Executor } from './ledger.ts';

/** The timeline's event types: one list, in domain/transactions/format. */
export type TimelineType = TimelineEventType;

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
