import { disputes as contracts } from '@paydesk/domain/contracts';
import { coverLetterIncluded } from '@paydesk/domain/disputes/cover-letter';
import { evidencePrefill, type PrefillSource } from '@paydesk/domain/disputes/prefill';
import { epochSeconds } from '@paydesk/domain/time';
import type { z } from 'zod';
import { ownedBy } from '../../db/scope.ts';
import { chargeRows, orderRows } from '../document-rows.ts';
import { applyEffects, type Effects } from '../effects.ts';
import type { Executor } from '../ledger.ts';
import type { EngineContext, Trx } from '../payments/context.ts';
import { loadPlanEnv, lockCharge } from '../payments/load.ts';
import type { ChargeState, PlanEnv } from '../payments/state.ts';
import { withCoverLetter } from './cover-letter.ts';
import {
  assertEvidenceEditable,
  DISPUTE_ERRORS,
  type DisputeState,
  disputeState,
  type EvidenceUpdate,
  planDisputeClose,
  planDisputeDeadline,
  planDisputeResolution,
  planEvidenceUpdate,
} from './plan.ts';

export type DisputeView = z.infer<typeof contracts.ZDispute>;

/** A dispute as `GET {base}/disputes/:id` answers it. */
export async function readDispute(db: Executor, accountId: string, id: string): Promise<DisputeView> {
  const row = await db
    .selectFrom('disputes as d')
    .innerJoin(chargeRows(db, 'c'), 'c.id', 'd.charge_id')
    .leftJoin(orderRows(db, 'o'), 'o.id', 'c.order_id')
    .selectAll('d')
    .select([
      'c.payment_intent_id',
      'c.billing_details',
      'o.id as order_row_id',
      'o.number as order_number',
      'o.url as order_url',
      'o.customer_name',
      'o.customer_email',
      'o.billing_address',
      'o.shipping_address',
      'c.ip_address',
      'c.payment_method_details',
    ])
    .where('d.id', '=', id)
    .where(ownedBy(accountId, 'd'))
    .executeTakeFirst();
  if (!row) throw DISPUTE_ERRORS.notFound();
  const dispute = disputeState(row);
  // The dispute's ledger rows are among its charge's, which are indexed.
  const ledger = await db
    .selectFrom('balance_transactions')
    .select(['amount', 'currency', 'fee', 'type'])
    .where('charge_id', '=', dispute.charge_id)
    .where('dispute_id', '=', dispute.id)
    .orderBy('seq')
    .limit(100)
    .execute();
  const billing = row.billing_details as { name?: unknown };
  return {
    id: dispute.id,
    status: dispute.status,
    reason: dispute.reason,
    created: epochSeconds(dispute.created_at),
    amount: dispute.amount,
    currency: dispute.currency,
    charge: {
      id: dispute.charge_id,
      payment_intent: row.payment_intent_id,
      billing_details: { name: typeof billing.name === 'string' ? billing.name : null },
    },
    order:
      row.order_row_id !== null && row.order_number !== null
        ? { number: row.order_number, url: row.order_url }
        : null,
    evidence: dispute.evidence,
    evidence_details: {
      due_by: epochSeconds(dispute.due_by),
      has_evidence: dispute.has_evidence,
      submission_count: dispute.submission_count,
    },
    metadata: dispute.metadata,
    cover_letter: {
      included: coverLetterIncluded(dispute.cover_letter_included, dispute.evidence),
      body: dispute.cover_letter,
    },
    prefill: evidencePrefill({
      customer_name: row.customer_name,
      customer_email: row.customer_email,
      billing_address: row.billing_address,
      shipping_address: row.shipping_address,
      ip_address: row.ip_address,
      checks:
        (row.payment_method_details as { card?: { checks?: PrefillSource['checks'] } }).card?.checks ?? null,
    }),
    issuer_evidence: row.issuer_evidence as DisputeView['issuer_evidence'],
    balance_transactions: ledger.map((entry) => ({
      amount: Number(entry.amount),
      currency: entry.currency,
      fee: Number(entry.fee),
      reporting_category: entry.type,
    })),
  };
}

/**
 * Locks a dispute for a change: its charge first, then the dispute, the order in which refunds
 * and captures lock a charge before its dispute, so the two never wait on each other.
 */
async function lockDispute(
  trx: Trx,
  accountId: string,
  id: string,
): Promise<{ dispute: DisputeState; charge: ChargeState }> {
  const found = await trx
    .selectFrom('disputes')
    .select('charge_id')
    .where('id', '=', id)
    .where(ownedBy(accountId))
    .executeTakeFirst();
  if (!found) throw DISPUTE_ERRORS.notFound();
  const charge = await lockCharge(trx, found.charge_id, accountId);
  const row = await trx
    .selectFrom('disputes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { dispute: disputeState(row), charge };
}

type Planner = (
  dispute: DisputeState,
  charge: ChargeState,
  env: PlanEnv,
  trx: Trx,
) => Effects | Promise<Effects>;

/** Runs one planner on a locked dispute in one transaction; answers the dispute as it is then. */
async function changeDispute(ctx: EngineContext, id: string, plan: Planner): Promise<DisputeView> {
  return ctx.db.transaction().execute(async (trx) => {
    const env = await loadPlanEnv(trx, ctx);
    const { dispute, charge } = await lockDispute(trx, env.account.id, id);
    await applyEffects(trx, await plan(dispute, charge, env, trx));
    return readDispute(trx, env.account.id, id);
  });
}

/**
 * The sizes of the account's stored files among `ids`; another account's file is not among
 * them, so it is refused as unknown.
 */
async function evidenceFileSizes(trx: Trx, accountId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('files')
    .select(['id', 'size'])
    .where('id', 'in', ids)
    .where(ownedBy(accountId))
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.size)]));
}

/** `POST {base}/disputes/:id`: saves or submits evidence. */
export function updateDispute(
  ctx: EngineContext,
  id: string,
  given: EvidenceUpdate,
  userId: number | null = null,
): Promise<DisputeView> {
  return changeDispute(ctx, id, async (dispute, charge, env, trx) => {
    assertEvidenceEditable(dispute, env.now);
    const owner = { accountId: env.account.id, userId };
    const input = await withCoverLetter(trx, { ids: ctx.ids, now: env.now }, owner, dispute, charge, given);
    const named = { ...dispute.evidence, ...input.evidence };
    const ids = contracts.EVIDENCE_FILE_KEYS.map((key) => named[key]).filter(
      (value): value is string => value !== undefined && value !== '',
    );
    const sizes = await evidenceFileSizes(trx, env.account.id, [...new Set(ids)]);
    return planEvidenceUpdate(dispute, charge, input, env, sizes);
  });
}

/** `POST {base}/disputes/:id/close`: accepts the dispute. */
export function closeDispute(ctx: EngineContext, id: string): Promise<DisputeView> {
  return changeDispute(ctx, id, planDisputeClose);
}

/** The `dispute.resolve` job: the sandbox issuer decides submitted evidence. */
export async function resolveDispute(ctx: EngineContext, id: string): Promise<void> {
  await changeDispute(ctx, id, planDisputeResolution);
}

/** The `dispute.deadline` job: no answer by due_by loses the dispute (or closes the inquiry). */
export async function expireDisputeDeadline(ctx: EngineContext, id: string): Promise<void> {
  await changeDispute(ctx, id, planDisputeDeadline);
}
