import { assert, isInquiryStatus } from '@paydesk/domain';
import { AWAITING_RESPONSE_STATUSES } from '@paydesk/domain/disputes/list-query';
import {
  disputeNote,
  firstPaymentNote,
  firstPayoutNote,
  NOTE_NAMES,
  type NoteFormat,
  payoutFailedNote,
  sandboxReadyNote,
} from '@paydesk/domain/inbox/notes';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DisputesTable, ExternalAccount, PayoutsTable } from '../db/schema.ts';
import { existingNoteNames, insertNotes, type NewNote } from '../store/inbox.ts';
import { getStoreSettings } from '../store/options.ts';
import type { LedgerEntry } from './ledger.ts';

/**
 * The moments the Overview's inbox tells the merchant about: the sandbox is
 * ready, the first payment, the first payout, a new dispute, a failed payout. Each is written in
 * the database transaction of the operation that made it happen, under a name unique per
 * account, so a retried operation or job never writes a note twice.
 *
 * A note whose action no longer applies leaves the inbox by itself, in the transaction of the
 * change that made it moot (docs/overview.md "Inbox notes"): a dispute's note once the dispute
 * no longer awaits a response, a failed payout's note once a later payout in its currency is
 * paid. The note is marked actioned, as if the merchant had followed it.
 */

/** Dispute statuses that ask the merchant to act. */
const OPEN_DISPUTE_STATUSES: ReadonlySet<string> = new Set(AWAITING_RESPONSE_STATUSES);
/** Ledger types of money a customer paid. */
const PAYMENT_LEDGER_TYPES = new Set(['charge', 'payment']);

/** How the store writes amounts and dates, for the text of a note or an e-mail. */
export async function noteFormat(db: Db): Promise<NoteFormat> {
  const settings = await getStoreSettings(db);
  return { locale: settings.locale, dateFormat: settings.date_format, timeZone: settings.timezone_string };
}

/**
 * What the notes read of an engine operation's effects: its ledger rows and the disputes it
 * opened or changed. The effects module passes its whole set; naming only these parts keeps
 * this module from depending on it in turn.
 */
export interface NoteEffects {
  ledger: readonly LedgerEntry[];
  disputes: readonly Insertable<DisputesTable>[];
  disputeUpdates: readonly { id: string | number; set: Updateable<DisputesTable> }[];
}

/**
 * The notes an engine operation's effects call for: the account's first payment (the earliest
 * payment among them, when the account has no such note yet) and a note per dispute that opened
 * and still awaits a response. Runs after the effects are written, in the same transaction.
 */
export async function recordEffectNotes(db: Db, effects: NoteEffects): Promise<void> {
  const firstPayments = new Map<string, LedgerEntry>();
  for (const entry of effects.ledger) {
    if (!PAYMENT_LEDGER_TYPES.has(entry.type) || entry.amount <= 0 || !entry.payment_intent_id) continue;
    const earliest = firstPayments.get(entry.account_id);
    if (!earliest || entry.created_at < earliest.created_at) firstPayments.set(entry.account_id, entry);
  }
  const disputes = effects.disputes.filter((dispute) => OPEN_DISPUTE_STATUSES.has(dispute.status));
  await closeSettledDisputeNotes(db, effects);
  if (firstPayments.size === 0 && disputes.length === 0) return;

  const pending: { account_id: string; name: string; make: (format: NoteFormat) => NewNote }[] = [];
  for (const [accountId, entry] of firstPayments) {
    pending.push({
      account_id: accountId,
      name: NOTE_NAMES.firstPayment,
      make: (format) => ({
        account_id: accountId,
        date_created: entry.created_at,
        draft: firstPaymentNote(
          {
            payment_intent_id: entry.payment_intent_id ?? '',
            amount: entry.customer_amount ?? entry.amount,
            currency: entry.customer_currency ?? entry.currency,
          },
          format,
        ),
      }),
    });
  }
  for (const dispute of disputes) {
    assert(dispute.due_by !== undefined, `dispute ${dispute.id} has a response deadline`);
    const dueBy = new Date(dispute.due_by);
    const openedAt = dispute.created_at === undefined ? dueBy : new Date(dispute.created_at);
    pending.push({
      account_id: dispute.account_id,
      name: NOTE_NAMES.dispute(dispute.id),
      make: (format) => ({
        account_id: dispute.account_id,
        date_created: openedAt,
        draft: disputeNote(
          {
            dispute_id: dispute.id,
            amount: dispute.amount,
            currency: dispute.currency,
            due_by: dueBy,
            inquiry: isInquiryStatus(dispute.status),
          },
          format,
        ),
      }),
    });
  }
  // The first payment is looked up before the store settings are read: nearly every payment
  // comes after the first, and then there is nothing to write.
  const missing: typeof pending = [];
  for (const accountId of new Set(pending.map((p) => p.account_id))) {
    const mine = pending.filter((p) => p.account_id === accountId);
    const existing = await existingNoteNames(
      db,
      accountId,
      mine.map((p) => p.name),
    );
    missing.push(...mine.filter((p) => !existing.has(p.name)));
  }
  if (missing.length === 0) return;
  const format = await noteFormat(db);
  await insertNotes(
    db,
    missing.map((p) => p.make(format)),
  );
}

/** Marks these unactioned notes of an account actioned: what they asked for no longer applies. */
async function actionNotes(db: Db, names: readonly string[], accountId?: string): Promise<void> {
  if (names.length === 0) return;
  let update = db
    .updateTable('notes')
    .set({ status: 'actioned', updated_at: new Date() })
    .where('name', 'in', [...names])
    .where('status', '=', 'unactioned');
  if (accountId !== undefined) update = update.where('account_id', '=', accountId);
  await update.execute();
}

/**
 * The notes of disputes these effects took out of "awaiting response" (accepted, evidence
 * submitted, won, lost, closed, refunded), by each dispute's last status among the updates.
 * Dispute ids are unique across accounts, so the note's name alone finds it.
 */
async function closeSettledDisputeNotes(db: Db, effects: NoteEffects): Promise<void> {
  const last = new Map<string, string>();
  for (const update of effects.disputeUpdates) {
    if (typeof update.set.status === 'string') last.set(String(update.id), update.set.status);
  }
  const settled = [...last].filter(([, status]) => !OPEN_DISPUTE_STATUSES.has(status));
  await actionNotes(
    db,
    settled.map(([id]) => NOTE_NAMES.dispute(id)),
  );
}

/**
 * A payout settled: the first one that reached the bank, or one that failed. Runs in the
 * transaction that settles the payout. A paid payout shows payouts in its currency reach the
 * bank again, so the notes of earlier failed ones leave the inbox.
 */
export async function recordPayoutNote(
  db: Db,
  payout: Selectable<PayoutsTable>,
  outcome: 'paid' | 'failed',
): Promise<void> {
  if (outcome === 'paid') {
    // The inbox's few open failed-payout notes, then their payouts' currencies by primary key.
    const prefix = NOTE_NAMES.payoutFailed('po_x').slice(0, -'po_x'.length);
    const open = await db
      .selectFrom('notes')
      .select('name')
      .where('account_id', '=', payout.account_id)
      .where('status', '=', 'unactioned')
      .where('name', 'like', `${prefix}%`)
      .execute();
    const payoutIds = open.map((row) => row.name.slice(prefix.length));
    if (payoutIds.length > 0) {
      const sameCurrency = await db
        .selectFrom('payouts')
        .select('id')
        .where('id', 'in', payoutIds)
        .where('currency', '=', payout.currency)
        .where('status', '=', 'failed')
        .execute();
      await actionNotes(
        db,
        sameCurrency.map((row) => NOTE_NAMES.payoutFailed(row.id)),
        payout.account_id,
      );
    }
    const existing = await existingNoteNames(db, payout.account_id, [NOTE_NAMES.firstPayout]);
    if (existing.size > 0) return;
  }
  const format = await noteFormat(db);
  const bank = payout.bank_account as Partial<ExternalAccount>;
  const draft =
    outcome === 'paid'
      ? firstPayoutNote(
          {
            payout_id: payout.id,
            amount: payout.amount,
            currency: payout.currency,
            bank_last4: bank.last4 ?? '',
          },
          format,
        )
      : payoutFailedNote(
          {
            payout_id: payout.id,
            amount: payout.amount,
            currency: payout.currency,
            failure_message: payout.failure_message ?? '',
          },
          format,
        );
  await insertNotes(db, [{ account_id: payout.account_id, draft, date_created: payout.arrival_date }]);
}

/** The sandbox (test-drive) account finished setting up. */
export async function recordSandboxReadyNote(db: Db, accountId: string, at: Date): Promise<void> {
  await insertNotes(db, [{ account_id: accountId, draft: sandboxReadyNote(), date_created: at }]);
}
