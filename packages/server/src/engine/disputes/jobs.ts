import { isInquiryStatus, MANAGE_WOOCOMMERCE, rolesWith } from '@paydesk/domain';
import { AWAITING_RESPONSE_STATUSES } from '@paydesk/domain/disputes/list-query';
import { disputeReminderMail } from '@paydesk/domain/disputes/reminder';
import type { Db } from '../../db/database.ts';
import { type MailSettings, sendMail } from '../../store/mail.ts';
import { noteFormat } from '../inbox.ts';
import type { EngineContext } from '../payments/context.ts';
import { expireDisputeDeadline, resolveDispute } from './service.ts';

/** The dispute a job is about; a malformed payload is a bug, so the job fails loudly. */
function disputeIdOf(payload: Record<string, unknown>): string {
  const id = payload.dispute_id;
  if (typeof id !== 'string' || !id.startsWith('dp_'))
    throw new Error(`dispute job without a dispute_id: ${JSON.stringify(payload)}`);
  return id;
}

/** `dispute.deadline`, queued at due_by when the dispute opens (planDispute). */
export async function runDisputeDeadlineJob(
  ctx: EngineContext,
  payload: Record<string, unknown>,
): Promise<void> {
  await expireDisputeDeadline(ctx, disputeIdOf(payload));
}

/** `dispute.resolve`, queued when evidence is submitted, DISPUTE_REVIEW_MS later. */
export async function runDisputeResolveJob(
  ctx: EngineContext,
  payload: Record<string, unknown>,
): Promise<void> {
  await resolveDispute(ctx, disputeIdOf(payload));
}

/**
 * `dispute.reminder`, queued when the dispute opens for DISPUTE_REMINDER_LEAD_MS before its
 * deadline: e-mails the store's managers (administrators and shop managers) while the dispute
 * still waits for their response. The job's unique key makes it one reminder per dispute.
 */
export async function runDisputeReminderJob(
  db: Db,
  payload: Record<string, unknown>,
  now: Date,
  mail: MailSettings,
  publicUrl: string | undefined,
): Promise<void> {
  const dispute = await db
    .selectFrom('disputes as d')
    .innerJoin('charges as c', 'c.id', 'd.charge_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'd.id',
      'd.amount',
      'd.currency',
      'd.reason',
      'd.status',
      'd.due_by',
      'o.number as order_number',
    ])
    .where('d.id', '=', disputeIdOf(payload))
    .executeTakeFirst();
  // Gone with its account (a reset test drive): nothing to remind of.
  if (!dispute) return;
  const waiting = (AWAITING_RESPONSE_STATUSES as readonly string[]).includes(dispute.status);
  if (!waiting || dispute.due_by <= now) return;
  const managers = await db
    .selectFrom('users')
    .select('email')
    .where('role', 'in', rolesWith(MANAGE_WOOCOMMERCE))
    .orderBy('id')
    .execute();
  if (managers.length === 0) return;
  const message = disputeReminderMail(
    {
      dispute_id: dispute.id,
      amount: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      due_by: dispute.due_by,
      inquiry: isInquiryStatus(dispute.status),
      order_number: dispute.order_number,
    },
    await noteFormat(db),
    publicUrl,
  );
  await sendMail(mail, { to: managers.map((user) => user.email).join(', '), ...message });
}
