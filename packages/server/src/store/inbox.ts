import { appError, assert } from '@paydesk/domain';
import type { inbox } from '@paydesk/domain/contracts';
import type { TNote } from '@paydesk/domain/contracts/inbox';
import { calendarParts } from '@paydesk/domain/date-format';
import type { NoteDraft, NoteStatus } from '@paydesk/domain/inbox/notes';
import { NOTE_SOURCE } from '@paydesk/domain/inbox/notes';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { NoteActionRow, NotesTable } from '../db/schema.ts';
import { ownedBy } from '../db/scope.ts';
import { sanitizeNoteHtml } from './inbox-html.ts';

/**
 * The notes store: the inbox notes of the store's account. Notes are
 * written once per name and account; the merchant dismisses them (is_deleted), undoes that, or
 * follows an action (status). Content is sanitised on the way in, so every reader gets HTML with
 * the allowed tags only.
 */

export type NoteRow = Selectable<NotesTable>;

/** A note a moment of the engine makes for an account. */
export interface NewNote {
  account_id: string;
  draft: NoteDraft;
  date_created: Date;
}

const notFoundNote = () => appError('woocommerce_note_invalid_id');

/** Writes notes whose names the account does not have yet; answers how many were new. */
export async function insertNotes(db: Db, rows: readonly NewNote[]): Promise<number> {
  if (rows.length === 0) return 0;
  const sanitized = await Promise.all(
    rows.map(async (row) => ({ ...row, content: await sanitizeNoteHtml(row.draft.content) })),
  );
  const result = await db
    .insertInto('notes')
    .values(
      sanitized.map(({ account_id, draft, date_created, content }) => ({
        account_id,
        name: draft.name,
        type: draft.type,
        title: draft.title,
        content,
        source: NOTE_SOURCE,
        actions: JSON.stringify(
          draft.actions.map((action, index): NoteActionRow => ({ id: index + 1, ...action })),
        ),
        date_created,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Which of these names the account already has a note for. */
export async function existingNoteNames(
  db: Db,
  accountId: string,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectFrom('notes')
    .select('name')
    .where('account_id', '=', accountId)
    .where('name', 'in', [...names])
    .execute();
  return new Set(rows.map((row) => row.name));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM:SS` of an instant on the wall clock of a time zone. */
function wallClock(at: Date, timeZone: string): string {
  const p = calendarParts(at.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A stored note as the API answers it. */
export async function noteToApi(row: NoteRow, timeZone: string): Promise<TNote> {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    // Sanitised again on the way out, so a row written by other means cannot carry more.
    content: await sanitizeNoteHtml(row.content),
    type: row.type as TNote['type'],
    status: row.status,
    actions: row.actions,
    date_created: wallClock(row.date_created, timeZone),
    date_created_gmt: row.date_created.toISOString().slice(0, 19),
    layout: row.layout as TNote['layout'],
    image: row.image,
    is_deleted: row.is_deleted,
    source: row.source,
  };
}

type ListQuery = z.output<NonNullable<(typeof inbox.notesList)['query']>>;

/** The column each `orderby` of the notes store sorts on; ties go by id in the same direction. */
const ORDER_COLUMNS = {
  note_id: 'id',
  date: 'date_created',
  type: 'type',
  title: 'title',
  status: 'status',
} as const satisfies Record<ListQuery['orderby'], keyof NotesTable>;

/**
 * The inbox: one page of an account's notes of the asked types, statuses and source, without
 * dismissed ones, and how many notes match in all (for the page's total headers).
 */
export async function listNotes(
  db: Db,
  accountId: string,
  query: ListQuery,
): Promise<{ rows: NoteRow[]; total: number }> {
  let select = db.selectFrom('notes').where('account_id', '=', accountId).where('is_deleted', '=', false);
  if (query.status) select = select.where('status', 'in', query.status);
  if (query.type) select = select.where('type', 'in', query.type);
  if (query.source) select = select.where('source', '=', query.source);
  const [rows, count] = await Promise.all([
    select
      .selectAll()
      .orderBy(ORDER_COLUMNS[query.orderby], query.order)
      .orderBy('id', query.order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    select.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function getNote(db: Db, accountId: string, id: number): Promise<NoteRow> {
  const row = await db
    .selectFrom('notes')
    .selectAll()
    .where(ownedBy(accountId))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFoundNote();
  return row;
}

export interface NoteChanges {
  is_deleted?: boolean | undefined;
  status?: NoteStatus | undefined;
}

function changeSet(changes: NoteChanges) {
  return {
    ...(changes.is_deleted === undefined ? {} : { is_deleted: changes.is_deleted }),
    ...(changes.status === undefined ? {} : { status: changes.status }),
    updated_at: new Date(),
  };
}

export async function updateNote(
  db: Db,
  accountId: string,
  id: number,
  changes: NoteChanges,
): Promise<NoteRow> {
  const row = await db
    .updateTable('notes')
    .set(changeSet(changes))
    .where(ownedBy(accountId))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFoundNote();
  return row;
}

/**
 * Changes several notes in one transaction; when one of them is not the account's, nothing
 * changes and the answer is a 404, so an undo never half happens.
 */
export async function updateNotes(
  db: Db,
  accountId: string,
  ids: readonly number[],
  changes: NoteChanges,
): Promise<NoteRow[]> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('notes')
      .set(changeSet(changes))
      .where(ownedBy(accountId))
      .where('id', 'in', unique)
      .returningAll()
      .execute();
    if (rows.length !== unique.length) throw notFoundNote();
    return rows.sort((a, b) => unique.indexOf(a.id) - unique.indexOf(b.id));
  });
}

/** Dismisses every listed note of a status and source (the inbox's "dismiss all"). */
export async function dismissAllNotes(
  db: Db,
  accountId: string,
  filter: { status?: NoteStatus | undefined; source?: string | undefined },
): Promise<NoteRow[]> {
  let update = db
    .updateTable('notes')
    .set({ is_deleted: true, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('is_deleted', '=', false);
  if (filter.status) update = update.where('status', '=', filter.status);
  if (filter.source) update = update.where('source', '=', filter.source);
  const rows = await update.returningAll().execute();
  return rows.sort((a, b) => b.date_created.getTime() - a.date_created.getTime() || b.id - a.id);
}

/** Follows one of a note's actions: the note takes the status the action gives it. */
export async function followNoteAction(
  db: Db,
  accountId: string,
  id: number,
  actionId: number,
): Promise<NoteRow> {
  const note = await getNote(db, accountId, id);
  const action = note.actions.find((candidate) => candidate.id === actionId);
  if (!action) throw appError('woocommerce_note_action_invalid_id');
  assert(
    action.status === 'actioned' || action.status === 'unactioned',
    `note ${id} action ${actionId} has a status`,
  );
  return updateNote(db, accountId, id, { status: action.status });
}
