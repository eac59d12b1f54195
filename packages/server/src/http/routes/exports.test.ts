import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toMajorUnits } from '@paydesk/domain';
import { type exports, transactions } from '@paydesk/domain/contracts';
import {
  csvFormat,
  FRAUD_OUTCOME_CSV_HEADERS,
  TRANSACTION_CSV_HEADERS,
  transactionCsvCells,
} from '@paydesk/domain/exports/columns';
import { EXPORT_RETENTION_DAYS } from '@paydesk/domain/retention';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { JOB_HANDLERS } from '../../engine/context.ts';
import { writeTransactionsCsv } from '../../engine/exports/writer.ts';
import { runDueJobs } from '../../engine/jobs.ts';
import { seedHistory } from '../../engine/seed/seed.ts';
import { makeTestApp, makeUser, sessionNonce, signIn, type TestUser } from '../../testing/app.ts';
import { parseCsv } from '../../testing/csv.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/**
 * CSV exports over a seeded history: each file is compared with what the list endpoint answers
 * for the same filters, row by row, and read back the way a spreadsheet would.
 */

const BASE = '/wp-json/wc/v3/payments';
const TXN_EXPORT = `${BASE}/transactions/download`;
const BLOCKED_EXPORT = `${BASE}/transactions/fraud-outcomes/download`;
const END = new Date('2026-06-15T12:34:56Z');

type ListedTransaction = transactions.TTransaction;

describeEachDatabase('CSV exports', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let other: TestUser;
  let dataDir: string;

  const inject = (method: 'GET' | 'POST', url: string, auth = admin.basic, payload?: object) =>
    app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
  const runJobs = () => runDueJobs(use().db, JOB_HANDLERS);

  /** Every row the list answers for a query, page by page. */
  async function listAll(query: string): Promise<ListedTransaction[]> {
    const all: ListedTransaction[] = [];
    for (let page = 1; ; page++) {
      const res = await inject('GET', `${BASE}/transactions?pagesize=100&page=${page}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = (res.json() as { data: ListedTransaction[] }).data;
      all.push(...data);
      if (data.length < 100) return all;
    }
  }

  /** Requests an export, runs the job, and answers the finished status. */
  async function exportAndWait(path: string, query: string, auth = admin.basic) {
    const started = await inject('POST', `${path}?${query}`, auth);
    expect(started.statusCode, started.body).toBe(200);
    const { export_id } = started.json() as exports.TExportStarted;
    await runJobs();
    const status = await inject('GET', `${path}/${export_id}`, auth);
    expect(status.statusCode, status.body).toBe(200);
    return status.json() as exports.TExportStatus;
  }

  async function download(url: string, auth = admin.basic) {
    const res = await inject('GET', `${url}?force_download=true`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return { res, records: parseCsv(res.body) };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-exports-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SMTP_URL', '');
    admin = await makeUser(use(), 'administrator');
    other = await makeUser(use(), 'administrator');
    await seedHistory(use(), { transactions: 700, days: 10, seed: 5, end: END, batchPayments: 200 });
    // Only export jobs run in these tests; the seeded history's own jobs would move it on.
    await use().db.deleteFrom('jobs').execute();
    app = await makeTestApp(use());
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    vi.unstubAllEnvs();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the export id at once, then the job writes the list as CSV', async () => {
    const started = await inject('POST', TXN_EXPORT);
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json() as exports.TExportStarted;
    expect(body.export_id).toMatch(/^exp_[A-Za-z0-9]{24}$/);
    expect(body).toMatchObject({ status: 'pending', user_email: `${admin.login}@example.test` });

    const pending = await inject('GET', `${TXN_EXPORT}/${body.export_id}`);
    expect(pending.json()).toEqual({
      export_id: body.export_id,
      status: 'pending',
      download_url: null,
      row_count: null,
      message: null,
    });
    const early = await inject('GET', `${TXN_EXPORT}/${body.export_id}/file`);
    expect(early.statusCode).toBe(409);

    await runJobs();
    const done = (await inject('GET', `${TXN_EXPORT}/${body.export_id}`)).json() as exports.TExportStatus;
    expect(done.status).toBe('success');
    expect(done.download_url).toBe(`${TXN_EXPORT}/${body.export_id}/file`);

    const listed = await listAll('');
    expect(done.row_count).toBe(listed.length);
    const { res, records } = await download(done.download_url!);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-.+\.csv"$/);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    const [header, ...rows] = records;
    expect(header).toEqual([...TRANSACTION_CSV_HEADERS]);
    const idAt = header!.indexOf('Transaction ID');
    expect(rows.map((row) => row[idAt])).toEqual(listed.map((row) => row.transaction_id));

    // Amounts are in major units, fees as the table shows them (taken away), negatives as numbers.
    const at = (name: string) => header!.indexOf(name);
    for (const [index, row] of rows.entries()) {
      const item = listed[index]!;
      expect(row[at('Amount')]).toBe(toMajorUnits(item.amount, item.currency));
      expect(row[at('Fees')]).toBe(toMajorUnits(item.fees === 0 ? 0 : -item.fees, item.currency));
      expect(row[at('Net')]).toBe(toMajorUnits(item.net, item.currency));
      expect(row[at('Currency')]).toBe(item.currency.toUpperCase());
    }
    expect(rows.some((row) => row[at('Amount')]!.startsWith('-'))).toBe(true);

    // Every cell, the linked ones (order number, card digits) included, is what the list's own
    // row gives; the seed links rows of both kinds, so the comparison covers them.
    const format = csvFormat({});
    expect(rows).toEqual(listed.map((item) => transactionCsvCells(item, format)));
    expect(listed.some((item) => item.order !== null)).toBe(true);
    expect(listed.some((item) => item.source_identifier !== null)).toBe(true);

    const inline = await inject('GET', done.download_url!);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('writes the same rows when the file is read in many small batches, ties in time included', async () => {
    const started = (await inject('POST', TXN_EXPORT)).json() as exports.TExportStarted;
    await use().db.deleteFrom('jobs').execute();
    const account = await use().db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    const format = csvFormat({});
    const written = await writeTransactionsCsv(
      use().db,
      started.export_id,
      account.id,
      transactions.ZTransactionFilters.parse({}),
      format,
      7,
    );
    const chunks = await use()
      .db.selectFrom('export_chunks')
      .select('data')
      .where('export_id', '=', started.export_id)
      .orderBy('seq')
      .execute();
    const [header, ...rows] = parseCsv(chunks.map((chunk) => chunk.data).join(''));
    expect(header).toEqual([...TRANSACTION_CSV_HEADERS]);
    const listed = await listAll('');
    expect(written.row_count).toBe(listed.length);
    expect(rows).toEqual(listed.map((item) => transactionCsvCells(item, format)));
    // Rows of one moment (a charge and the loan repayment withheld from it) exist, so some
    // batch boundary falls between rows that only their sequence orders.
    expect(listed.some((item, index) => index > 0 && item.date === listed[index - 1]!.date)).toBe(true);
  });

  it('writes exactly the rows the list selects for the same filters', async () => {
    const queries = [
      'type_is=refund',
      'match=any&type_is=refund&customer_country_is=DE',
      'date_between[]=2026-06-10&date_between[]=2026-06-12',
      'date_between[0]=2026-06-12&date_between[1]=2026-06-10&type_is_not=charge',
    ];
    for (const query of queries) {
      const listed = await listAll(query);
      expect(listed.length, query).toBeGreaterThan(0);
      const status = await exportAndWait(TXN_EXPORT, query);
      expect(status.row_count, query).toBe(listed.length);
      const [header, ...rows] = (await download(status.download_url!)).records;
      const idAt = header!.indexOf('Transaction ID');
      expect(
        rows.map((row) => row[idAt]),
        query,
      ).toEqual(listed.map((row) => row.transaction_id));
    }
  });

  it('searches as the list does, and exports an empty selection as a header only', async () => {
    const listed = await listAll('');
    const name = listed.find((row) => row.customer_name)!.customer_name!;
    const query = `search[]=${encodeURIComponent(name)}`;
    const matching = await listAll(query);
    const status = await exportAndWait(TXN_EXPORT, query);
    expect(status.row_count).toBe(matching.length);

    const none = await exportAndWait(TXN_EXPORT, 'date_before=2001-01-01');
    expect(none.row_count).toBe(0);
    expect((await download(none.download_url!)).records).toEqual([[...TRANSACTION_CSV_HEADERS]]);
  });

  it('refuses bad filters with 400 and writes nothing', async () => {
    const before = await use()
      .db.selectFrom('exports')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    for (const query of [
      'type_is=banana',
      'date_between[]=2026-02-30&date_between[]=2026-03-01',
      'sort=amount',
      'user_email=nope',
    ]) {
      const res = await inject('POST', `${TXN_EXPORT}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    }
    const blocked = await inject('POST', `${BLOCKED_EXPORT}?status=allowed`);
    expect(blocked.statusCode).toBe(400);
    const after = await use()
      .db.selectFrom('exports')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    const queued = await use().db.selectFrom('jobs').selectAll().where('status', '=', 'queued').execute();
    expect(queued).toEqual([]);
  });

  it('answers 404 for an unknown export and for another user’s export', async () => {
    const unknown = await inject('GET', `${TXN_EXPORT}/exp_${'a'.repeat(24)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'wcpay_export_not_found' });
    expect((await inject('GET', `${TXN_EXPORT}/not-an-id`)).statusCode).toBe(400);

    const mine = await exportAndWait(TXN_EXPORT, 'type_is=refund');
    const id = mine.export_id;
    expect((await inject('GET', `${TXN_EXPORT}/${id}`, other.basic)).statusCode).toBe(404);
    expect((await inject('GET', `${TXN_EXPORT}/${id}/file`, other.basic)).statusCode).toBe(404);
    // A transactions export is not found under the blocked list's path either.
    expect((await inject('GET', `${BLOCKED_EXPORT}/${id}`)).statusCode).toBe(404);
  });

  it('serves the file to a signed-in browser only with the session nonce', async () => {
    const status = await exportAndWait(TXN_EXPORT, 'type_is=refund');
    const { cookie } = await signIn(app, admin);
    const nonce = await sessionNonce(use(), cookie);
    const url = `${status.download_url}?force_download=true`;
    const without = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(without.statusCode).toBe(403);
    const wrong = await app.inject({
      method: 'GET',
      url: `${url}&_wpnonce=${'0'.repeat(32)}`,
      headers: { cookie },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await app.inject({ method: 'GET', url: `${url}&_wpnonce=${nonce}`, headers: { cookie } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-disposition']).toMatch(/^attachment; /);
    const post = await app.inject({ method: 'POST', url: TXN_EXPORT, headers: { cookie } });
    expect(post.statusCode).toBe(403);
  });

  it('neutralises formulas in text cells and keeps negative amounts numbers', async () => {
    const db = use().db;
    const target = await db
      .selectFrom('balance_transactions')
      .select(['id', 'seq'])
      .where('amount', '<', 0)
      .orderBy('seq')
      .limit(2)
      .execute();
    expect(target).toHaveLength(2);
    await db
      .updateTable('balance_transactions')
      .set({ customer_name: '=HYPERLINK("http://evil.test","x")', customer_email: '@SUM(1+1)@example.test' })
      .where('id', '=', target[0]!.id)
      .execute();
    await db
      .updateTable('balance_transactions')
      .set({ customer_name: '-2+3', customer_email: '+1@example.test' })
      .where('id', '=', target[1]!.id)
      .execute();
    const query = target.map((row) => `search[]=${row.id}`).join('&');
    const listed = await listAll(query);
    expect(listed).toHaveLength(2);
    const status = await exportAndWait(TXN_EXPORT, query);
    const { res, records } = await download(status.download_url!);
    const [header, ...rows] = records;
    const byId = new Map(rows.map((row) => [row[header!.indexOf('Transaction ID')], row]));
    const first = byId.get(target[0]!.id)!;
    const second = byId.get(target[1]!.id)!;
    expect(first[header!.indexOf('Customer')]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(first[header!.indexOf('Email')]).toBe("'@SUM(1+1)@example.test");
    expect(second[header!.indexOf('Customer')]).toBe("'-2+3");
    expect(second[header!.indexOf('Email')]).toBe("'+1@example.test");
    for (const row of [first, second]) expect(row[header!.indexOf('Amount')]).toMatch(/^-\d+(\.\d+)?$/);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('writes zero-decimal currencies without decimals', async () => {
    const db = use().db;
    const row = await db
      .selectFrom('balance_transactions')
      .select(['id'])
      .where('type', '=', 'charge')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('balance_transactions')
      .set({
        currency: 'jpy',
        amount: 5000,
        fee: 150,
        net: 4850,
        customer_amount: 5000,
        customer_currency: 'jpy',
      })
      .where('id', '=', row.id)
      .execute();
    const status = await exportAndWait(TXN_EXPORT, `search[]=${row.id}`);
    const [header, cells] = (await download(status.download_url!)).records;
    const at = (name: string) => cells![header!.indexOf(name)];
    expect([at('Amount'), at('Fees'), at('Net'), at('Customer amount'), at('Currency')]).toEqual([
      '5000',
      '-150',
      '4850',
      '5000',
      'JPY',
    ]);
  });

  it('exports the blocked list with its filters', async () => {
    const listRes = await inject('GET', `${BASE}/transactions/fraud-outcomes?status=block&pagesize=100`);
    const listed = (
      listRes.json() as { data: { payment_intent: { id: string }; amount: number; currency: string }[] }
    ).data;
    expect(listed.length).toBeGreaterThan(0);
    const status = await exportAndWait(BLOCKED_EXPORT, 'status=block');
    expect(status.download_url).toBe(`${BLOCKED_EXPORT}/${status.export_id}/file`);
    const [header, ...rows] = (await download(status.download_url!)).records;
    expect(header).toEqual([...FRAUD_OUTCOME_CSV_HEADERS]);
    expect(rows.map((row) => row[header!.indexOf('Payment ID')])).toEqual(
      listed.map((row) => row.payment_intent.id),
    );
    expect(rows.map((row) => row[header!.indexOf('Amount')])).toEqual(
      listed.map((row) => toMajorUnits(row.amount, row.currency)),
    );
    expect(new Set(rows.map((row) => row[header!.indexOf('Status')]))).toEqual(new Set(['Payment blocked']));
  });

  it('e-mails the file to the given address as an attachment in the outbox', async () => {
    const outbox = join(dataDir, 'outbox');
    const before = new Set(safeList(outbox));
    const started = await inject('POST', `${TXN_EXPORT}?type_is=refund`, admin.basic, {
      user_email: 'books@example.test',
      locale: 'en_US',
    });
    expect(started.json()).toMatchObject({ user_email: 'books@example.test' });
    const { export_id } = started.json() as exports.TExportStarted;
    await runJobs();
    const status = (await inject('GET', `${TXN_EXPORT}/${export_id}`)).json() as exports.TExportStatus;
    const file = (await download(status.download_url!)).res.body;
    const written = safeList(outbox).filter((name) => !before.has(name));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(outbox, written[0]!), 'utf8');
    expect(eml).toMatch(/^To: books@example\.test\r$/m);
    expect(eml).toMatch(/^Subject: Your transactions export is ready\r$/m);
    expect(eml).toMatch(/Content-Type: multipart\/mixed;/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=transactions-.+\.csv/);
    const boundary = /boundary="([^"]+)"/.exec(eml)![1]!;
    const attachment = eml
      .split(`--${boundary}`)
      .find((part) => /Content-Disposition: attachment/.test(part))!;
    expect(attachment).toMatch(/Content-Transfer-Encoding: base64/);
    const base64 = attachment.slice(attachment.indexOf('\r\n\r\n') + 4).replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').toString('utf8')).toBe(file);
    const row = await use()
      .db.selectFrom('exports')
      .select(['mailed_at', 'mail_error'])
      .where('id', '=', export_id)
      .executeTakeFirstOrThrow();
    expect(row.mail_error).toBeNull();
    expect(row.mailed_at).toBeInstanceOf(Date);
  });

  // Last: it ages every export of the tests above.
  it('deletes exports past their seven days with their files, whose space the next files take', async () => {
    const { db } = use();
    const chunksSize = async () =>
      Number(
        (
          await sql<{ size: string }>`select pg_total_relation_size('export_chunks')::text as size`.execute(
            db,
          )
        ).rows[0]!.size,
      );
    const files = async () => {
      for (let file = 0; file < 3; file++)
        expect((await exportAndWait(TXN_EXPORT, '')).status).toBe('success');
    };
    const empty = await chunksSize();
    await files();
    const before = await chunksSize();
    const aged = (await db.selectFrom('exports').select('id').execute()).map((row) => row.id);
    await sql`update exports set created_at = now() - make_interval(days => ${EXPORT_RETENTION_DAYS}, mins => 1)`.execute(
      db,
    );
    // The first job after them deletes them, with their chunks.
    await files();
    const left = await db
      .selectFrom('export_chunks')
      .select((eb) => eb.fn.countAll<string>().as('chunks'))
      .where('export_id', 'in', aged)
      .executeTakeFirstOrThrow();
    expect(Number(left.chunks)).toBe(0);
    expect(await db.selectFrom('exports').select('id').where('id', 'in', aged).execute()).toEqual([]);
    // The embedded database has no autovacuum: the deleted files' space is freed at once, so the
    // new files take it instead of growing the table by as much again (PostgreSQL's autovacuum
    // frees it in time). A few pages of the index are freed only by a later vacuum.
    if (use().kind === 'pglite') expect((await chunksSize()) - before).toBeLessThan((before - empty) / 4);
  });
});

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
