import { appError } from '@paydesk/domain';
import { inbox, survey } from '@paydesk/domain/contracts';
import { PAYMENTS_OVERVIEW_SURVEY } from '@paydesk/domain/overview/survey';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { findAccount, requireAccount } from '../../engine/accounts.ts';
import { applyConnectIncentive } from '../../store/connect-options.ts';
import {
  dismissAllNotes,
  followNoteAction,
  getNote,
  listNotes,
  noteToApi,
  updateNote,
  updateNotes,
} from '../../store/inbox.ts';
import { getStoreSettings } from '../../store/options.ts';
import { answerSurvey, dismissSurvey, surveyState } from '../../store/survey.ts';
import { registerEndpoint } from '../endpoint.ts';

const timeZoneOf = async (db: Db) => (await getStoreSettings(db)).timezone_string;

/**
 * The Overview's inbox (the notes store under `/wc-analytics/admin/notes`) and its survey
 * (`POST {base}/survey/payments-overview`). Notes belong to the store's account; before there is one the inbox is empty.
 */
export function inboxRoutes(app: FastifyInstance, db: Db): void {
  // As WooCommerce's notes store answers: a bare array, with the totals in headers.
  registerEndpoint(app, inbox.notesList, async ({ query, reply }) => {
    const account = await findAccount(db);
    const [{ rows, total }, timeZone] = await Promise.all([
      account ? listNotes(db, account.id, query) : { rows: [], total: 0 },
      timeZoneOf(db),
    ]);
    reply.header(inbox.NOTES_TOTAL_HEADER, String(total));
    reply.header(inbox.NOTES_TOTAL_PAGES_HEADER, String(Math.ceil(total / query.per_page)));
    return Promise.all(rows.map((row) => noteToApi(row, timeZone)));
  });

  registerEndpoint(app, inbox.noteGet, async ({ params }) => {
    const account = await requireAccount(db);
    return noteToApi(await getNote(db, account.id, params.id), await timeZoneOf(db));
  });

  registerEndpoint(app, inbox.noteUpdate, async ({ params, body }) => {
    const account = await requireAccount(db);
    return noteToApi(await updateNote(db, account.id, params.id, body), await timeZoneOf(db));
  });

  registerEndpoint(app, inbox.notesBatchUpdate, async ({ body }) => {
    const account = await requireAccount(db);
    const rows = await updateNotes(db, account.id, body.noteIds, body);
    const timeZone = await timeZoneOf(db);
    return { data: await Promise.all(rows.map((row) => noteToApi(row, timeZone))) };
  });

  registerEndpoint(app, inbox.noteDelete, async ({ params }) => {
    const account = await requireAccount(db);
    return noteToApi(await updateNote(db, account.id, params.id, { is_deleted: true }), await timeZoneOf(db));
  });

  registerEndpoint(app, inbox.notesDeleteAll, async ({ query }) => {
    const account = await findAccount(db);
    if (!account) return { data: [] };
    const rows = await dismissAllNotes(db, account.id, query);
    const timeZone = await timeZoneOf(db);
    return { data: await Promise.all(rows.map((row) => noteToApi(row, timeZone))) };
  });

  registerEndpoint(app, inbox.noteAction, async ({ params }) => {
    const account = await requireAccount(db);
    return noteToApi(
      await followNoteAction(db, account.id, params.id, params.action_id),
      await timeZoneOf(db),
    );
  });

  // The Connect page's promotion, applied before the merchant goes on to connect.
  registerEndpoint(app, inbox.promoActivate, async ({ params }) => {
    if (await findAccount(db)) throw appError('wcpay_connect_promo_not_applicable');
    await applyConnectIncentive(db, params.id, new Date());
    return { success: true };
  });

  registerEndpoint(app, survey.surveyStatus, async ({ user }) => ({
    status: await surveyState(db, PAYMENTS_OVERVIEW_SURVEY, user.id),
  }));

  registerEndpoint(app, survey.surveySubmit, async ({ user, body }) => {
    await answerSurvey(db, PAYMENTS_OVERVIEW_SURVEY, user.id, body);
    return { success: true as const };
  });

  registerEndpoint(app, survey.surveyDismiss, async ({ user }) => {
    await dismissSurvey(db, PAYMENTS_OVERVIEW_SURVEY, user.id);
    return { success: true as const };
  });
}
