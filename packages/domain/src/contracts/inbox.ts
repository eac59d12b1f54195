import { z } from 'zod';
import { NOTE_LAYOUTS, NOTE_STATUSES, NOTE_TYPES } from '../inbox/notes.ts';
import { defineEndpoint, REST_ROOT, zIntFromQuery } from './endpoint.ts';

/**
 * The notes store behind the Overview inbox: notes of
 * this product, listed by status and source newest first; dismissing one marks it deleted, and
 * undoing a dismissal clears the mark again. Content is HTML limited to the allowed tags.
 * Dates are `YYYY-MM-DDTHH:MM:SS`: date_created in the store's time zone, date_created_gmt in UTC.
 */

export const NOTES_BASE = `${REST_ROOT}/wc-analytics/admin/notes`;
/** Most notes one batch update names. */
export const MAX_BATCH_NOTES = 100;

export const ZNoteStatus = z.enum(NOTE_STATUSES);

export const ZNoteAction = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  label: z.string(),
  url: z.string(),
  status: ZNoteStatus,
  primary: z.boolean(),
});

export const ZNote = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTE_TYPES),
  status: ZNoteStatus,
  actions: z.array(ZNoteAction),
  date_created: z.string(),
  date_created_gmt: z.string(),
  layout: z.enum(NOTE_LAYOUTS),
  image: z.string(),
  is_deleted: z.boolean(),
  source: z.string(),
});
export type TNote = z.infer<typeof ZNote>;

const zNoteId = zIntFromQuery(1, Number.MAX_SAFE_INTEGER);
/** Source values are word characters and hyphens. */
const zSource = z.string().regex(/^[\w-]{1,100}$/, 'Word characters and hyphens');

/** Fields a note list can be ordered by, as WooCommerce's notes store names them. */
export const NOTE_ORDER_BY = ['note_id', 'date', 'type', 'title', 'status'] as const;
/** The notes store's page size when none is asked for, and the most one page holds. */
export const NOTES_DEFAULT_PER_PAGE = 10;
export const NOTES_MAX_PER_PAGE = 100;
/** Headers of a notes page: how many notes match, and in how many pages. */
export const NOTES_TOTAL_HEADER = 'X-WP-Total';
export const NOTES_TOTAL_PAGES_HEADER = 'X-WP-TotalPages';

/**
 * A list of enum values as the notes store takes it: bracket form (`type[]=a&type[]=b`, folded
 * into an array before the contract reads it), a comma-separated text (`type=a,b`), or one value.
 */
const zEnumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().transform((text) => text.split(',').map((item) => item.trim())), z.array(z.string())])
    .pipe(
      z
        .array(z.enum(values))
        .min(1)
        .max(values.length * 2),
    );

export const notesList = defineEndpoint({
  method: 'GET',
  path: NOTES_BASE,
  summary:
    'Notes of the given types, statuses and source, without the dismissed ones: a bare array of one ' +
    `page, with the number of matching notes in the ${NOTES_TOTAL_HEADER} header and the number of ` +
    `pages in ${NOTES_TOTAL_PAGES_HEADER}.`,
  tags: ['notes'],
  query: z
    .object({
      page: zIntFromQuery(1, 1_000_000).default(1),
      per_page: zIntFromQuery(1, NOTES_MAX_PER_PAGE).default(NOTES_DEFAULT_PER_PAGE),
      type: zEnumList(NOTE_TYPES).optional(),
      status: zEnumList(NOTE_STATUSES).optional(),
      orderby: z.enum(NOTE_ORDER_BY).default('date'),
      order: z.enum(['asc', 'desc']).default('desc'),
      source: zSource.optional(),
    })
    .strict(),
  response: z.array(ZNote),
});

export const noteGet = defineEndpoint({
  method: 'GET',
  path: `${NOTES_BASE}/:id`,
  summary: 'One note.',
  tags: ['notes'],
  params: z.object({ id: zNoteId }),
  response: ZNote,
  errors: ['wcpay_account_not_found', 'woocommerce_note_invalid_id'],
});

const ZNoteChanges = z
  .object({ is_deleted: z.boolean().optional(), status: ZNoteStatus.optional() })
  .strict()
  .refine((body) => body.is_deleted !== undefined || body.status !== undefined, 'Nothing to change');

export const noteUpdate = defineEndpoint({
  method: 'PUT',
  path: `${NOTES_BASE}/:id`,
  summary: 'Changes a note: its status, or whether it is dismissed (is_deleted false undoes a dismissal).',
  tags: ['notes'],
  params: z.object({ id: zNoteId }),
  body: ZNoteChanges,
  response: ZNote,
  errors: ['wcpay_account_not_found', 'woocommerce_note_invalid_id'],
});

export const notesBatchUpdate = defineEndpoint({
  method: 'PUT',
  path: `${NOTES_BASE}/update`,
  summary: 'Changes several notes at once, e.g. undoes the dismissal of all of them.',
  tags: ['notes'],
  body: z
    .object({
      noteIds: z.array(z.number().int().positive()).min(1).max(MAX_BATCH_NOTES),
      is_deleted: z.boolean().optional(),
      status: ZNoteStatus.optional(),
    })
    .strict()
    .refine((body) => body.is_deleted !== undefined || body.status !== undefined, 'Nothing to change'),
  response: z.object({ data: z.array(ZNote) }),
  errors: ['wcpay_account_not_found', 'woocommerce_note_invalid_id'],
});

export const noteDelete = defineEndpoint({
  method: 'DELETE',
  path: `${NOTES_BASE}/delete/:id`,
  summary: 'Dismisses a note: it leaves the inbox until the dismissal is undone.',
  tags: ['notes'],
  params: z.object({ id: zNoteId }),
  response: ZNote,
  errors: ['wcpay_account_not_found', 'woocommerce_note_invalid_id'],
});

export const notesDeleteAll = defineEndpoint({
  method: 'DELETE',
  path: `${NOTES_BASE}/delete/all`,
  summary: 'Dismisses every note of a status and source the inbox shows; answers the dismissed notes.',
  tags: ['notes'],
  query: z.object({ status: ZNoteStatus.optional(), source: zSource.optional() }).strict(),
  response: z.object({ data: z.array(ZNote) }),
});

export const noteAction = defineEndpoint({
  method: 'POST',
  path: `${NOTES_BASE}/:id/action/:action_id`,
  summary: "Follows one of a note's actions: the note takes the action's status.",
  tags: ['notes'],
  params: z.object({ id: zNoteId, action_id: zIntFromQuery(1, 100) }),
  response: ZNote,
  errors: ['wcpay_account_not_found', 'woocommerce_note_invalid_id', 'woocommerce_note_action_invalid_id'],
});

/** A connect promotion's id, as the settings object's connectIncentive.id carries it. */
export const zPromoId = z.string().regex(/^[\w-]{1,100}$/, 'Word characters and hyphens');

export const promoActivate = defineEndpoint({
  method: 'POST',
  path: `${NOTES_BASE}/experimental-activate-promo/:id`,
  summary:
    'Applies the connect promotion the store offers (connectIncentive.id) before the account is connected; answers success.',
  tags: ['notes'],
  params: z.object({ id: zPromoId }),
  response: z.object({ success: z.boolean() }),
  errors: ['woocommerce_note_invalid_promo', 'wcpay_connect_promo_not_applicable'],
});
