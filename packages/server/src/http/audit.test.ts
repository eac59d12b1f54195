import type { TAuditLogRow } from '@paydesk/domain/contracts/audit-log';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changesData } from '../db/audit.ts';
import { auditLogCsv } from '../engine/audit-log/read.ts';
import { resetAccount } from '../engine/onboarding/reset.ts';
import { testApi } from '../testing/api.ts';
import { adminPageUrl, makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../testing/engine.ts';
import { uploadFile } from '../testing/multipart.ts';

const BASE = '/wp-json/wc/v3/payments';
const REFUND_ACTION = 'POST /wc/v3/payments/refund';

describe('which statements count as a change', () => {
  it('counts writes of the store data and nothing else', () => {
    expect(changesData('insert into "refunds" ("id") values ($1)')).toBe(true);
    expect(changesData('update "charges" set "amount_refunded" = $1')).toBe(true);
    expect(changesData('delete from "notes" where "id" = $1')).toBe(true);
    expect(changesData('  -- a comment\n insert into file_chunks (file_id) select 1')).toBe(true);
    expect(
      changesData('with moved as (update "jobs" set "status" = $1 returning id) select * from moved'),
    ).toBe(true);
    expect(changesData('select * from "charges" where "id" = $1 for update')).toBe(false);
    expect(changesData('with x as (select 1) select * from x')).toBe(false);
    // A `with` is a change when any of its writes is, and not when all of them are bookkeeping.
    expect(
      changesData(
        'with hit as (insert into rate_limit_hits (bucket) values ($1) returning hits) select * from hit',
      ),
    ).toBe(false);
    expect(
      changesData(
        'with a as (delete from "idempotency_keys" where key = $1), b as (insert into "notes" (id) values ($2)) select 1',
      ),
    ).toBe(true);
    expect(
      changesData('with a as (update public."idempotency_keys" as k set status = $1) delete from charges'),
    ).toBe(true);
    expect(changesData('insert into "idempotency_keys" ("key") values ($1)')).toBe(false);
    expect(changesData('insert into rate_limit_hits (bucket) values ($1) on conflict do nothing')).toBe(
      false,
    );
    expect(changesData('begin')).toBe(false);
    expect(changesData('select pg_notify($1, $2)')).toBe(false);
  });
});

describeEachDatabase('the audit log', (use) => {
  const api = testApi(use, { account: true });
  let customer: TestUser;
  const db = () => use().db;

  beforeAll(async () => {
    customer = await makeUser(use(), 'customer');
  });

  const rows = (where: { action?: string; request_id?: string; outcome?: string } = {}) => {
    let query = db().selectFrom('audit_log').selectAll().orderBy('id');
    if (where.action) query = query.where('action', '=', where.action);
    if (where.request_id) query = query.where('request_id', '=', where.request_id);
    if (where.outcome) query = query.where('outcome', '=', where.outcome as never);
    return query.execute();
  };
  const lastId = async () =>
    Number(
      (await sql<{ id: number | null }>`select max(id) as id from audit_log`.execute(db())).rows[0]?.id ?? 0,
    );
  const since = (id: number) =>
    db().selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
  const statusOf = async (auditId: number) =>
    (
      await db()
        .selectFrom('audit_log_status')
        .select('status')
        .where('audit_id', '=', auditId)
        .executeTakeFirst()
    )?.status;

  async function pay(number = '4242424242424242') {
    const res = await api.checkout(cardCheckout(number));
    expect(res.statusCode, res.body).toBe(200);
    return { chargeId: res.json().charge.id as string, requestId: String(res.headers['x-request-id'] ?? '') };
  }
  const refund = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.app.inject({
      method: 'POST',
      url: `${BASE}/refund`,
      headers: { authorization: api.admin.basic, ...headers },
      payload,
    });

  it('writes one row for a refund, with who, which credential, what, where from and the change', async () => {
    const { chargeId } = await pay();
    const before = await lastId();
    const res = await refund({ charge_id: chargeId, amount: 500, reason: 'requested_by_customer' });
    expect(res.statusCode, res.body).toBe(200);
    const written = await since(before);
    expect(written).toHaveLength(1);
    const row = written[0]!;
    expect(row).toMatchObject({
      username: api.admin.login,
      credential: 'application_password:test',
      method: 'POST',
      action: REFUND_ACTION,
      object_id: chargeId,
      outcome: 'changed',
      status: null,
      ip: '127.0.0.1',
    });
    expect(row.user_id).toEqual(expect.any(Number));
    expect(row.change).toMatchObject({ charge_id: chargeId, amount: 500 });
    // The answer is appended once it is known.
    expect(await statusOf(row.id)).toBe(200);
  });

  it('writes one row for a settings save, in another area, by a session with its nonce', async () => {
    const { cookie, nonce } = await api.signIn();
    const before = await lastId();
    const res = await api.app.inject({
      method: 'POST',
      url: `${BASE}/settings`,
      headers: { cookie, 'x-wp-nonce': nonce },
      payload: { is_manual_capture_enabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const written = await since(before);
    expect(written.map((row) => [row.action, row.outcome, row.credential])).toEqual([
      ['POST /wc/v3/payments/settings', 'changed', 'session'],
    ]);
  });

  it('writes its row in the transaction of the change: a change that fails leaves no changed row', async () => {
    const { chargeId } = await pay();
    const refundsBefore = await db()
      .selectFrom('refunds')
      .select(db().fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The refund's own insert fails inside its transaction, after the audit row went in before
    // the first write of that transaction.
    await sql`create function audit_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'refund store is down'; end $$`.execute(db());
    await sql`create trigger audit_test_fail before insert on refunds for each row execute function audit_test_fail()`.execute(
      db(),
    );
    const before = await lastId();
    try {
      const res = await refund({ charge_id: chargeId, amount: 300 });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger audit_test_fail on refunds`.execute(db());
      await sql`drop function audit_test_fail()`.execute(db());
    }
    const written = await since(before);
    expect(written.map((row) => [row.action, row.outcome, row.status])).toEqual([
      [REFUND_ACTION, 'failed', 500],
    ]);
    const refundsAfter = await db()
      .selectFrom('refunds')
      .select(db().fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(refundsAfter.n)).toBe(Number(refundsBefore.n));
    const charge = await db()
      .selectFrom('charges')
      .select('amount_refunded')
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow();
    expect(Number(charge.amount_refunded)).toBe(0);
  });

  it('has a row for every change that succeeded, refunds running at once', async () => {
    const charges = await Promise.all([pay(), pay(), pay()]);
    const before = await lastId();
    const answers = await Promise.all(
      charges.flatMap(({ chargeId }) => [100, 200].map((amount) => refund({ charge_id: chargeId, amount }))),
    );
    expect(
      answers.map((res) => res.statusCode),
      answers[0]?.body,
    ).toEqual(answers.map(() => 200));
    const written = await since(before);
    expect(written.filter((row) => row.outcome === 'changed')).toHaveLength(answers.length);
    expect(written).toHaveLength(answers.length);
  });

  it('writes an unchanged row for an idempotent replay, which changes nothing', async () => {
    const { chargeId } = await pay();
    const key = `audit-${Date.now()}`;
    expect((await refund({ charge_id: chargeId, amount: 100 }, { 'idempotency-key': key })).statusCode).toBe(
      200,
    );
    const before = await lastId();
    const replay = await refund({ charge_id: chargeId, amount: 100 }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await since(before)).map((row) => [row.outcome, row.status])).toEqual([['unchanged', 200]]);
  });

  it('records a request refused for a wrong nonce, with the session user, and changes nothing', async () => {
    const { cookie } = await api.signIn();
    const settingsBefore = (await api.get(`${BASE}/settings`)).body;
    const before = await lastId();
    const res = await api.app.inject({
      method: 'POST',
      url: `${BASE}/settings`,
      headers: { cookie, 'x-wp-nonce': 'wrong' },
      payload: { is_manual_capture_enabled: true },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await since(before)).map((row) => [row.username, row.credential, row.outcome, row.status]),
    ).toEqual([[api.admin.login, 'session', 'refused', 403]]);
    const settingsAfter = (await api.get(`${BASE}/settings`)).body;
    expect(settingsAfter).toBe(settingsBefore);
  });

  it('records invalid input as refused, and a read refused to a customer, but not a read', async () => {
    const before = await lastId();
    const bad = await refund({ charge_id: 42 });
    expect(bad.statusCode).toBe(400);
    const read = await api.get(`${BASE}/settings`);
    expect(read.statusCode).toBe(200);
    const forbidden = await api.app.inject({
      method: 'GET',
      url: `${BASE}/settings`,
      headers: { authorization: customer.basic },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await since(before)).map((row) => [row.method, row.action, row.outcome, row.status, row.username]),
    ).toEqual([
      ['POST', REFUND_ACTION, 'refused', 400, api.admin.login],
      ['GET', 'GET /wc/v3/payments/settings', 'refused', 403, customer.login],
    ]);
  });

  it('records failed sign-ins with the username tried, never the password', async () => {
    const before = await lastId();
    const res = await api.app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ log: api.admin.login, pwd: 'not-the-password' }).toString(),
    });
    expect(res.statusCode).toBe(401);
    const basic = await api.app.inject({
      method: 'POST',
      url: `${BASE}/refund`,
      headers: {
        authorization: `Basic ${Buffer.from(`${api.admin.login}:abcd efgh ijkl mnop qrst uvwx`).toString('base64')}`,
      },
      payload: { charge_id: 'ch_1' },
    });
    expect(basic.statusCode).toBe(401);
    const written = await since(before);
    expect(
      written.map((row) => [row.username, row.user_id, row.credential, row.action, row.outcome, row.status]),
    ).toEqual([
      [api.admin.login, null, 'none', 'POST /wp-login.php', 'failed_sign_in', 401],
      [api.admin.login, null, 'application_password', REFUND_ACTION, 'refused', 401],
    ]);
    expect(JSON.stringify(written)).not.toContain('not-the-password');
    expect(JSON.stringify(written)).not.toContain('abcd efgh');
  });

  it('never keeps a card number or security code', async () => {
    const before = await lastId();
    const body = cardCheckout('4000 0566 5566 5556');
    await api.checkout(body);
    const written = await since(before);
    expect(written).toHaveLength(1);
    const text = JSON.stringify(written[0]!.change);
    expect(text).not.toMatch(/4000.?0566/);
    expect(text).not.toContain('"cvc":"123"');
    expect(written[0]!.change).toMatchObject({
      payment_method_data: { card: { number: '[redacted]', cvc: '[redacted]' } },
    });
  });

  it('keeps an uploaded file as its name and size, never its bytes', async () => {
    // A one-pixel PNG, as its bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const before = await lastId();
    const res = await uploadFile(api.app, api.admin.basic, {
      purpose: 'dispute_evidence',
      file: png,
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const written = await since(before);
    expect(written.map((row) => [row.action, row.outcome])).toEqual([
      ['POST /wc/v3/payments/file', 'changed'],
    ]);
    expect(written[0]!.change).toEqual({
      purpose: 'dispute_evidence',
      file: { filename: 'photo.png', size: png.length },
    });
  });

  it('refuses to update, delete or truncate its rows, even for the account reset', async () => {
    const [row] = await rows();
    expect(row).toBeDefined();
    await expect(
      sql`update audit_log set outcome = 'changed' where id = ${row!.id}`.execute(db()),
    ).rejects.toThrow(/audit rows cannot be changed/);
    await expect(sql`delete from audit_log where id = ${row!.id}`.execute(db())).rejects.toThrow(
      /audit rows cannot be changed/,
    );
    await expect(sql`truncate audit_log cascade`.execute(db())).rejects.toThrow(
      /audit rows cannot be changed/,
    );
    await expect(sql`delete from audit_log_status`.execute(db())).rejects.toThrow(
      /audit rows cannot be changed/,
    );
    const count = (await rows()).length;
    expect(await resetAccount(db())).toBe(true);
    expect((await rows()).length).toBe(count);
    await connectSandboxAccount(use());
  });

  describe('GET /audit_log and its CSV', () => {
    let cookie: string;
    let nonce: string;
    beforeAll(async () => {
      ({ cookie, nonce } = await api.signIn());
      // A failed sign-in whose username a spreadsheet would run as a formula.
      await api.app.inject({
        method: 'POST',
        url: '/wp-login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ log: '=HYPERLINK("http://x")', pwd: 'x' }).toString(),
      });
    });
    const list = async (query: Record<string, string> = {}) => {
      const res = await api.get(`${BASE}/audit_log?${new URLSearchParams(query).toString()}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TAuditLogRow[];
    };

    it('lists newest first, and filters by user, action, object, outcome and date', async () => {
      const all = await list({ pagesize: '100' });
      expect(all.length).toBeGreaterThan(5);
      expect(all.map((row) => row.created)).toEqual([...all.map((row) => row.created)].sort((a, b) => b - a));
      const refunds = await list({ action: REFUND_ACTION, pagesize: '100' });
      expect(refunds.length).toBeGreaterThan(0);
      expect(refunds.every((row) => row.action === REFUND_ACTION)).toBe(true);
      const first = refunds.find((row) => row.outcome === 'changed')!;
      expect(first.status).toBe(200);
      expect(
        (await list({ object_id: first.object_id! })).every((row) => row.object_id === first.object_id),
      ).toBe(true);
      const byName = await list({ user: api.admin.login.toUpperCase(), pagesize: '100' });
      expect(byName.length).toBeGreaterThan(0);
      expect(byName.every((row) => row.username === api.admin.login)).toBe(true);
      expect(
        (await list({ user: String(first.user_id), pagesize: '100' })).every(
          (row) => row.user_id === first.user_id,
        ),
      ).toBe(true);
      expect(
        (await list({ outcome: 'failed_sign_in' })).every((row) => row.outcome === 'failed_sign_in'),
      ).toBe(true);
      expect(await list({ date_before: '2000-01-01' })).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (await list({ 'date_between[0]': '2000-01-01', 'date_between[1]': today, pagesize: '3' })).length,
      ).toBe(3);
      expect((await list({ pagesize: '2', page: '2' })).map((row) => row.id)).toEqual(
        all.slice(2, 4).map((row) => row.id),
      );
    });

    it('refuses malformed filters with 400, and the list to a customer', async () => {
      const malformed: Record<string, string>[] = [
        { date_before: 'yesterday' },
        { outcome: 'deleted' },
        { pagesize: '1000' },
        { sort: 'id' },
      ];
      for (const query of malformed) {
        const res = await api.get(`${BASE}/audit_log?${new URLSearchParams(query).toString()}`);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
      }
      const res = await api.app.inject({
        method: 'GET',
        url: `${BASE}/audit_log`,
        headers: { authorization: customer.basic },
      });
      expect(res.statusCode).toBe(403);
    });

    it('downloads the selected rows as CSV with the link nonce, formulas neutralised', async () => {
      const res = await api.app.inject({
        method: 'GET',
        url: `${BASE}/audit_log/download?_wpnonce=${nonce}&outcome=failed_sign_in`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Date (UTC),User ID,Username,Credential,Address,Method,Action,Object,Outcome,Status,Change,Request ID',
      );
      const failed = await list({ outcome: 'failed_sign_in', pagesize: '100' });
      expect(lines).toHaveLength(failed.length + 1);
      expect(lines.every((line, i) => i === 0 || line.includes(',failed_sign_in,'))).toBe(true);
      expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
      const summary = await api.get(`${BASE}/audit_log/summary?outcome=failed_sign_in`);
      expect(summary.json()).toEqual({ count: failed.length });
      const noNonce = await api.app.inject({
        method: 'GET',
        url: `${BASE}/audit_log/download`,
        headers: { cookie },
      });
      expect(noNonce.statusCode).toBe(403);
    });

    it('streams a long log in batches, every row once, newest first', async () => {
      const all = await list({ pagesize: '100' });
      let text = '';
      for await (const part of auditLogCsv(db(), {}, 2)) text += part;
      const requestIds = text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').at(-1));
      expect(requestIds.slice(0, all.length)).toEqual(all.map((row) => row.request_id));
      expect(new Set(requestIds).size).toBe(requestIds.length);
    });
  });
});

describeEachDatabase('the audit log of admin page actions', (use) => {
  const api = testApi(use, { web: true });
  let cookie: string;
  let nonce: string;
  let customer: TestUser;
  const db = () => use().db;
  const since = (id: number) =>
    db().selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
  const lastId = async () =>
    Number(
      (await sql<{ id: number | null }>`select max(id) as id from audit_log`.execute(db())).rows[0]?.id ?? 0,
    );

  beforeAll(async () => {
    customer = await makeUser(use(), 'customer');
    ({ cookie, nonce } = await api.signIn());
  });

  const page = (query: Record<string, string>, as = cookie) =>
    api.app.inject({ method: 'GET', url: adminPageUrl(query), headers: { cookie: as } });

  it('records an account reset through the connect URL, without its nonce; a page view writes none', async () => {
    const before = await lastId();
    const drive = await page({
      path: '/payments/connect',
      'wcpay-connect': '1',
      _wpnonce: nonce,
      test_drive: 'true',
    });
    expect(drive.statusCode).toBe(302);
    expect((await since(before)).map((row) => [row.action, row.outcome])).toEqual([
      ['GET /wp-admin/admin.php', 'changed'],
    ]);
    const resetFrom = await lastId();
    expect((await page({ path: '/payments/overview' })).statusCode).toBe(200);
    expect(await since(resetFrom)).toEqual([]);
    const res = await page({
      path: '/payments/connect',
      'wcpay-connect': '1',
      _wpnonce: nonce,
      'wcpay-reset-account': 'true',
    });
    expect(res.headers.location).toBe(adminPageUrl({ path: '/payments/connect' }));
    expect(res.statusCode).toBe(302);
    const written = await since(resetFrom);
    expect(written.map((row) => [row.action, row.outcome, row.credential])).toEqual([
      ['GET /wp-admin/admin.php', 'changed', 'session'],
    ]);
    expect(written[0]!.change).toEqual({
      page: 'wc-admin',
      path: '/payments/connect',
      'wcpay-connect': '1',
      'wcpay-reset-account': 'true',
    });
    // The page answered as it acted, so its status is appended just after the answer left.
    const status = () =>
      db()
        .selectFrom('audit_log_status')
        .select('status')
        .where('audit_id', '=', written[0]!.id)
        .executeTakeFirst();
    await expect.poll(async () => (await status())?.status).toBe(302);
  });

  it('records an admin page refused to a customer', async () => {
    const { cookie: customerCookie } = await api.signIn(customer);
    const before = await lastId();
    expect((await page({ path: '/payments/overview' }, customerCookie)).statusCode).toBe(403);
    expect((await since(before)).map((row) => [row.username, row.outcome, row.status])).toEqual([
      [customer.login, 'refused', 403],
    ]);
  });
});
