/**
 * The cover letter of a dispute response (docs/disputes.md, "Cover letter"): a letter to the
 * card issuer composed from the dispute, its order and the evidence, naming each attached
 * document as Attachment A, B, C… in upload order. The merchant may edit the letter's text; the
 * list of attachments is always the one of the evidence as it is. When the letter goes with the
 * response, it is submitted as a PDF in `uncategorized_file`, so that field is not offered for
 * another document meanwhile.
 */
import { formatStoreDate } from '../date-format.ts';
import { formatExplicitCurrency } from '../money/format.ts';
import { DISPUTE_REASON_LABELS } from '../transactions/timeline.ts';
import { EVIDENCE_SECTIONS, type EvidenceSection } from './evidence.ts';
import { EVIDENCE_FIELD_MAX_CHARS, EVIDENCE_FILE_KEYS, type EvidenceKey } from './evidence-limits.ts';

/** The evidence field the letter is submitted in, as a PDF. */
export const COVER_LETTER_KEY = 'uncategorized_file' satisfies EvidenceKey;
/** The name the submitted letter's PDF is stored under. */
export const COVER_LETTER_FILENAME = 'cover-letter.pdf';
/** Characters an edited letter may hold: as many as one long evidence field. */
export const COVER_LETTER_MAX_CHARS = EVIDENCE_FIELD_MAX_CHARS;
/** The heading of the list of attachments, on the page and in the PDF. */
export const ATTACHMENTS_HEADING = 'Attachments';

/** What the letter is composed from: the dispute as the API answers it, and the store. */
export interface CoverLetterSource {
  dispute_id: string;
  reason: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** When the dispute opened, epoch seconds. */
  created: number;
  charge_id: string;
  order_number: string | null;
  customer_name: string | null;
  store_name: string;
  /** The letter's date, epoch seconds. */
  today: number;
  evidence: Readonly<Record<string, string>>;
}

/** The case the letter makes for each main reason, in our words; others use `general`. */
const REASON_CASE: Readonly<Record<string, string>> = {
  credit_not_processed:
    'No refund is owed for this purchase: the customer either received the refund due or is not entitled to one under the refund policy they accepted.',
  duplicate: 'Each payment the customer made is for a separate purchase; none of them was charged twice.',
  fraudulent:
    'The cardholder authorized this payment: the details below and the attached documents show that they placed the order and received it.',
  product_not_received: 'The customer received what they paid for, as the attached documents show.',
  product_unacceptable:
    'The product was as described and delivered in good condition, and the customer did not return it as our refund policy asks.',
  subscription_canceled:
    'The subscription was active when this payment was taken, under the cancellation policy the customer accepted.',
  unrecognized: 'The customer made this purchase; the details below should help them recognize it.',
  general: 'This payment was made for a genuine purchase that we fulfilled.',
};

const DATE_FORMAT = 'F j, Y';

/** Sentences of the evidence's text fields that belong in the letter, in the form's order. */
function evidenceSentences(evidence: Readonly<Record<string, string>>): string[] {
  const value = (key: EvidenceKey) => (evidence[key] ?? '').trim();
  const sentences: string[] = [];
  if (value('product_description')) sentences.push(`What was purchased: ${value('product_description')}`);
  if (value('customer_name') || value('customer_email_address')) {
    const who = [
      value('customer_name'),
      value('customer_email_address') && `<${value('customer_email_address')}>`,
    ]
      .filter(Boolean)
      .join(' ');
    sentences.push(`The customer: ${who}.`);
  }
  if (value('customer_purchase_ip'))
    sentences.push(`The order was placed from the IP address ${value('customer_purchase_ip')}.`);
  if (value('shipping_tracking_number') || value('shipping_carrier') || value('shipping_date')) {
    const parts = [
      value('shipping_carrier') && `by ${value('shipping_carrier')}`,
      value('shipping_tracking_number') && `with the tracking number ${value('shipping_tracking_number')}`,
      value('shipping_date') && `on ${value('shipping_date')}`,
    ].filter(Boolean);
    sentences.push(`The order was shipped ${parts.join(' ')}.`);
  }
  if (value('shipping_address'))
    sentences.push(`It was shipped to: ${value('shipping_address').replace(/\n+/g, ', ')}.`);
  if (value('service_date')) sentences.push(`The service was provided on ${value('service_date')}.`);
  if (value('duplicate_charge_id')) sentences.push(`The other payment is ${value('duplicate_charge_id')}.`);
  for (const key of [
    'duplicate_charge_explanation',
    'refund_refusal_explanation',
    'refund_policy_disclosure',
    'cancellation_rebuttal',
    'cancellation_policy_disclosure',
  ] as const) {
    if (value(key)) sentences.push(value(key));
  }
  return sentences;
}

/** The letter's text as composed, before any edit: everything but the list of attachments. */
export function composeCoverLetter(source: CoverLetterSource): string {
  const amount = formatExplicitCurrency(source.amount, source.currency);
  const reason = DISPUTE_REASON_LABELS[source.reason] ?? source.reason;
  const order = source.order_number ? ` for order #${source.order_number}` : '';
  const customer = source.customer_name?.trim() ? ` made by ${source.customer_name.trim()}` : '';
  const paragraphs = [
    formatStoreDate(source.today, DATE_FORMAT),
    `To the card issuer's dispute team\nFrom ${source.store_name}`,
    `Re: dispute ${source.dispute_id} on the payment ${source.charge_id}${order}`,
    'Dear dispute team,',
    `We contest the dispute ${source.dispute_id}, opened on ${formatStoreDate(source.created, DATE_FORMAT)} for ${amount} with the reason "${reason}", on the payment ${source.charge_id}${customer}${order}.`,
    REASON_CASE[source.reason] ?? REASON_CASE.general!,
    ...evidenceSentences(source.evidence),
    'The documents listed below are attached to this letter, each named by its letter.',
    `We ask you to decide the dispute in our favour and return the ${amount} to us.`,
    `Sincerely,\n${source.store_name}`,
  ];
  return paragraphs.join('\n\n');
}

/** One attached document as the letter names it. */
export interface CoverLetterAttachment {
  /** 'A', 'B', … 'Z', 'AA', … */
  letter: string;
  key: EvidenceKey;
  /** The evidence field's label. */
  label: string;
  filename: string;
}

/** An evidence file: its field, its name and when it was uploaded (epoch seconds). */
export interface AttachedEvidenceFile {
  key: EvidenceKey;
  id: string;
  filename: string;
  created: number;
}

const FIELD_LABELS: ReadonlyMap<string, string> = new Map(
  EVIDENCE_SECTIONS.flatMap((section) =>
    section.fields.map((item) => [item.key, item.label] as const),
  ).reverse(),
);

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function attachmentLetter(index: number): string {
  let letter = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letter = String.fromCharCode(65 + ((rest - 1) % 26)) + letter;
  }
  return letter;
}

/**
 * The documents the letter names, in upload order (a tie within the same second goes by the
 * form's order of fields); a file attached under two fields is named once, and the letter's own
 * field is not among them.
 */
export function coverLetterAttachments(files: readonly AttachedEvidenceFile[]): CoverLetterAttachment[] {
  const fieldOrder = (key: string) => EVIDENCE_FILE_KEYS.indexOf(key as EvidenceKey);
  const seen = new Set<string>();
  return files
    .filter((file) => file.key !== COVER_LETTER_KEY && file.id !== '')
    .sort((a, b) => a.created - b.created || fieldOrder(a.key) - fieldOrder(b.key))
    .filter((file) => !seen.has(file.id) && seen.add(file.id))
    .map((file, index) => ({
      letter: attachmentLetter(index),
      key: file.key,
      label: FIELD_LABELS.get(file.key) ?? file.key,
      filename: file.filename,
    }));
}

/** One line of the list: 'Attachment A: Receipt (receipt.pdf)'. */
export function attachmentLine(attachment: CoverLetterAttachment): string {
  const name = attachment.filename ? ` (${attachment.filename})` : '';
  return `Attachment ${attachment.letter}: ${attachment.label}${name}`;
}

/**
 * Whether the letter goes with the response: as saved, else while `uncategorized_file` holds no
 * document of the merchant's own.
 */
export function coverLetterIncluded(
  saved: boolean | null,
  evidence: Readonly<Record<string, string>>,
): boolean {
  return saved ?? !evidence[COVER_LETTER_KEY];
}

/** The form's sections while the letter goes with the response: its field is the letter's. */
export function sectionsBesideLetter(
  sections: readonly EvidenceSection[],
  included: boolean,
): EvidenceSection[] {
  if (!included) return [...sections];
  return sections.map((section) => ({
    ...section,
    fields: section.fields.filter((item) => item.key !== COVER_LETTER_KEY),
  }));
}
