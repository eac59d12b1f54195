import { formatStoreDate } from '../date-format.ts';
import { disputeResponseUrl, type NoteFormat } from '../inbox/notes.ts';
import { formatCurrency } from '../money/format.ts';
import { DAY_MS } from '../time.ts';
import { disputeReasonLabel } from '../transactions/timeline.ts';

/**
 * The e-mail that reminds a store's managers of a dispute still waiting for their response,
 * sent once per dispute this long before its `due_by` (docs/disputes.md, "Reminder e-mail").
 */
export const DISPUTE_REMINDER_LEAD_MS = 3 * DAY_MS;

/**
 * When a dispute's reminder is due: the lead time before its deadline, or at once for a
 * dispute that opens with less time than that left.
 */
export function disputeReminderAt(dueBy: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), dueBy.getTime() - DISPUTE_REMINDER_LEAD_MS));
}

export interface DisputeReminderInput {
  dispute_id: string;
  amount: number;
  currency: string;
  reason: string;
  due_by: Date;
  /** An inquiry asks questions before it becomes a dispute. */
  inquiry: boolean;
  /** The store's order number of the disputed payment, when it has one. */
  order_number: string | null;
}

export interface DisputeReminderMail {
  subject: string;
  text: string;
}

/**
 * The reminder's subject and plain text in the store's formats. `publicUrl` is the address the
 * store is reached at (the admin's path follows it, under any path of its own); without it the
 * text names the page instead of linking to it.
 */
export function disputeReminderMail(
  input: DisputeReminderInput,
  format: NoteFormat,
  publicUrl: string | undefined,
): DisputeReminderMail {
  const amount = formatCurrency(input.amount, input.currency, format.locale);
  const due = formatStoreDate(Math.floor(input.due_by.getTime() / 1000), format.dateFormat, format.timeZone);
  const order = input.order_number ? ` (order #${input.order_number})` : '';
  const reason = disputeReasonLabel(input.reason);
  const lines = input.inquiry
    ? [
        `A customer's bank asked about a payment of ${amount}${order}. Reason: ${reason}.`,
        `Please respond by ${due}.`,
      ]
    : [
        `A customer disputed a payment of ${amount}${order}. Reason: ${reason}.`,
        `Please respond by ${due}, or the dispute will be lost and the amount will stay with the customer.`,
      ];
  const where = publicUrl
    ? `Respond: ${publicUrl.replace(/\/+$/, '')}${disputeResponseUrl(input.dispute_id)}`
    : `Respond from Payments > Disputes in your store's admin (dispute ${input.dispute_id}).`;
  return {
    subject: input.inquiry
      ? `A payment inquiry needs your response by ${due}`
      : `A disputed payment needs your response by ${due}`,
    text: `${[...lines, '', where].join('\r\n')}\r\n`,
  };
}
