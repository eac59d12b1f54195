/**
 * The dispute challenge page's evidence form: which sections a dispute's reason and product
 * type show, each field's label and guidance, the product type a dispute starts with, and the
 * checks made before a change is kept. docs/disputes.md writes the section map out as a table.
 */

import { UPLOAD_RULES } from '../files/upload-purposes.ts';
import {
  EVIDENCE_FIELD_MAX_CHARS,
  EVIDENCE_FIELD_TYPES,
  EVIDENCE_FILE_KEYS,
  EVIDENCE_FILES_MAX_BYTES,
  EVIDENCE_KEYS,
  EVIDENCE_TOTAL_MAX_CHARS,
  type EvidenceFieldType,
  type EvidenceKey,
  evidenceTotalChars,
  PRODUCT_TYPES,
} from './evidence-limits.ts';
import { isAwaitingResponse } from './list-query.ts';

export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The product types a section or field can be limited to; `multiple` stands for all of them. */
export type SingleProductType = Exclude<ProductType, 'multiple'>;

/** The product types, with the selector's labels. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  physical_product: 'Physical product',
  digital_product_or_service: 'Digital product or service',
  offline_service: 'Offline service',
  multiple: 'Multiple product types',
};

/** The metadata key that keeps the selected product type. */
export const PRODUCT_TYPE_METADATA_KEY = '__product_type';

/** An evidence field's definition (the type comes from the contract). */
export interface EvidenceField {
  key: EvidenceKey;
  label: string;
  type: EvidenceFieldType;
  description?: string;
  /** Characters a text value may hold. */
  maxLength?: number;
  /** Shown only for these product types; for every type when unset. */
  productType?: readonly SingleProductType[];
}

export interface EvidenceSection {
  key: string;
  title: string;
  description?: string;
  fields: readonly EvidenceField[];
  /** Shown only for these reasons; for every reason when unset. */
  reasons?: readonly string[];
  /** Shown only for these product types; for every type when unset. */
  productType?: readonly SingleProductType[];
}

type FieldDraft = Omit<EvidenceField, 'type' | 'maxLength'>;

/** A field of the contract's type; text fields hold what the server keeps of one field. */
function field(draft: FieldDraft): EvidenceField {
  const type = EVIDENCE_FIELD_TYPES[draft.key];
  return type === 'file' || type === 'date'
    ? { ...draft, type }
    : { ...draft, type, maxLength: EVIDENCE_FIELD_MAX_CHARS };
}

/** Evidence guidance: what an activity log should prove. */
export const ACTIVITY_LOG_GUIDANCE =
  'Provide at least two of: the customer IP address and device location at purchase; the device ID and name; the customer name and email tied to their profile; proof of a login before the transaction date; proof of site or app access on or after the transaction date; proof that the same device and card were used in an earlier undisputed payment.';

/** The reasons whose disputes turn on what was delivered, and how. */
const DELIVERY_REASONS = ['fraudulent', 'product_not_received', 'product_unacceptable', 'unrecognized'];

/**
 * The evidence fields by section and when each section shows (docs/disputes.md). Seven reasons
 * select sections; any other reason shows General evidence and Additional details.
 */
export const EVIDENCE_SECTIONS: readonly EvidenceSection[] = [
  {
    key: 'general',
    title: 'General evidence',
    fields: [
      field({
        key: 'product_description',
        label: 'Product description',
        description: 'What was sold: the product or service, its price and how it was delivered.',
      }),
      field({ key: 'customer_name', label: 'Customer name' }),
      field({ key: 'customer_email_address', label: 'Customer email' }),
      field({
        key: 'customer_signature',
        label: 'Customer signature',
        description: "A document showing the customer's signature, such as a signed contract or delivery.",
      }),
      field({ key: 'billing_address', label: 'Customer billing address' }),
      field({ key: 'customer_purchase_ip', label: 'Customer IP address' }),
      field({
        key: 'receipt',
        label: 'Receipt',
        description: 'The receipt or invoice sent to the customer.',
      }),
      field({
        key: 'customer_communication',
        label: 'Customer communication',
        description: 'Emails or messages with the customer about the purchase.',
      }),
    ],
  },
  {
    key: 'refund_policy',
    title: 'Refund policy info',
    reasons: ['credit_not_processed', 'product_unacceptable', 'subscription_canceled'],
    fields: [
      field({
        key: 'refund_policy',
        label: 'Refund policy',
        description: 'Your refund policy as the customer saw it.',
      }),
      field({
        key: 'refund_policy_disclosure',
        label: 'Refund policy disclosure',
        description: 'How and when the refund policy was shown to the customer.',
      }),
      field({
        key: 'refund_refusal_explanation',
        label: 'Refund refusal explanation',
        description: 'Why the customer is not entitled to a refund.',
      }),
    ],
  },
  {
    key: 'duplicate',
    title: 'Duplicate charge info',
    reasons: ['duplicate'],
    fields: [
      field({
        key: 'duplicate_charge_id',
        label: 'Duplicate charge ID',
        description: 'The ID of the other payment that seems a duplicate of this one.',
      }),
      field({
        key: 'duplicate_charge_explanation',
        label: 'Explanation of duplicate charge',
        description: 'Why the two payments are for different purchases.',
      }),
      field({ key: 'duplicate_charge_documentation', label: 'Documentation for the duplicate charge' }),
      field({ key: 'shipping_documentation', label: 'Proof of shipping', productType: ['physical_product'] }),
      field({ key: 'service_documentation', label: 'Proof of service', productType: ['offline_service'] }),
    ],
  },
  {
    key: 'shipping',
    title: 'Shipping information',
    reasons: DELIVERY_REASONS,
    productType: ['physical_product'],
    fields: [
      field({
        key: 'shipping_carrier',
        label: 'Shipping carrier',
        description: 'Separate multiple carriers with commas.',
      }),
      field({
        key: 'shipping_tracking_number',
        label: 'Tracking number',
        description: 'Separate multiple tracking numbers with commas.',
      }),
      field({ key: 'shipping_documentation', label: 'Proof of shipping' }),
      field({
        key: 'shipping_date',
        label: 'Shipping date',
        description: 'The shipping date should be before the dispute date.',
      }),
      field({
        key: 'shipping_address',
        label: 'Shipping address',
        description: 'It must match a billing address verified by address verification.',
      }),
    ],
  },
  {
    key: 'cancellation',
    title: 'Cancellation policy info',
    reasons: ['subscription_canceled'],
    fields: [
      field({ key: 'cancellation_policy', label: 'Cancellation policy' }),
      field({
        key: 'cancellation_policy_disclosure',
        label: 'Cancellation policy disclosure',
        description: 'How and when the cancellation policy was shown to the customer.',
      }),
      field({
        key: 'cancellation_rebuttal',
        label: 'Cancellation rebuttal',
        description: 'Why the subscription was not canceled, or why this payment is still due.',
      }),
    ],
  },
  {
    key: 'activity_logs',
    title: 'Download and activity logs',
    reasons: ['fraudulent', 'product_not_received'],
    productType: ['digital_product_or_service'],
    description: ACTIVITY_LOG_GUIDANCE,
    fields: [field({ key: 'access_activity_log', label: 'Download and activity logs' })],
  },
  {
    key: 'service',
    title: 'Service details',
    reasons: DELIVERY_REASONS,
    productType: ['offline_service'],
    fields: [
      field({ key: 'service_date', label: 'Service date' }),
      field({ key: 'service_documentation', label: 'Proof of service' }),
    ],
  },
  {
    key: 'additional',
    title: 'Additional details',
    fields: [
      field({
        key: 'uncategorized_text',
        label: 'Additional information',
        description: 'Anything else that supports your case.',
      }),
      field({ key: 'uncategorized_file', label: 'Other documents' }),
    ],
  },
];

function matchesProductType(
  limit: readonly SingleProductType[] | undefined,
  productType: ProductType | '',
): boolean {
  if (!limit) return true;
  if (productType === 'multiple') return true;
  return productType !== '' && limit.includes(productType);
}

/**
 * The sections a dispute shows for its reason and the selected product type (none selected yet
 * is ''), each with only the fields that type asks for.
 */
export function visibleSections(reason: string, productType: ProductType | ''): EvidenceSection[] {
  return EVIDENCE_SECTIONS.filter(
    (section) =>
      (!section.reasons || section.reasons.includes(reason)) &&
      matchesProductType(section.productType, productType),
  ).map((section) => ({
    ...section,
    fields: section.fields.filter((item) => matchesProductType(item.productType, productType)),
  }));
}

export function isProductType(value: string | undefined): value is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * The product type saved in the metadata; none saved but evidence
 * is, it is treated as 'multiple' (every section stays visible); else none yet.
 */
export function initialProductType(
  metadata: Readonly<Record<string, string>>,
  hasEvidence: boolean,
): ProductType | '' {
  const saved = metadata[PRODUCT_TYPE_METADATA_KEY];
  if (isProductType(saved)) return saved;
  return hasEvidence ? 'multiple' : '';
}

/**
 * Evidence changes only while the dispute needs a response,
 * and (as the server holds) before its deadline.
 */
export function evidenceEditability(
  status: string,
  due_by_ms: number,
  now_ms: number,
): 'editable' | 'read_only' | 'past_due' {
  if (!isAwaitingResponse(status)) return 'read_only';
  return now_ms >= due_by_ms ? 'past_due' : 'editable';
}

/**
 * A change is kept unless the field's value would pass its length or
 * all text evidence together would reach the total cap.
 */
export function acceptsTextChange(
  evidence: Readonly<Record<string, string>>,
  item: Pick<EvidenceField, 'key' | 'maxLength'>,
  value: string,
): boolean {
  if (item.maxLength !== undefined && value.length > item.maxLength) return false;
  const previous = evidence[item.key] ?? '';
  if (value.length <= previous.length) return true;
  return evidenceTotalChars({ ...evidence, [item.key]: value }) < EVIDENCE_TOTAL_MAX_CHARS;
}

/**
 * Whether one more file keeps the dispute's files within their total
 * size. `attached` maps each attached file id to its size in bytes; a file attached under two
 * fields counts once.
 */
export function fitsEvidenceFiles(attached: ReadonlyMap<string, number>, size_bytes: number): boolean {
  let total = size_bytes;
  for (const size of attached.values()) total += size;
  return total <= EVIDENCE_FILES_MAX_BYTES;
}

export interface EvidenceValues {
  evidence: Readonly<Record<string, string>>;
  /** The file name of each file field, as uploaded. */
  filenames: Readonly<Record<string, string>>;
  productType: ProductType | '';
}

/**
 * The body of `POST {base}/disputes/{id}` for the page's values: every evidence key (an empty
 * value clears it), each file field's name in the metadata while the field holds a file (else
 * empty, which clears it), and the product type.
 */
export function evidenceUpdateBody(
  values: EvidenceValues,
  submit: boolean,
): { evidence: Record<EvidenceKey, string>; metadata: Record<string, string>; submit: boolean } {
  const evidence = Object.fromEntries(
    EVIDENCE_KEYS.map((key) => [key, values.evidence[key] ?? '']),
  ) as Record<EvidenceKey, string>;
  const metadata: Record<string, string> = { [PRODUCT_TYPE_METADATA_KEY]: values.productType };
  for (const key of EVIDENCE_FILE_KEYS) metadata[key] = evidence[key] ? (values.filenames[key] ?? '') : '';
  return { evidence, metadata, submit };
}

export interface ReasonGuidance {
  /** What the customer claims. */
  claim: string;
  /** What answers it best. */
  respond: string;
}

const GENERAL_GUIDANCE: ReasonGuidance = {
  claim: 'The customer disputed this payment.',
  respond: 'Describe the purchase and attach what shows that the payment was valid.',
};

/**
 * Guidance shown above the form for each main reason, in our own words; other reasons use the
 * general guidance.
 */
export const REASON_GUIDANCE: Readonly<Record<string, ReasonGuidance>> = {
  credit_not_processed: {
    claim: 'The customer says they are owed a refund that was not processed.',
    respond:
      'Show that the refund was made, or explain why the customer is not entitled to one, with your refund policy as they saw it.',
  },
  duplicate: {
    claim: 'The customer says they were charged twice for the same purchase.',
    respond: 'Show that each payment is for a separate purchase, or that the other payment was refunded.',
  },
  fraudulent: {
    claim: 'The cardholder says they did not authorize this payment.',
    respond:
      'Show that the cardholder made the purchase: matching billing details, their sign-in or earlier undisputed payments, and proof of delivery to their address.',
  },
  product_not_received: {
    claim: 'The customer says they did not receive what they paid for.',
    respond: 'Show that the product was delivered or the service provided before the dispute was opened.',
  },
  product_unacceptable: {
    claim: 'The customer says the product was defective, damaged or not as described.',
    respond:
      'Show that the product matched its description and was delivered in good condition, and that the customer did not return it as your refund policy asks.',
  },
  subscription_canceled: {
    claim: 'The customer says they canceled a subscription that was charged anyway.',
    respond:
      'Show that the subscription was not canceled before this payment, or that your cancellation policy, as the customer accepted it, allows the charge.',
  },
  unrecognized: {
    claim: 'The customer does not recognize this payment.',
    respond:
      'Show who made the purchase and what was delivered, so the customer can recognize it; often they withdraw the dispute once they do.',
  },
  general: GENERAL_GUIDANCE,
};

export function reasonGuidance(reason: string): ReasonGuidance {
  return (Object.hasOwn(REASON_GUIDANCE, reason) ? REASON_GUIDANCE[reason] : undefined) ?? GENERAL_GUIDANCE;
}

/** Placeholders of a read-only field left empty, by its type. */
export const READ_ONLY_EMPTY: Readonly<Record<EvidenceFieldType, string>> = {
  text: 'No information submitted',
  textarea: 'No information submitted',
  date: 'Date not submitted',
  file: 'Evidence file was not uploaded',
};

/** The types an evidence upload takes, for the file input's `accept`. */
export const EVIDENCE_FILE_ACCEPT = UPLOAD_RULES.dispute_evidence.accept;
/** Refused while a file uploads. */
export const WAIT_FOR_UPLOAD_MESSAGE = 'Please wait until file upload is finished';
/** Asked before a submission. */
export const SUBMIT_CONFIRM_MESSAGE =
  "Are you sure you're ready to submit this evidence? Evidence submissions are final.";
