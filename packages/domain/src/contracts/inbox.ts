import { z } from 'zod';
import { NOTE_LAYOUTS, NOTE_STATUSES, NOTE_TYPES } from '../inbox/notes.ts';
import { defineEndpoint, listQuery, REST_ROOT, zIntFromQuery } from './endpoint.ts';

/**
 * The notes store behind the Overview inbox (spec 1 §3 "Inbox note", §7 "Notes store"): notes of
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
/** Spec 1 §9: source values are word characters and hyphens. */
const zSource = z.string().regex(/^[\w-]{1,100}$/, 'Word characters and hyphens');

export const notesList = defineEndpoint({
  method: 'GET',
  path: NOTES_BASE,
  summary: 'Notes of a status and source, newest first, without the dismissed ones.',
  tags: ['notes'],
  query: z
    .object({
      ...listQuery,
      direction: z.enum(['asc', 'desc']).default('desc'),
      sort: z.enum(['date']).default('date'),
      status: ZNoteStatus.optional(),
      source: zSource.optional(),
    })
    .strict(),
  response: z.object({ data: z.array(ZNote) }),
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
