import { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents/invoices.ts';
import { defineEndpoint, PAYMENTS_BASE, zIntFromQuery } from './endpoint.ts';
import { transactionFilterFields } from './transactions.ts';

/**
 * Documents (monthly fee invoices) and the VAT details printed on them (docs/documents.md,
 * docs/vat.md). Document times are UTC date-time strings
 * `YYYY-MM-DD HH:MM:SS`, as the admin client reads them; a period runs from its first second to
 * its last (`2026-03-01 00:00:00` to `2026-03-31 23:59:59`).
 */

const zUtcDateTime = z.string().describe('UTC, YYYY-MM-DD HH:MM:SS');

export const ZDocumentType = z.enum(DOCUMENT_TYPES);

export const ZDocument = z
  .object({
    document_id: z.string(),
    type: ZDocumentType,
    date: zUtcDateTime.describe('When the document was issued; UTC, YYYY-MM-DD HH:MM:SS'),
    period_from: zUtcDateTime.describe('First second of the period; UTC, YYYY-MM-DD HH:MM:SS'),
    period_to: zUtcDateTime.describe('Last second of the period; UTC, YYYY-MM-DD HH:MM:SS'),
  })
  .meta({ id: 'Document' });
export type TDocument = z.infer<typeof ZDocument>;

const zDocumentId = z.string().regex(/^\w{1,64}$/, 'A document id');

/** Sort keys of the documents list: the issue date, or the type. */
export const DOCUMENT_SORTS = ['date', 'type'] as const;

const { match, date_before, date_after, date_between } = transactionFilterFields;

/**
 * The filters of the list and its summary. Dates apply to the issue date, as on the
 * transactions list. `document_id` and `document_type` select the one document a link names.
 */
const documentFilterFields = {
  match,
  date_before,
  date_after,
  date_between,
  type_is: ZDocumentType.optional(),
  type_is_not: ZDocumentType.optional(),
  document_id: zDocumentId.optional(),
  document_type: ZDocumentType.optional(),
};

export const ZDocumentFilters = z.object(documentFilterFields).strict();
export type TDocumentFilters = z.output<typeof ZDocumentFilters>;

/**
 * `GET {base}/documents`. Paging and order are read under the REST names the admin client's
 * data layer sends (`page`, `pagesize`, `sort`, `direction`) and under the page's own query
 * names (`paged`, `per_page`, `orderby`, `order`); one name of each pair at a time.
 */
export const ZDocumentListQuery = z
  .object({
    ...documentFilterFields,
    page: zIntFromQuery(1, 1_000_000).optional(),
    paged: zIntFromQuery(1, 1_000_000).optional(),
    pagesize: zIntFromQuery(1, 100).optional(),
    per_page: zIntFromQuery(1, 100).optional(),
    sort: z.enum(DOCUMENT_SORTS).optional(),
    orderby: z.enum(DOCUMENT_SORTS).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    for (const [a, b] of [
      ['page', 'paged'],
      ['pagesize', 'per_page'],
      ['sort', 'orderby'],
      ['direction', 'order'],
    ] as const) {
      if (query[a] !== undefined && query[b] !== undefined && query[a] !== query[b]) {
        ctx.addIssue({ code: 'custom', path: [b], message: `Conflicts with ${a}; send one of them.` });
      }
    }
  })
  .transform(({ page, paged, pagesize, per_page, sort, orderby, direction, order, ...filters }) => ({
    filters,
    page: page ?? paged ?? 1,
    pagesize: pagesize ?? per_page ?? 25,
    sort: sort ?? orderby ?? 'date',
    direction: direction ?? order ?? 'desc',
  }));

export const listDocuments = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/documents`,
  summary: 'Documents of the account (monthly fee invoices), newest first unless asked otherwise.',
  tags: ['documents'],
  query: ZDocumentListQuery,
  response: z.object({ data: z.array(ZDocument) }),
  errors: ['wcpay_account_not_found'],
});

export const documentsSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/documents/summary`,
  summary: 'How many documents the filters select.',
  tags: ['documents'],
  query: ZDocumentFilters,
  response: z.object({ count: z.number().int() }),
  errors: ['wcpay_account_not_found'],
});

export const downloadDocument = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/documents/:id`,
  summary:
    'The document as a PDF (application/pdf), as an attachment with a readable file name. Links carry _wpnonce.',
  tags: ['documents'],
  params: z.object({ id: zDocumentId }).strict(),
  response: z.string().describe('The PDF file.'),
  errors: ['wcpay_account_not_found', 'wcpay_document_not_found'],
});

/** Longest business name and address kept. */
export const VAT_NAME_MAX = 200;
export const VAT_ADDRESS_MAX = 1000;

export const ZVatDetailsRequest = z
  .object({
    vat_number: z
      .string()
      .max(40)
      .nullish()
      .describe("The number with or without the country's prefix; absent or null when not registered."),
    name: z.string().max(VAT_NAME_MAX),
    address: z.string().max(VAT_ADDRESS_MAX),
  })
  .strict();

export const ZVatDetails = z
  .object({
    vat_number: z.string().nullable().describe('With its prefix, compact: DE136695976, EL094259216'),
    name: z.string(),
    address: z.string(),
  })
  .meta({ id: 'VatDetails' });
export type TVatDetails = z.infer<typeof ZVatDetails>;

const vatErrors = [
  'wcpay_account_not_found',
  'wcpay_vat_number_invalid',
  'wcpay_vat_country_unsupported',
] as const;

export const saveVatDetails = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/vat`,
  summary:
    'Saves the VAT details printed on invoices: the number (checked offline, docs/vat.md), business name and address.',
  tags: ['documents'],
  body: ZVatDetailsRequest,
  response: ZVatDetails,
  errors: [...vatErrors, 'wcpay_vat_name_required', 'wcpay_vat_address_required'],
});

export const ZVatNumberCheck = z
  .object({
    vat_number: z.string().describe('With its prefix, compact'),
    country_code: z.string().describe('Two-letter country code'),
    valid: z.literal(true),
    name: z.string().nullable().describe('Saved earlier with this number, else null'),
    address: z.string().nullable().describe('Saved earlier with this number, else null'),
  })
  .meta({ id: 'VatNumberCheck' });

export const checkVatNumber = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/vat/:number`,
  summary:
    "Checks a VAT number of the account's country offline; answers it with the name and address saved with it.",
  tags: ['documents'],
  params: z.object({ number: z.string().min(1).max(40) }).strict(),
  response: ZVatNumberCheck,
  errors: [...vatErrors],
});
