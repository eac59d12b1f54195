/**
 * The evidence rules the server and the page share (docs/disputes.md), without zod: the page's
 * bundle takes these, the contract (contracts/disputes.ts) re-exports them for its schemas.
 */
import { DISPUTES_ERRORS } from '../errors/disputes.ts';

/** A dispute's id, as the routes take it. */
export const DISPUTE_ID_PATTERN = /^dp_[A-Za-z0-9]{1,64}$/;

/** How an evidence field is entered. */
export type EvidenceFieldType = 'text' | 'textarea' | 'date' | 'file';

/** Every evidence key and its type. */
export const EVIDENCE_FIELD_TYPES = {
  product_description: 'textarea',
  customer_name: 'text',
  customer_email_address: 'text',
  customer_signature: 'file',
  billing_address: 'textarea',
  customer_purchase_ip: 'text',
  receipt: 'file',
  customer_communication: 'file',
  refund_policy: 'file',
  refund_policy_disclosure: 'textarea',
  refund_refusal_explanation: 'textarea',
  duplicate_charge_id: 'text',
  duplicate_charge_explanation: 'textarea',
  duplicate_charge_documentation: 'file',
  shipping_documentation: 'file',
  service_documentation: 'file',
  shipping_carrier: 'text',
  shipping_tracking_number: 'text',
  shipping_date: 'date',
  shipping_address: 'textarea',
  cancellation_policy: 'file',
  cancellation_policy_disclosure: 'textarea',
  cancellation_rebuttal: 'textarea',
  access_activity_log: 'file',
  service_date: 'date',
  uncategorized_text: 'textarea',
  uncategorized_file: 'file',
} as const satisfies Record<string, EvidenceFieldType>;
export type EvidenceKey = keyof typeof EVIDENCE_FIELD_TYPES;
export const EVIDENCE_KEYS = Object.keys(EVIDENCE_FIELD_TYPES) as EvidenceKey[];

/** A text field holds at most 20,000 characters, all text together 150,000. */
export const EVIDENCE_FIELD_MAX_CHARS = 20_000;
export const EVIDENCE_TOTAL_MAX_CHARS = 150_000;
export const EVIDENCE_MAX_CHARS_MESSAGE = 'Reached maximum character count for evidence';

/** The files attached to one dispute total at most 4,500,000 bytes. */
export const EVIDENCE_FILES_MAX_BYTES = 4_500_000;
export const EVIDENCE_FILES_MAX_BYTES_MESSAGE =
  "The files you've attached to this dispute as evidence will exceed the limit for a dispute's total size. Try using smaller files as evidence. Hint: if you've attached images, you might want to try providing them in lower resolutions.";
/** The evidence keys whose value is a file id. */
export const EVIDENCE_FILE_KEYS = EVIDENCE_KEYS.filter((key) => EVIDENCE_FIELD_TYPES[key] === 'file');

/** The product types a merchant may choose for a dispute's evidence. */
export const PRODUCT_TYPES = [
  'physical_product',
  'digital_product_or_service',
  'offline_service',
  'multiple',
] as const;

/** The read-only notice for evidence that was submitted. */
export const EVIDENCE_READ_ONLY_MESSAGE = DISPUTES_ERRORS.wcpay_dispute_not_editable.message;
/** The notice of a dispute whose deadline passed before evidence was submitted. */
export const EVIDENCE_PAST_DUE_MESSAGE = DISPUTES_ERRORS.wcpay_dispute_past_due.message;

/** Characters of text evidence counted toward the total: every string value. */
export function evidenceTotalChars(evidence: Readonly<Record<string, string>>): number {
  let total = 0;
  for (const value of Object.values(evidence)) total += value.length;
  return total;
}
