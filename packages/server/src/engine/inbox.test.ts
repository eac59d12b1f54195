import { NOTE_NAMES, payoutFailedNote } from '@paydesk/domain/inbox/notes';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listMigrations } from '../db/migrate.ts';
import { splitSql } from '../db/split-sql.ts';
import { insertNotes } from '../store/inbox.ts';
import { testApi } from '../testing/api.ts';
import { makeTestApp, makeUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout, checkout, connectSandboxAccount } from '../testing/engine.ts';
import { recordPayoutNote } from './inbox.ts';
import { startTestDrive } from './onboarding/test-drive.ts';
import { settlePayout } from './payouts/services.ts';
import { advanceDays, insertPayoutFixtures, pay, payoutsOf, setAccount } from './payouts/testing.ts';
import { seedHistory } from './seed/seed.ts';

/**
 * The engine writes an inbox note at each moment the merchant cares about, once: the sandbox is
 * ready, the first payment, the first payout, each new dispute, each failed payout.
 */

const BASE = '/wp-json/wc/v3/payments';
const DISPUTE_CARD = '4000000000000259';
const INQUIRY_CARD = '4000000000001976';

describeEachDatabase('inbox notes from the engine', (use) => {
  const api = testApi(use, { account: true });

  const notesNamed = (prefix: string) =>
    use()
      .db.selectFrom('notes')
      .selectAll()
      .where('account_id', '=', api.account.id)
      .where('name', 'like', `${prefix}%`)
      .orderBy('id')
      .execute();

  it('notes the first payment once, with its amount and a link to it', async () => {
    expect(await notesNamed('wcpay-first-payment')).toEqual([]);
    const first = await pay(api.app, api.admin.basic, 1234);
    await pay(api.app, api.admin.basic, 9999);
    const body = cardCheckout('4242424242424242', { amount: 777 });
    // A retried checkout replays its answer and adds nothing.
    expect((await api.checkout(body, 'retry-key')).statusCode).toBe(200);
    expect((await api.checkout(body, 'retry-key')).statusCode).toBe(200);
    const notes = await notesNamed('wcpay-first-payment');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('<strong>$12.34</strong>');
    expect(notes[0]!.actions[0]!.url).toContain(`id=${first.id}`);
    expect(notes[0]!.status).toBe('unactioned');
  });

  it('notes each new dispute and inquiry once', async () => {
    await pay(api.app, api.admin.basic, 2500, cardCheckout(DISPUTE_CARD));
    await pay(api.app, api.admin.basic, 4000, cardCheckout(INQUIRY_CARD));
    const disputes = await use()
      .db.selectFrom('disputes')
      .select(['id', 'status'])
      .where('account_id', '=', api.account.id)
      .orderBy('created_at')
      .execute();
    expect(disputes.map((d) => d.status).sort()).toEqual(['needs_response', 'warning_needs_response']);
    const notes = await notesNamed('wcpay-dispute-');
    expect(notes.map((note) => note.name).sort()).toEqual(
      disputes.map((d) => NOTE_NAMES.dispute(d.id)).sort(),
    );
    const titles = notes.map((note) => note.title).sort();
    expect(titles).toEqual(['A payment inquiry needs your response', 'A payment was disputed']);
    expect(notes.every((note) => note.type === 'warning')).toBe(true);
  });

  it("takes a dispute's note out of the inbox once the dispute no longer awaits a response", async () => {
    const disputes = await use()
      .db.selectFrom('disputes')
      .select(['id', 'status'])
      .where('account_id', '=', api.account.id)
      .execute();
    const dispute = disputes.find((d) => d.status === 'needs_response')!;
    const inquiry = disputes.find((d) => d.status === 'warning_needs_response')!;
    const statusOf = async (id: string) => (await notesNamed(NOTE_NAMES.dispute(id)))[0]!.status;
    const headers = { authorization: api.admin.basic };

    // Saving evidence without submitting leaves the dispute awaiting a response, and its note.
    const saved = await api.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${inquiry.id}`,
      headers,
      payload: { evidence: { uncategorized_text: 'Delivered on time.' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statusOf(inquiry.id)).toBe('unactioned');

    // Accepting the dispute closes its note in the same request.
    const closed = await api.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${dispute.id}/close`,
      headers,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await statusOf(dispute.id)).toBe('actioned');
    expect(await statusOf(inquiry.id)).toBe('unactioned');

    // Submitting the inquiry's evidence puts it under review: nothing left to respond to.
    const submitted = await api.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${inquiry.id}`,
      headers,
      payload: { submit: true },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('warning_under_review');
    expect(await statusOf(inquiry.id)).toBe('actioned');
  });

  it('closes the note of a dispute that reaches its deadline unanswered', async () => {
    await pay(api.app, api.admin.basic, 3100, cardCheckout(DISPUTE_CARD));
    const open = await use()
      .db.selectFrom('disputes')
      .select(['id', 'status'])
      .where('account_id', '=', api.account.id)
      .where('status', '=', 'needs_response')
      .executeTakeFirstOrThrow();
    expect((await notesNamed(NOTE_NAMES.dispute(open.id)))[0]!.status).toBe('unactioned');
    // The days pass (the payouts below need them too): the deadline job loses the dispute.
    await advanceDays(use(), 10);
    const after = await use()
      .db.selectFrom('disputes')
      .select('status')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('lost');
    expect((await notesNamed(NOTE_NAMES.dispute(open.id)))[0]!.status).toBe('actioned');
  });

  it('notes the first payout when it is paid, and only the first', async () => {
    await advanceDays(use(), 10);
    let paid = (await payoutsOf(use(), api.account.id)).filter((p) => p.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    let notes = await notesNamed('wcpay-first-payout');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.actions[0]!.url).toContain(`id=${paid[0]!.id}`);
    expect(notes[0]!.date_created.getTime()).toBe(paid[0]!.arrival_date.getTime());

    await pay(api.app, api.admin.basic, 5000);
    await advanceDays(use(), 10);
    paid = (await payoutsOf(use(), api.account.id)).filter((p) => p.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(2);
    notes = await notesNamed('wcpay-first-payout');
    expect(notes).toHaveLength(1);
    // Settling a paid payout again (a retried job) changes nothing.
    expect(await settlePayout(use().db, paid[0]!.id)).toBe('unchanged');
    expect(await notesNamed('wcpay-first-payout')).toHaveLength(1);
    expect(await notesNamed('wcpay-payout-failed-')).toEqual([]);
  });

  it('notes a failed payout once, even when its job runs again', async () => {
    const banks = api.account.external_accounts.map((bank) => ({ ...bank, last4: '1113' }));
    await setAccount(use(), api.account.id, { external_accounts: JSON.stringify(banks) });
    await pay(api.app, api.admin.basic, 6000);
    await advanceDays(use(), 10);
    const failed = (await payoutsOf(use(), api.account.id)).filter((p) => p.status === 'failed');
    expect(failed).toHaveLength(1);
    const notes = await notesNamed('wcpay-payout-failed-');
    expect(notes.map((note) => note.name)).toEqual([NOTE_NAMES.payoutFailed(failed[0]!.id)]);
    expect(notes[0]!.type).toBe('error');
    expect(notes[0]!.content).toContain('The bank account has been closed.');
    expect(await settlePayout(use().db, failed[0]!.id)).toBe('unchanged');
    await recordPayoutNote(use().db, failed[0]!, 'failed');
    expect(await notesNamed('wcpay-payout-failed-')).toHaveLength(1);
  });

  it("takes a failed payout's note out of the inbox once a later payout in its currency is paid", async () => {
    expect((await notesNamed('wcpay-payout-failed-'))[0]!.status).toBe('unactioned');
    // The merchant fixes the bank details; the next payout reaches the bank.
    await setAccount(use(), api.account.id, {
      external_accounts: JSON.stringify(api.account.external_accounts),
    });
    await pay(api.app, api.admin.basic, 7000);
    await advanceDays(use(), 10);
    const payouts = await payoutsOf(use(), api.account.id);
    const failedAt = payouts.find((p) => p.status === 'failed')!.created_at.getTime();
    expect(payouts.some((p) => p.status === 'paid' && p.created_at.getTime() > failedAt)).toBe(true);
    expect((await notesNamed('wcpay-payout-failed-'))[0]!.status).toBe('actioned');
  });
});

describeEachDatabase('the first payment after a declined card', (use) => {
  it('is the first payment that succeeded', async () => {
    const app = await makeTestApp(use());
    try {
      const admin = await makeUser(use(), 'administrator');
      await connectSandboxAccount(use());
      const declined = await checkout(app, admin.basic, cardCheckout('4000000000000002'));
      expect(declined.json().status).toBe('requires_payment_method');
      expect(await use().db.selectFrom('notes').select('id').execute()).toEqual([]);
      const paid = await pay(app, admin.basic, 4321);
      const notes = await use().db.selectFrom('notes').selectAll().execute();
      expect(notes.map((note) => note.name)).toEqual(['wcpay-first-payment']);
      expect(notes[0]!.actions[0]!.url).toContain(`id=${paid.id}`);
    } finally {
      await app.close();
    }
  });
});

describeEachDatabase('the sandbox-ready note', (use) => {
  it('is written once when the test drive finishes setting up', async () => {
    const first = await startTestDrive(use(), { sampleData: false });
    expect(first.created).toBe(true);
    const again = await startTestDrive(use(), { sampleData: false });
    expect(again.created).toBe(false);
    const notes = await use().db.selectFrom('notes').selectAll().execute();
    expect(notes.map((note) => [note.account_id, note.name, note.title])).toEqual([
      [first.account.id, 'wcpay-sandbox-ready', 'Your sandbox account is ready'],
    ]);
  });
});

describeEachDatabase('notes of a seeded history', (use) => {
  it('has one first payment, one first payout, and a note per dispute that opened awaiting a response', async () => {
    const result = await seedHistory(use(), { transactions: 1000, days: 60, seed: 11, deferIndexes: false });
    const notes = await use()
      .db.selectFrom('notes')
      .select(['name', 'date_created'])
      .where('account_id', '=', result.account_id)
      .execute();
    const named = (prefix: string) => notes.filter((note) => note.name.startsWith(prefix));
    expect(named('wcpay-first-payment')).toHaveLength(1);
    expect(named('wcpay-first-payout')).toHaveLength(1);
    const firstCharge = await use()
      .db.selectFrom('balance_transactions')
      .select('created_at')
      .where('account_id', '=', result.account_id)
      .where('type', 'in', ['charge', 'payment'])
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(named('wcpay-first-payment')[0]!.date_created.getTime()).toBe(firstCharge.created_at.getTime());
    const disputes = await use()
      .db.selectFrom('disputes')
      .select('id')
      .where('account_id', '=', result.account_id)
      .execute();
    const disputeNotes = named('wcpay-dispute-').map((note) => note.name);
    expect(disputes.length).toBeGreaterThan(0);
    expect(disputeNotes.length).toBeGreaterThan(0);
    expect(new Set(disputeNotes).size).toBe(disputeNotes.length);
    for (const name of disputeNotes) {
      expect(disputes.map((d) => NOTE_NAMES.dispute(d.id))).toContain(name);
    }
    // Only the disputes still awaiting a response keep a note in the inbox; the rest were closed
    // by the later batches that settled them.
    const statuses = await use()
      .db.selectFrom('disputes')
      .select(['id', 'status'])
      .where('account_id', '=', result.account_id)
      .execute();
    const noteStatuses = await use()
      .db.selectFrom('notes')
      .select(['name', 'status'])
      .where('account_id', '=', result.account_id)
      .where('name', 'like', 'wcpay-dispute-%')
      .execute();
    const noteStatus = new Map(noteStatuses.map((note) => [note.name, note.status]));
    const inInbox = statuses
      .filter((d) => noteStatus.has(NOTE_NAMES.dispute(d.id)))
      .map((d) => ({ status: d.status, note_status: noteStatus.get(NOTE_NAMES.dispute(d.id)) }));
    expect(inInbox.length).toBe(disputeNotes.length);
    expect(inInbox.some((row) => row.note_status === 'actioned')).toBe(true);
    for (const row of inInbox) {
      expect(row.note_status).toBe(
        ['needs_response', 'warning_needs_response'].includes(row.status) ? 'unactioned' : 'actioned',
      );
    }
  });
});

describeEachDatabase('notes written before notes closed themselves', (use) => {
  it('are caught up by the migration: settled disputes and failed payouts paid since leave the inbox', async () => {
    const app = await makeTestApp(use());
    try {
      const admin = await makeUser(use(), 'administrator');
      const account = await connectSandboxAccount(use());
      await pay(app, admin.basic, 2500, cardCheckout(DISPUTE_CARD));
      await pay(app, admin.basic, 2600, cardCheckout(DISPUTE_CARD));
      const [settled, open] = await use()
        .db.selectFrom('disputes')
        .select('id')
        .where('account_id', '=', account.id)
        .orderBy('amount')
        .execute();
      const closed = await app.inject({
        method: 'POST',
        url: `${BASE}/disputes/${settled!.id}/close`,
        headers: { authorization: admin.basic },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      // Payouts: one failed and paid after it, one failed and not (yet) followed by a paid one.
      await insertPayoutFixtures(use(), account.id, [
        { id: 'po_failed_then_paid', day: '2026-01-02', amount: 1000, status: 'failed' },
        { id: 'po_paid_after', day: '2026-01-05', amount: 1000, status: 'paid' },
        { id: 'po_failed_eur', day: '2026-01-03', amount: 1000, currency: 'eur', status: 'failed' },
      ]);
      const format = { locale: 'en-US', dateFormat: 'F j, Y', timeZone: 'UTC' };
      await insertNotes(
        use().db,
        ['po_failed_then_paid', 'po_failed_eur'].map((payout_id) => ({
          account_id: account.id,
          date_created: new Date('2026-01-03T00:00:00Z'),
          draft: payoutFailedNote({ payout_id, amount: 1000, currency: 'usd', failure_message: '' }, format),
        })),
      );
      // As a store written before the rule: every note still unactioned.
      await use().db.updateTable('notes').set({ status: 'unactioned' }).execute();

      const migration = listMigrations().find((m) => m.name === '0030_inbox_moot_notes');
      expect(migration).toBeDefined();
      for (const statement of splitSql(migration!.sql)) await sql.raw(statement).execute(use().db);

      const statuses = Object.fromEntries(
        (await use().db.selectFrom('notes').select(['name', 'status']).execute()).map((n) => [
          n.name,
          n.status,
        ]),
      );
      expect(statuses).toMatchObject({
        [NOTE_NAMES.dispute(settled!.id)]: 'actioned',
        [NOTE_NAMES.dispute(open!.id)]: 'unactioned',
        [NOTE_NAMES.payoutFailed('po_failed_then_paid')]: 'actioned',
        [NOTE_NAMES.payoutFailed('po_failed_eur')]: 'unactioned',
        'wcpay-first-payment': 'unactioned',
      });
    } finally {
      await app.close();
    }
  });
});
