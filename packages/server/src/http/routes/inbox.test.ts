import { isNoteUnread, NOTE_SOURCE, sandboxReadyNote } from '@paydesk/domain/inbox/notes';
import { beforeAll, expect, it } from 'vitest';
import type { Account } from '../../engine/accounts.ts';
import { insertNotes, type NewNote } from '../../store/inbox.ts';
import { setOptions } from '../../store/options.ts';
import { testApi } from '../../testing/api.ts';
import { json, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';

/** The inbox's notes store and the Overview survey over REST, on a real database. */

const NOTES = '/wp-json/wc-analytics/admin/notes';
const SURVEY = '/wp-json/wc/v3/payments/survey/payments-overview';
const INBOX_QUERY = `?status=unactioned&source=${NOTE_SOURCE}`;

interface ApiNote {
  id: number;
  name: string;
  title: string;
  content: string;
  status: string;
  is_deleted: boolean;
  date_created: string;
  date_created_gmt: string;
  actions: { id: number; name: string; status: string }[];
}

const draft = (name: string, content = '<p>Body</p>') => ({
  ...sandboxReadyNote(),
  name,
  title: `Title ${name}`,
  content,
});

describeEachDatabase('the inbox notes API', (use) => {
  const api = testApi(use);
  let account: Account;
  const at = (iso: string) => new Date(iso);

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: api.admin.basic },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const inbox = async (query = INBOX_QUERY) => {
    const res = await call('GET', `${NOTES}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<ApiNote[]>(res);
  };
  const names = async (query?: string) => (await inbox(query)).map((note) => note.name);

  it('answers an empty inbox before the store has an account', async () => {
    const res = await call('GET', `${NOTES}${INBOX_QUERY}`);
    expect(json(res)).toEqual([]);
    expect([res.headers['x-wp-total'], res.headers['x-wp-totalpages']]).toEqual(['0', '0']);
  });

  it('lists the unactioned notes of this product, newest first', async () => {
    account = await connectSandboxAccount(use());
    await setOptions(use().db, { timezone_string: 'America/New_York' });
    const notes: NewNote[] = [
      { account_id: account.id, draft: draft('older'), date_created: at('2026-01-01T10:00:00Z') },
      { account_id: account.id, draft: draft('newest'), date_created: at('2026-01-03T10:00:00Z') },
      { account_id: account.id, draft: draft('middle'), date_created: at('2026-01-02T10:00:00Z') },
      { account_id: account.id, draft: draft('actioned'), date_created: at('2026-01-04T10:00:00Z') },
    ];
    expect(await insertNotes(use().db, notes)).toBe(4);
    // The same names again change nothing: a note is written once per account.
    expect(await insertNotes(use().db, notes)).toBe(0);
    await use().db.updateTable('notes').set({ status: 'actioned' }).where('name', '=', 'actioned').execute();
    await use()
      .db.insertInto('notes')
      .values({
        account_id: account.id,
        name: 'other-source',
        title: 'Other',
        content: '',
        source: 'woocommerce-admin',
        date_created: at('2026-01-05T10:00:00Z'),
      })
      .execute();

    expect(await names()).toEqual(['newest', 'middle', 'older']);
    expect(await names(`?source=${NOTE_SOURCE}`)).toEqual(['actioned', 'newest', 'middle', 'older']);
    expect(await names('?status=unactioned')).toEqual(['other-source', 'newest', 'middle', 'older']);
    expect(await names(`${INBOX_QUERY}&order=asc`)).toEqual(['older', 'middle', 'newest']);
    expect(await names(`${INBOX_QUERY}&per_page=2&page=2`)).toEqual(['older']);

    const [newest] = await inbox();
    expect(newest).toMatchObject({
      title: 'Title newest',
      content: '<p>Body</p>',
      status: 'unactioned',
      is_deleted: false,
      date_created_gmt: '2026-01-03T10:00:00',
      // The store's time zone: five hours behind UTC in January.
      date_created: '2026-01-03T05:00:00',
      type: 'info',
      layout: 'plain',
      image: '',
      source: NOTE_SOURCE,
    });
    expect(newest!.actions).toEqual([
      {
        id: 1,
        name: 'view-transactions',
        label: 'View transactions',
        url: '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Ftransactions',
        status: 'actioned',
        primary: true,
      },
    ]);
  });

  it("takes WooCommerce's list parameters and answers a bare array with the totals in headers", async () => {
    // The inbox as the Overview asks for it: bracket lists, WooCommerce's names, _fields.
    const fields = ['id', 'name', 'title', 'content', 'type', 'status', 'actions', 'date_created']
      .map((field, index) => `_fields[${index}]=${field}`)
      .join('&');
    const types = ['error', 'warning', 'update', 'info', 'marketing', 'survey']
      .map((t) => `type[]=${t}`)
      .join('&');
    const res = await call(
      'GET',
      `${NOTES}?page=1&per_page=2&status=unactioned&${types}&orderby=date&order=desc&source=${NOTE_SOURCE}&${fields}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-wp-total']).toBe('3');
    expect(res.headers['x-wp-totalpages']).toBe('2');
    const page = json<Record<string, unknown>[]>(res);
    expect(Array.isArray(page)).toBe(true);
    expect(page.map((note) => note.name)).toEqual(['newest', 'middle']);
    expect(Object.keys(page[0]!).sort()).toEqual(
      ['actions', 'content', 'date_created', 'id', 'name', 'status', 'title', 'type'].sort(),
    );

    const last = await call('GET', `${NOTES}${INBOX_QUERY}&per_page=2&page=2`);
    expect(json<ApiNote[]>(last).map((note) => note.name)).toEqual(['older']);
    expect([last.headers['x-wp-total'], last.headers['x-wp-totalpages']]).toEqual(['3', '2']);
    // Past the last page: an empty page with the same totals.
    const past = await call('GET', `${NOTES}${INBOX_QUERY}&per_page=2&page=3`);
    expect(json(past)).toEqual([]);
    expect([past.headers['x-wp-total'], past.headers['x-wp-totalpages']]).toEqual(['3', '2']);

    // The default page size is 10.
    const defaults = await call('GET', NOTES);
    expect(json<ApiNote[]>(defaults)).toHaveLength(5);
    expect([defaults.headers['x-wp-total'], defaults.headers['x-wp-totalpages']]).toEqual(['5', '1']);

    // type filters by note type, in bracket, indexed and comma forms alike.
    await use()
      .db.updateTable('notes')
      .set({ type: 'warning' })
      .where('account_id', '=', account.id)
      .where('name', '=', 'middle')
      .execute();
    expect(await names(`${INBOX_QUERY}&type[]=warning`)).toEqual(['middle']);
    expect(await names(`${INBOX_QUERY}&type[0]=warning&type[1]=info`)).toEqual(['newest', 'middle', 'older']);
    expect(await names(`${INBOX_QUERY}&type=error,warning`)).toEqual(['middle']);
    expect(await names(`${INBOX_QUERY}&type=error`)).toEqual([]);
    // status takes a list too.
    expect(await names(`?source=${NOTE_SOURCE}&status[]=unactioned&status[]=actioned`)).toEqual([
      'actioned',
      'newest',
      'middle',
      'older',
    ]);
    // orderby: title and note_id, each way.
    expect(await names(`${INBOX_QUERY}&orderby=title&order=asc`)).toEqual(['middle', 'newest', 'older']);
    expect(await names(`${INBOX_QUERY}&orderby=type&order=asc`)).toEqual(['older', 'newest', 'middle']);
    expect(await names(`${INBOX_QUERY}&orderby=note_id&order=asc`)).toEqual(['older', 'newest', 'middle']);
    await use()
      .db.updateTable('notes')
      .set({ type: 'info' })
      .where('account_id', '=', account.id)
      .where('name', '=', 'middle')
      .execute();
  });

  it('refuses malformed list parameters with a 400', async () => {
    for (const query of [
      '?per_page=0',
      '?per_page=101',
      '?page=0',
      '?status=deleted',
      '?status[]=unactioned&status[]=snoozed',
      '?type=note',
      '?type[]=',
      '?source=bad%20source',
      '?source=%3Cscript%3E',
      '?order=up',
      '?orderby=amount',
      '?pagesize=10',
      '?direction=asc',
      '?sort=date',
    ]) {
      const res = await call('GET', `${NOTES}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).code).toBe('rest_invalid_param');
    }
  });

  it('dismisses a note and undoes the dismissal', async () => {
    const [newest] = await inbox();
    const dismissed = await call('DELETE', `${NOTES}/delete/${newest!.id}`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(json<ApiNote>(dismissed).is_deleted).toBe(true);
    expect(await names()).toEqual(['middle', 'older']);
    const read = await call('GET', `${NOTES}/${newest!.id}`);
    expect(json<ApiNote>(read).is_deleted).toBe(true);

    const undone = await call('PUT', `${NOTES}/${newest!.id}`, { is_deleted: false });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json<ApiNote>(undone).is_deleted).toBe(false);
    expect(await names()).toEqual(['newest', 'middle', 'older']);
  });

  it('refuses bad note changes without changing anything', async () => {
    const before = await inbox();
    const id = before[0]!.id;
    const cases: [string, string, unknown, number][] = [
      ['PUT', `${NOTES}/${id}`, {}, 400],
      ['PUT', `${NOTES}/${id}`, { is_deleted: 'yes' }, 400],
      ['PUT', `${NOTES}/${id}`, { is_deleted: true, title: 'x' }, 400],
      ['PUT', `${NOTES}/${id}`, { status: 'done' }, 400],
      ['PUT', `${NOTES}/abc`, { is_deleted: true }, 400],
      ['PUT', `${NOTES}/999999`, { is_deleted: true }, 404],
      ['DELETE', `${NOTES}/delete/999999`, undefined, 404],
      ['DELETE', `${NOTES}/delete/-1`, undefined, 400],
      ['PUT', `${NOTES}/update`, { noteIds: [], is_deleted: true }, 400],
      ['PUT', `${NOTES}/update`, { noteIds: [id], is_deleted: true, extra: 1 }, 400],
      ['PUT', `${NOTES}/update`, { noteIds: [id, 999999], is_deleted: true }, 404],
      ['POST', `${NOTES}/${id}/action/9`, undefined, 404],
      ['POST', `${NOTES}/${id}/action/x`, undefined, 400],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await call(method as 'PUT', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
    }
    expect(await inbox()).toEqual(before);
  });

  it('dismisses every note at once and undoes that in one batch', async () => {
    const all = await call('DELETE', `${NOTES}/delete/all${INBOX_QUERY}`);
    expect(all.statusCode, all.body).toBe(200);
    const dismissed = json<{ data: ApiNote[] }>(all).data;
    expect(dismissed.map((note) => note.name)).toEqual(['newest', 'middle', 'older']);
    expect(await inbox()).toEqual([]);
    // The other source's note is not the inbox's to dismiss.
    expect(await names('?status=unactioned')).toEqual(['other-source']);

    const undo = await call('PUT', `${NOTES}/update`, {
      noteIds: dismissed.map((note) => note.id),
      is_deleted: false,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await names()).toEqual(['newest', 'middle', 'older']);
  });

  it("follows a note's action: the note leaves the unactioned inbox", async () => {
    const [newest] = await inbox();
    const res = await call('POST', `${NOTES}/${newest!.id}/action/1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ApiNote>(res).status).toBe('actioned');
    expect(await names()).toEqual(['middle', 'older']);
  });

  it('answers content with the allowed tags only, however the row was written', async () => {
    await insertNotes(use().db, [
      {
        account_id: account.id,
        draft: draft(
          'hostile',
          '<p onclick="alert(1)">Hi <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><script>alert(1)</script></p>',
        ),
        date_created: at('2026-01-06T10:00:00Z'),
      },
    ]);
    const stored = await use()
      .db.selectFrom('notes')
      .select('content')
      .where('name', '=', 'hostile')
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>Hi <a>x</a></p>');
    // A row written past the store (an older version, a manual fix) is cleaned on the way out.
    await use()
      .db.updateTable('notes')
      .set({ content: '<p>Raw <b onmouseover=alert(1)>bold</b><iframe src=//evil></iframe></p>' })
      .where('name', '=', 'hostile')
      .execute();
    const [hostile] = await inbox();
    expect(hostile!.name).toBe('hostile');
    expect(hostile!.content).toBe('<p>Raw <b>bold</b></p>');
  });

  it("keeps the inbox's last-read time per user and counts the notes after it as unread", async () => {
    const listed = await inbox();
    const lastRead = Date.parse('2026-01-02T12:00:00Z');
    const saved = await call('POST', '/wp-json/wc-admin/users/me/preferences', {
      activity_panel_inbox_last_read: lastRead,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call('GET', '/wp-json/wc-admin/users/me/preferences');
    const stored = json<{ activity_panel_inbox_last_read: number }>(read).activity_panel_inbox_last_read;
    expect(stored).toBe(lastRead);
    expect(listed.filter((note) => isNoteUnread(note.date_created_gmt, stored)).map((n) => n.name)).toEqual([
      'hostile',
    ]);
    const bad = await call('POST', '/wp-json/wc-admin/users/me/preferences', {
      activity_panel_inbox_last_read: -1,
    });
    expect(bad.statusCode).toBe(400);
    const other = await makeUser(use(), 'shop_manager');
    const theirs = await api.app.inject({
      method: 'GET',
      url: '/wp-json/wc-admin/users/me/preferences',
      headers: { authorization: other.basic },
    });
    expect(json(theirs).activity_panel_inbox_last_read).toBeUndefined();
  });

  it('removes the notes with the account when it is reset', async () => {
    const { resetAccount } = await import('../../engine/onboarding/reset.ts');
    expect(await resetAccount(use().db)).toBe(true);
    const left = await use().db.selectFrom('notes').select('id').execute();
    expect(left).toEqual([]);
  });
});

describeEachDatabase('the Overview survey API', (use) => {
  const api = testApi(use);
  let manager: TestUser;

  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: user.basic },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const stored = () => use().db.selectFrom('survey_responses').selectAll().orderBy('id').execute();
  const status = async (user: TestUser) => json<{ status: string }>(await call(user, 'GET', SURVEY)).status;

  beforeAll(async () => {
    manager = await makeUser(use(), 'shop_manager');
  });

  it('refuses bad answers with a 400 and writes nothing', async () => {
    const bad: unknown[] = [
      {},
      { rating: 'ecstatic' },
      { rating: 5 },
      { rating: 'happy', comments: 42 },
      { rating: 'unhappy', comments: 'x'.repeat(2001) },
      { rating: 'happy', extra: true },
      { comments: 'no rating' },
    ];
    for (const payload of bad) {
      const res = await call(api.admin, 'POST', SURVEY, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('rest_invalid_param');
    }
    const unknownQuery = await call(api.admin, 'POST', `${SURVEY}?rating=happy`, { rating: 'happy' });
    expect(unknownQuery.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
    expect(await status(api.admin)).toBe('open');
  });

  it('records a rating with its comment once', async () => {
    const res = await call(api.admin, 'POST', SURVEY, {
      rating: 'unhappy',
      comments: '  Payouts are slow.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true });
    expect(await status(api.admin)).toBe('answered');
    const again = await call(api.admin, 'POST', SURVEY, { rating: 'happy' });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('wcpay_survey_already_answered');
    const dismiss = await call(api.admin, 'POST', `${SURVEY}/dismiss`);
    expect(dismiss.statusCode).toBe(409);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      survey: 'payments-overview',
      outcome: 'answered',
      rating: 'unhappy',
      comments: 'Payouts are slow.',
    });
  });

  it('records a dismissal, after which the survey cannot be answered', async () => {
    expect(await status(manager)).toBe('open');
    const res = await call(manager, 'POST', `${SURVEY}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(manager)).toBe('dismissed');
    expect((await call(manager, 'POST', SURVEY, { rating: 'very-happy' })).statusCode).toBe(409);
    const rows = await stored();
    expect(rows.map((row) => [row.outcome, row.rating, row.comments])).toEqual([
      ['answered', 'unhappy', 'Payouts are slow.'],
      ['dismissed', null, ''],
    ]);
  });

  it('is not open to customers', async () => {
    const customer = await makeUser(use(), 'customer');
    expect((await call(customer, 'POST', SURVEY, { rating: 'happy' })).statusCode).toBe(403);
    expect((await call(customer, 'GET', SURVEY)).statusCode).toBe(403);
    expect(await stored()).toHaveLength(2);
  });
});
