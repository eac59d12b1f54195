import {
  appError,
  assert,
  convertMinor,
  type DisputeStatus,
  invalidParams,
  isDisputeStatus,
  isInquiryStatus,
} from '@paydesk/domain';
import { disputes as contracts } from '@paydesk/domain/contracts';
import { DISPUTE_REVIEW_MS } from '@paydesk/domain/disputes/windows';
import { epochSeconds } from '@paydesk/domain/time';
import type { Selectable } from 'kysely';
import type { DisputeListCopies, DisputesTable } from '../../db/schema.ts';
import { type Effects, emptyEffects } from '../effects.ts';
import { ledgerAttributes } from '../payments/plan-capture.ts';
import type { ChargeState, PlanEnv } from '../payments/state.ts';
import type { TimelineType } from '../timeline.ts';
import { DISPUTE_RESOLVE_JOB } from './job-kinds.ts';

/** A dispute as the planners read it (JSON columns parsed). */
export interface DisputeState {
  id: string;
  account_id: string;
  charge_id: string;
  amount: number;
  currency: string;
  status: DisputeStatus;
  reason: string;
  evidence: Record<string, string>;
  metadata: Record<string, string>;
  due_by: Date;
  has_evidence: boolean;
  submission_count: number;
  created_at: Date;
  closed_at: Date | null;
  cover_letter: string | null;
  cover_letter_included: boolean | null;
}

/** A dispute row as the planners read it; the copies it keeps for the list are not read. */
export function disputeState(row: Omit<Selectable<DisputesTable>, DisputeListCopies>): DisputeState {
  assert(isDisputeStatus(row.status), `dispute ${row.id} has a known status, got ${row.status}`);
  return {
    id: row.id,
    account_id: row.account_id,
    charge_id: row.charge_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    evidence: { ...row.evidence },
    metadata: { ...row.metadata },
    due_by: row.due_by,
    has_evidence: row.has_evidence,
    submission_count: row.submission_count,
    created_at: row.created_at,
    closed_at: row.closed_at,
    cover_letter: row.cover_letter,
    cover_letter_included: row.cover_letter_included,
  };
}

const isEditable = (status: DisputeStatus) =>
  (contracts.EDITABLE_DISPUTE_STATUSES as readonly string[]).includes(status);

export const DISPUTE_ERRORS = {
  notFound: () => appError('wcpay_dispute_not_found'),
  /** Once submitted, evidence is read-only; a closed dispute's evidence too. */
  notEditable: (dispute: DisputeState) =>
    appError(
      dispute.submission_count > 0 ||
        dispute.status === 'under_review' ||
        dispute.status === 'warning_under_review'
        ? 'wcpay_dispute_not_editable'
        : 'wcpay_dispute_closed',
      { extra: { dispute_status: dispute.status } },
    ),
  pastDue: (dispute: DisputeState) =>
    appError('wcpay_dispute_past_due', {
      extra: { dispute_status: dispute.status, due_by: epochSeconds(dispute.due_by) },
    }),
  notClosable: (dispute: DisputeState) =>
    appError('wcpay_dispute_not_closable', { extra: { dispute_status: dispute.status } }),
} as const;

export interface EvidenceUpdate {
  evidence: Readonly<Record<string, string | undefined>>;
  metadata: Readonly<Record<string, string>>;
  submit: boolean;
  /** Left out, the cover letter stays as saved. */
  cover_letter?: { included: boolean; body: string | null } | undefined;
}

/** Applies given values over saved ones; an empty string clears a key. */
export function mergeValues(
  saved: Record<string, string>,
  given: Readonly<Record<string, string | undefined>>,
  skip: readonly string[] = [],
): Record<string, string> {
  const merged = { ...saved };
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined || skip.includes(key)) continue;
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function timelineEvent(
  dispute: DisputeState,
  charge: ChargeState,
  type: TimelineType,
  env: PlanEnv,
  data: Record<string, unknown> = {},
) {
  return {
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type,
    datetime: env.now,
    data: {
      amount: dispute.amount,
      currency: dispute.currency,
      dispute_id: dispute.id,
      reason: dispute.reason,
      ...data,
    },
  };
}

/** Refuses a change of evidence once submitted or closed (409), or after the deadline. */
export function assertEvidenceEditable(dispute: DisputeState, now: Date): void {
  if (!isEditable(dispute.status)) throw DISPUTE_ERRORS.notEditable(dispute);
  // The deadline job may not have run yet; the deadline is what counts.
  if (now.getTime() >= dispute.due_by.getTime()) throw DISPUTE_ERRORS.pastDue(dispute);
}

/**
 * Saves evidence (the dispute stays open) or submits it (final: needs_response → under_review,
 * warning_needs_response → warning_under_review, decided by the issuer after the review period).
 * Only a dispute that needs a response can change. `dispute` is updated in place.
 */
export function planEvidenceUpdate(
  dispute: DisputeState,
  charge: ChargeState,
  input: EvidenceUpdate,
  env: PlanEnv,
  fileSizes: ReadonlyMap<string, number>,
): Effects {
  assertEvidenceEditable(dispute, env.now);
  const effects = emptyEffects();
  const evidence = mergeValues(dispute.evidence, input.evidence);
  if (contracts.evidenceTotalChars(evidence) > contracts.EVIDENCE_TOTAL_MAX_CHARS) {
    throw invalidParams({ evidence: contracts.EVIDENCE_MAX_CHARS_MESSAGE });
  }
  checkEvidenceFiles(evidence, fileSizes);
  const metadata = mergeValues(dispute.metadata, input.metadata, contracts.SERVER_METADATA_KEYS);
  const hasEvidence = Object.keys(evidence).length > 0;
  let status = dispute.status;
  let submissionCount = dispute.submission_count;
  if (input.submit) {
    status = dispute.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
    submissionCount += 1;
    metadata.__evidence_submitted_at = String(epochSeconds(env.now));
    effects.timeline.push(timelineEvent(dispute, charge, 'dispute_in_review', env));
    effects.jobs.push({
      kind: DISPUTE_RESOLVE_JOB,
      payload: JSON.stringify({ dispute_id: dispute.id }),
      run_at: new Date(env.now.getTime() + DISPUTE_REVIEW_MS),
      unique_key: `${DISPUTE_RESOLVE_JOB}:${dispute.id}`,
    });
  }
  const letter = input.cover_letter
    ? { cover_letter: input.cover_letter.body, cover_letter_included: input.cover_letter.included }
    : {};
  Object.assign(dispute, {
    evidence,
    metadata,
    status,
    has_evidence: hasEvidence,
    submission_count: submissionCount,
    ...letter,
  });
  effects.disputeUpdates.push({
    id: dispute.id,
    set: {
      evidence: JSON.stringify(evidence),
      metadata: JSON.stringify(metadata),
      status,
      has_evidence: hasEvidence,
      submission_count: submissionCount,
      ...letter,
    },
  });
  return effects;
}

/**
 * The file fields must name the account's own stored files (`fileSizes`: id → bytes, as the
 * service read them), together at most 4,500,000 bytes; a file named twice counts once. The
 * refusal names the field: the unknown file's, or the one whose file takes the total over.
 */
function checkEvidenceFiles(evidence: Record<string, string>, fileSizes: ReadonlyMap<string, number>): void {
  const counted = new Set<string>();
  let total = 0;
  for (const key of contracts.EVIDENCE_FILE_KEYS) {
    const id = evidence[key];
    if (id === undefined || counted.has(id)) continue;
    const size = fileSizes.get(id);
    if (size === undefined)
      throw invalidParams({ [`evidence.${key}`]: contracts.EVIDENCE_FILE_UNKNOWN_MESSAGE });
    counted.add(id);
    total += size;
    if (total > contracts.EVIDENCE_FILES_MAX_BYTES)
      throw invalidParams({ [`evidence.${key}`]: contracts.EVIDENCE_FILES_MAX_BYTES_MESSAGE });
  }
}

/** Ends a dispute: its status, when, and the timeline event; `dispute` is updated in place. */
function planClosing(
  effects: Effects,
  dispute: DisputeState,
  charge: ChargeState,
  status: 'won' | 'lost' | 'warning_closed',
  env: PlanEnv,
  extra: { metadata?: Record<string, string>; timeline?: Record<string, unknown> } = {},
): void {
  const metadata = { ...dispute.metadata, ...extra.metadata };
  Object.assign(dispute, { status, metadata, closed_at: env.now });
  effects.disputeUpdates.push({
    id: dispute.id,
    set: { status, metadata: JSON.stringify(metadata), closed_at: env.now },
  });
  const type: TimelineType =
    status === 'won' ? 'dispute_won' : status === 'lost' ? 'dispute_lost' : 'dispute_warning_closed';
  effects.timeline.push(timelineEvent(dispute, charge, type, env, extra.timeline));
}

/**
 * Accepts a dispute (`POST {base}/disputes/:id/close`): it is lost, and the money taken when it
 * opened stays with the customer; an inquiry is closed instead. Only while a response is due.
 */
export function planDisputeClose(dispute: DisputeState, charge: ChargeState, env: PlanEnv): Effects {
  if (!isEditable(dispute.status)) throw DISPUTE_ERRORS.notClosable(dispute);
  const effects = emptyEffects();
  planClosing(effects, dispute, charge, isInquiryStatus(dispute.status) ? 'warning_closed' : 'lost', env, {
    metadata: { __closed_by_merchant: '1', __dispute_closed_at: String(epochSeconds(env.now)) },
  });
  return effects;
}

/**
 * The issuer decides a dispute under review (the `dispute.resolve` job). A won dispute returns
 * the disputed amount to the balance with a `dispute_reversal` entry (the dispute fee is not
 * returned); a reviewed inquiry is closed. Anything not under review plans nothing.
 */
export function planDisputeResolution(dispute: DisputeState, charge: ChargeState, env: PlanEnv): Effects {
  const effects = emptyEffects();
  if (dispute.status === 'warning_under_review') {
    planClosing(effects, dispute, charge, 'warning_closed', env);
    return effects;
  }
  if (dispute.status !== 'under_review') return effects;
  if (env.processor.decideDispute(dispute.evidence) === 'lost') {
    planClosing(effects, dispute, charge, 'lost', env);
    return effects;
  }
  const settlement = env.account.default_currency;
  // The same conversion planDispute made when it took the amount, so the two cancel exactly.
  const settled = convertMinor(dispute.amount, dispute.currency, settlement, charge.exchange_rate ?? '1');
  const txnId = env.ids.next('txn');
  effects.ledger.push({
    ...ledgerAttributes(charge),
    id: txnId,
    account_id: env.account.id,
    type: 'dispute_reversal',
    amount: settled,
    fee: 0,
    currency: settlement,
    customer_amount: dispute.amount,
    customer_currency: dispute.currency,
    exchange_rate: charge.exchange_rate,
    source_id: dispute.id,
    dispute_id: dispute.id,
    available_on: env.now,
    created_at: env.now,
  });
  planClosing(effects, dispute, charge, 'won', env, { timeline: { fee: 0, transaction_id: txnId } });
  return effects;
}

/**
 * The response deadline passed (the `dispute.deadline` job): a dispute still waiting for the
 * merchant is lost, an inquiry closes. Anything answered meanwhile plans nothing.
 */
export function planDisputeDeadline(dispute: DisputeState, charge: ChargeState, env: PlanEnv): Effects {
  const effects = emptyEffects();
  if (env.now.getTime() < dispute.due_by.getTime()) return effects;
  if (dispute.status === 'needs_response') planClosing(effects, dispute, charge, 'lost', env);
  else if (dispute.status === 'warning_needs_response')
    planClosing(effects, dispute, charge, 'warning_closed', env);
  return effects;
}
