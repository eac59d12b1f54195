/**
 * What became of an audited request (docs/audit-log.md): its change was committed (`changed`),
 * it answered success without changing anything (`unchanged`, e.g. an idempotent replay), it was
 * refused (`refused`, 4xx), it failed (`failed`, 5xx, nothing changed), or it was a failed
 * sign-in (`failed_sign_in`).
 */
export const AUDIT_OUTCOMES = ['changed', 'unchanged', 'refused', 'failed', 'failed_sign_in'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** What the page shows for each outcome (translated where shown). */
export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  changed: 'Changed',
  unchanged: 'No change',
  refused: 'Refused',
  failed: 'Failed',
  failed_sign_in: 'Failed sign-in',
};
