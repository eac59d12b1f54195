import { z } from 'zod';
import {
  DISPUTE_ID_PATTERN,
  EVIDENCE_FIELD_MAX_CHARS,
  EVIDENCE_FIELD_TYPES,
  EVIDENCE_KEYS,
  EVIDENCE_MAX_CHARS_MESSAGE,
  EVIDENCE_TOTAL_MAX_CHARS,
  type EvidenceFieldType,
  type EvidenceKey,
  evidenceTotalChars,
  PRODUCT_TYPES,
} from '../disputes/evidence-limits.ts';
import { FILE_PURPOSES, UPLOAD_MIME_TYPES, uploadSizeError } from '../files/upload-purposes.ts';
import { DISPUTE_STATUSES } from '../transactions/status.ts';
import { defineEndpoint, listQuery, PAYMENTS_BASE } from './endpoint.ts';
import { transactionFilterFields } from './transactions.ts';

/** The evidence rules shared with the page live without zod; the contract's users find them here too. */
export * from '../disputes/evidence-limits.ts';

/** Refusal of a file field naming a file that is not one of the account's stored files. */
export const EVIDENCE_FILE_UNKNOWN_MESSAGE = 'No such file: upload it first with POST {base}/file.';

/** Metadata the server writes; a client cannot set these (they are ignored when sent back). */
export const SERVER_METADATA_KEYS = [
  '__evidence_submitted_at',
  '__dispute_closed_at',
  '__closed_by_merchant',
] as const;
const METADATA_MAX_KEYS = 50;
const METADATA_VALUE_MAX_CHARS = 500;

/** The statuses in which evidence can still be changed: those awaiting a response. */
export { AWAITING_RESPONSE_STATUSES as EDITABLE_DISPUTE_STATUSES } from '../transactions/status.ts';

const FILE_ID = /^file_[A-Za-z0-9]{1,64}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function evidenceValue(type: EvidenceFieldType) {
  const text = z.string().max(EVIDENCE_FIELD_MAX_CHARS, EVIDENCE_MAX_CHARS_MESSAGE);
  // An empty string clears a field, as with the processor's evidence.
  if (type === 'file')
    return text.refine((v) => v === '' || FILE_ID.test(v), 'A file id (file_…) from the file upload.');
  if (type === 'date') return text.refine((v) => v === '' || ISO_DATE.test(v), 'A date as YYYY-MM-DD.');
  return text;
}

export const ZEvidenceInput = z
  .object(
    Object.fromEntries(
      EVIDENCE_KEYS.map((key) => [key, evidenceValue(EVIDENCE_FIELD_TYPES[key]).optional()]),
    ) as {
      [K in EvidenceKey]: z.ZodOptional<z.ZodString>;
    },
  )
  .strict()
  .refine(
    (evidence) => evidenceTotalChars(evidence as Record<string, string>) <= EVIDENCE_TOTAL_MAX_CHARS,
    EVIDENCE_MAX_CHARS_MESSAGE,
  );

export const ZDisputeMetadataInput = z
  .record(
    z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'Letters, digits and underscores, at most 40'),
    z.string().max(METADATA_VALUE_MAX_CHARS),
  )
  .refine(
    (metadata) => Object.keys(metadata).length <= METADATA_MAX_KEYS,
    `At most ${METADATA_MAX_KEYS} keys`,
  )
  .refine(
    (metadata) =>
      metadata.__product_type === undefined ||
      metadata.__product_type === '' ||
      (PRODUCT_TYPES as readonly string[]).includes(metadata.__product_type),
    { message: `__product_type is one of ${PRODUCT_TYPES.join(', ')}`, path: ['__product_type'] },
  );

/**
 * Paydesk's own: the response's cover letter (docs/disputes.md, "Cover letter"). `body` is the
 * merchant's edit of the letter's text, null for the letter composed from the dispute and its
 * evidence; `included` says whether it goes with the response, as a PDF in uncategorized_file.
 */
export const ZCoverLetter = z
  .object({
    included: z.boolean(),
    body: z.string().max(EVIDENCE_FIELD_MAX_CHARS, EVIDENCE_MAX_CHARS_MESSAGE).nullable(),
  })
  .strict();

export const ZDisputeUpdate = z
  .object({
    evidence: ZEvidenceInput.default({}),
    metadata: ZDisputeMetadataInput.default({}),
    /** Left out, the cover letter stays as it was saved. */
    cover_letter: ZCoverLetter.optional(),
    /** Submitting is final: the dispute goes to review and evidence becomes read-only. */
    submit: z.boolean().default(false),
  })
  .strict();
export type TDisputeUpdate = z.input<typeof ZDisputeUpdate>;

export const ZDisputeParams = z.object({
  id: z.string().regex(DISPUTE_ID_PATTERN, 'A dispute id (dp_…)'),
});

export const ZDispute = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  /** Epoch seconds. */
  created: z.number().int(),
  /** Minor units of `currency` (the charge's currency). */
  amount: z.number().int(),
  currency: z.string(),
  charge: z.object({
    id: z.string(),
    payment_intent: z.string(),
    billing_details: z.object({ name: z.string().nullable() }),
  }),
  order: z.object({ number: z.string(), url: z.string().nullable() }).nullable(),
  evidence: z.record(z.string(), z.string()),
  evidence_details: z.object({
    /** Epoch seconds. */
    due_by: z.number().int(),
    has_evidence: z.boolean(),
    submission_count: z.number().int(),
  }),
  metadata: z.record(z.string(), z.string()),
  prefill: z
    .record(z.string(), z.string())
    .describe(
      "Paydesk's own: evidence values the payment and its order give (customer, addresses, IP address, card checks), for the challenge page to offer in empty fields. Never saved unless sent back as evidence.",
    ),
  issuer_evidence: z.array(
    z.object({
      evidence_type: z.string().optional(),
      text_evidence: z.string().nullable().optional(),
      file_evidence: z.array(z.string()).optional(),
    }),
  ),
  cover_letter: ZCoverLetter.describe(
    "Paydesk's own: the cover letter as saved (body null: the composed one) and whether it goes with the response.",
  ),
  /** The dispute's ledger rows: the withdrawal when opened, the reversal when won. */
  balance_transactions: z.array(
    z.object({
      amount: z.number().int(),
      currency: z.string(),
      fee: z.number().int(),
      reporting_category: z.string(),
    }),
  ),
});
export type TDispute = z.infer<typeof ZDispute>;

export const getDispute = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/disputes/:id`,
  summary: 'A dispute with its charge, evidence and balance transactions.',
  tags: ['disputes'],
  params: ZDisputeParams,
  response: ZDispute,
  errors: ['wcpay_account_not_found', 'wcpay_dispute_not_found'],
});

export const updateDispute = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/disputes/:id`,
  summary:
    'Saves evidence for a dispute that needs a response; with submit=true sends it for review (final). Evidence cannot be changed afterwards.',
  tags: ['disputes'],
  params: ZDisputeParams,
  body: ZDisputeUpdate,
  response: ZDispute,
  idempotent: true,
  errors: [
    'wcpay_account_not_found',
    'wcpay_dispute_not_found',
    'wcpay_dispute_not_editable',
    'wcpay_dispute_closed',
    'wcpay_dispute_past_due',
  ],
});

export const closeDispute = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/disputes/:id/close`,
  summary: 'Accepts a dispute (it is lost) or closes an inquiry, while it still needs a response.',
  tags: ['disputes'],
  params: ZDisputeParams,
  response: ZDispute,
  idempotent: true,
  errors: ['wcpay_account_not_found', 'wcpay_dispute_not_found', 'wcpay_dispute_not_closable'],
});

/** Columns the disputes list sorts by: the snake case of the column (the default is `created`). */
export const DISPUTE_SORTS = [
  'created',
  'due_by',
  'amount',
  'currency',
  'status',
  'reason',
  'source',
  'order_number',
  'customer_name',
  'customer_email',
  'customer_country',
] as const;

const { match, date_before, date_after, date_between, store_currency_is, user_email, locale } =
  transactionFilterFields;

/**
 * The filters of the disputes list, its summary and its export. Dates apply to when the dispute
 * was opened. `search` terms each match a status (the page's "awaiting response" sends the two
 * statuses that need one), a dispute, charge or payment id, an order number, or the beginning of
 * a customer's name or e-mail.
 */
const disputeFilterFields = {
  match,
  date_before,
  date_after,
  date_between,
  store_currency_is,
  status_is: z.enum(DISPUTE_STATUSES).optional(),
  status_is_not: z.enum(DISPUTE_STATUSES).optional(),
  filter: z
    .enum(['awaiting_response'])
    .optional()
    .describe(
      "The page's own filter: awaiting_response narrows to needs_response and warning_needs_response.",
    ),
  search: transactionFilterFields.search.describe(
    'Terms, any of which a dispute matches: a status, a dp_, ch_ or pi_ id, an order number, or the beginning of a customer name or e-mail.',
  ),
  user_email,
  locale,
};

export const ZDisputeFilters = z.object(disputeFilterFields).strict();
export type TDisputeFilters = z.output<typeof ZDisputeFilters>;

export const ZDisputeListQuery = z
  .object({ ...listQuery, ...disputeFilterFields, sort: z.enum(DISPUTE_SORTS).default('created') })
  .strict();
export type TDisputeListQuery = z.output<typeof ZDisputeListQuery>;

/** One row of the disputes list. Times are epoch seconds; amounts minor units of `currency`. */
export const ZDisputeListRow = z
  .object({
    dispute_id: z.string(),
    charge_id: z.string(),
    payment_intent_id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    reason: z.string(),
    source: z.string().describe('The payment method type, e.g. card'),
    order_number: z.string().nullable(),
    order: z
      .object({ number: z.string(), url: z.string().nullable(), customer_url: z.string().nullable() })
      .nullable(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    customer_country: z.string().nullable(),
    created: z.number().int().describe('Epoch seconds'),
    due_by: z.number().int().describe('Epoch seconds'),
  })
  .meta({ id: 'DisputeListRow' });
export type TDisputeListRow = z.infer<typeof ZDisputeListRow>;

export const listDisputes = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/disputes`,
  summary: 'Disputes and inquiries of the account, newest first unless asked otherwise.',
  tags: ['disputes'],
  query: ZDisputeListQuery,
  response: z.object({ data: z.array(ZDisputeListRow) }),
  errors: ['wcpay_account_not_found'],
});

export const disputesSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/disputes/summary`,
  summary:
    "How many disputes the filters select, and the currencies of the account's disputes. page and pagesize are taken (the admin client sends the list's) and change nothing.",
  tags: ['disputes'],
  query: ZDisputeFilters.extend({ page: listQuery.page, pagesize: listQuery.pagesize }).strict(),
  response: z.object({ count: z.number().int(), currencies: z.array(z.string()) }),
  errors: ['wcpay_account_not_found'],
});

export const ZDisputeOutcomes = z
  .object({
    reasons: z
      .array(
        z.object({
          reason: z.string(),
          won: z.number().int().describe('Disputes of this reason won.'),
          lost: z.number().int().describe('Disputes of this reason lost.'),
        }),
      )
      .describe('One entry per reason with a decided dispute, by reason.'),
    won: z.number().int(),
    lost: z.number().int(),
  })
  .meta({ id: 'DisputeOutcomes' });
export type TDisputeOutcomes = z.infer<typeof ZDisputeOutcomes>;

export const disputeOutcomes = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/disputes/outcomes`,
  summary:
    'Disputes won and lost, by reason, among those the filters select. Only decided disputes count (won or lost); inquiries are never decided.',
  tags: ['disputes'],
  query: ZDisputeFilters,
  response: ZDisputeOutcomes,
  errors: ['wcpay_account_not_found'],
});

// ---------------------------------------------------------------------------------------------
// Uploaded files: dispute
// evidence and the settings' branding logo, each purpose with its rules in
// domain/files/upload-purposes.ts.

/** Longest stored file name. */
export const FILE_NAME_MAX_CHARS = 255;

export const ZFileUpload = z
  .object({
    purpose: z.enum(FILE_PURPOSES),
    file: z.object({
      filename: z.string().min(1).max(FILE_NAME_MAX_CHARS),
      /** The file's bytes; the route reads them from the multipart part `file`. */
      size: z.number().int().min(1),
      content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'The file part'),
    }),
  })
  .strict()
  .superRefine((upload, context) => {
    // The purpose's own cap; its types are checked by the bytes where the file is stored.
    const reason = uploadSizeError(upload.purpose, upload.file.size);
    if (reason) context.addIssue({ code: 'custom', path: ['file'], message: reason });
  });

/** The answer to an uploaded file. */
export const ZUploadedFile = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int().describe('Bytes.'),
  type: z.enum(UPLOAD_MIME_TYPES).describe("Paydesk's own: the type its bytes show."),
});

export const uploadFile = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/file`,
  summary:
    "Stores a file sent as multipart/form-data (parts `file` and `purpose`): `dispute_evidence` takes a PDF, PNG or JPEG (by its bytes) of at most 4,500,000 bytes; `business_logo` (the settings' `account_branding_logo`) a PNG or JPEG of at most 1,048,576 bytes. A name ending as another type or as a page or program (`.html`, `.svg`, `.exe`, …), and bytes holding markup or script, are refused too. A refusal names `file`.",
  tags: ['files'],
  body: ZFileUpload,
  response: ZUploadedFile,
  errors: ['wcpay_account_not_found'],
});

export const createReceipt = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/disputes/:id/receipt`,
  summary:
    "Paydesk's own: writes a one-page PDF receipt of the disputed payment's order (store, order, customer, addresses, items, amount paid, payment method, charge) and stores it as an evidence file, answered as an upload is. It is not attached: send its id as the `receipt` evidence.",
  tags: ['disputes'],
  params: ZDisputeParams,
  response: ZUploadedFile,
  // Refused as a change of the evidence is, and for a payment without an order.
  errors: [...updateDispute.errors, 'wcpay_dispute_no_order'],
});
