import { loadConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { mailSettings } from '../store/mail.ts';
import { runReaderFeesJob } from './card-readers/jobs.ts';
import { clockNow } from './clock.ts';
import { DISPUTE_DEADLINE_JOB, DISPUTE_REMINDER_JOB, DISPUTE_RESOLVE_JOB } from './disputes/job-kinds.ts';
import { runDisputeDeadlineJob, runDisputeReminderJob, runDisputeResolveJob } from './disputes/jobs.ts';
import { issueDueInvoices } from './documents/invoices.ts';
import { EXPORT_JOB, runExportJob } from './exports/service.ts';
import { type IdSource, randomIds } from './ids.ts';
import type { JobHandlers } from './jobs.ts';
import type { EngineContext } from './payments/context.ts';
import { failPendingRefund } from './payments/refunds.ts';
import { expireAuthorization } from './payments/services.ts';
import { runDaily, runPayoutInTransitJob, runPayoutPaidJob, runPayoutScheduleJob } from './payouts/jobs.ts';
import { loadRates } from './rates.ts';

/** A context at the engine's current time, for one operation. */
export async function engineContext(db: Db, ids: IdSource = randomIds): Promise<EngineContext> {
  const [now, rates] = await Promise.all([clockNow(db), loadRates(db)]);
  return { db, ids, now, rates };
}

/** Every job the engine queues, by kind. Handlers run in their own transactions. */
export const JOB_HANDLERS: JobHandlers = {
  'authorization.expire': async (db, payload, now) => {
    const ctx = { ...(await engineContext(db)), now };
    await expireAuthorization(ctx, String(payload.charge_id));
  },
  'refund.fail': async (db, payload, now) => {
    const ctx = { ...(await engineContext(db)), now };
    await failPendingRefund(ctx, String(payload.refund_id));
  },
  [DISPUTE_DEADLINE_JOB]: async (db, payload, now) => {
    await runDisputeDeadlineJob({ ...(await engineContext(db)), now }, payload);
  },
  [DISPUTE_RESOLVE_JOB]: async (db, payload, now) => {
    await runDisputeResolveJob({ ...(await engineContext(db)), now }, payload);
  },
  'payouts.schedule': async (db, payload, now) => {
    await runPayoutScheduleJob({ ...(await engineContext(db)), now }, payload);
  },
  'payout.in_transit': async (db, payload, now) => {
    await runPayoutInTransitJob({ ...(await engineContext(db)), now }, payload);
  },
  'payout.paid': async (db, payload, now) => {
    await runPayoutPaidJob({ ...(await engineContext(db)), now }, payload);
  },
  'documents.invoices': async (db, payload, now) => {
    const ctx = { ...(await engineContext(db)), now };
    await runDaily(ctx, 'documents.invoices', payload, (accountId) => issueDueInvoices(ctx, accountId));
  },
  'readers.fees': async (db, payload, now) => {
    await runReaderFeesJob({ ...(await engineContext(db)), now }, payload);
  },
  // Mail settings are read from the environment when the job runs, so the server and the CLI,
  // which both run jobs, send mail the same way.
  [EXPORT_JOB]: async (db, payload) => {
    await runExportJob(db, payload, mailSettings());
  },
  [DISPUTE_REMINDER_JOB]: async (db, payload, now) => {
    await runDisputeReminderJob(db, payload, now, mailSettings(), loadConfig().publicUrl);
  },
};
