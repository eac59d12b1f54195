import type { EngineContext } from '../payments/context.ts';
import { DISPUTE_DEADLINE_JOB, DISPUTE_RESOLVE_JOB } from './plan.ts';
import { expireDisputeDeadline, resolveDispute } from './service.ts';

export { DISPUTE_DEADLINE_JOB, DISPUTE_RESOLVE_JOB };

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
