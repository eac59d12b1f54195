import { expect, it } from 'vitest';
import { insertFile } from '../../db/file-content.ts';
import { testApi } from '../../testing/api.ts';
import { makeUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';
import type { Account } from '../accounts.ts';

const BASE = '/wp-json/wc/v3/payments';

/** A few bytes no text encoding round-trips: every byte value once. */
const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describeEachDatabase('files API', (use) => {
  const api = testApi(use);
  let account: Account;

  const get = (path: string, auth = api.admin.basic) =>
    api.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: { authorization: auth } });

  async function storeFile(id: string, accountId: string | null, content: Buffer, mime = 'application/pdf') {
    await insertFile(
      use().db,
      {
        id,
        account_id: accountId,
        purpose: 'dispute_evidence',
        filename: `${id}.pdf`,
        title: 'Receipt',
        mime_type: mime,
        created_at: new Date('2026-03-04T05:06:07Z'),
      },
      content,
    );
  }

  it('answers 409 before the store has an account', async () => {
    const res = await get('/file/file_abc/details');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wcpay_account_not_found');
    account = await connectSandboxAccount(use());
  });

  it("answers a file's details without its content", async () => {
    await storeFile('file_details1', account.id, BINARY);
    const res = await get('/file/file_details1/details');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: 'file_details1',
      filename: 'file_details1.pdf',
      title: 'Receipt',
      purpose: 'dispute_evidence',
      type: 'application/pdf',
      size: 256,
      created: Date.UTC(2026, 2, 4, 5, 6, 7) / 1000,
    });
  });

  it("answers a file's bytes as base64 with its name and MIME type", async () => {
    await storeFile('file_content1', account.id, BINARY, 'image/png');
    const res = await get('/file/file_content1/content');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: 'file_content1',
      filename: 'file_content1.pdf',
      title: 'Receipt',
      type: 'image/png',
      size: 256,
    });
    expect(Buffer.from(body.file_content, 'base64').equals(BINARY)).toBe(true);
  });

  it('answers an empty file and a file stored before the account existed', async () => {
    await storeFile('file_empty1', null, Buffer.alloc(0));
    const res = await get('/file/file_empty1/content');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ file_content: '', size: 0 });
  });

  it("answers another account's file as missing (a store's earlier account)", async () => {
    await use()
      .db.insertInto('accounts')
      .values({
        id: 'acct_other1',
        mode: 'test',
        status: 'complete',
        country: 'US',
        default_currency: 'usd',
        // Older than the store's account, which stays the current one (the newest).
        created_at: new Date('2020-01-01T00:00:00Z'),
      } as never)
      .execute();
    await storeFile('file_other1', 'acct_other1', BINARY);
    for (const part of ['details', 'content']) {
      const res = await get(`/file/file_other1/${part}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'wcpay_file_not_found', data: { status: 404 } });
    }
  });

  it('answers 404 for a missing file and 400 for a malformed id', async () => {
    for (const part of ['details', 'content']) {
      const missing = await get(`/file/file_missing/${part}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'wcpay_file_not_found',
        message: 'The file could not be found.',
      });
      for (const id of ['ch_123', 'file_', 'file_a.b', '123']) {
        const bad = await get(`/file/${id}/${part}`);
        expect(bad.statusCode, id).toBe(400);
        expect(bad.json()).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { id: expect.any(String) } },
        });
      }
    }
  });

  it('refuses a customer', async () => {
    const customer = await makeUser(use(), 'customer');
    expect((await get('/file/file_details1/details', customer.basic)).statusCode).toBe(403);
    expect((await get('/file/file_details1/content', customer.basic)).statusCode).toBe(403);
  });
});
