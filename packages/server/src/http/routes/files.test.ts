import { beforeAll, expect, it } from 'vitest';
import { insertFile } from '../../db/file-content.ts';
import { createAccount } from '../../engine/accounts.ts';
import { randomIds } from '../../engine/ids.ts';
import { testApi } from '../../testing/api.ts';
import { makeUser, sessionNonce, signIn } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { connectSandboxAccount } from '../../testing/engine.ts';
import { uploadFile } from '../../testing/multipart.ts';

const BASE = '/wp-json/wc/v3/payments';

/** `GET {base}/file/{id}`: a stored file's bytes, shown inline, to its own account only. */
describeEachDatabase('file bytes API', (use) => {
  const api = testApi(use);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
  const pdf = Buffer.from('%PDF-1.4\n%paydesk test\n');
  const stored: Record<'png' | 'pdf' | 'quoted' | 'other', string> = {
    png: '',
    pdf: '',
    quoted: 'file_QuotedName1',
    other: 'file_OtherAccount1',
  };

  const get = (url: string, headers: Record<string, string> = { authorization: api.admin.basic }) =>
    api.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  const upload = async (content: Buffer, filename: string, type: string) => {
    const res = await uploadFile(api.app, api.admin.basic, {
      purpose: 'dispute_evidence',
      file: content,
      filename,
      type,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };

  beforeAll(async () => {
    const account = await connectSandboxAccount(use());
    stored.png = await upload(png, 'photo.png', 'image/png');
    stored.pdf = await upload(pdf, 'receipt.pdf', 'application/pdf');
    // An account made before the store's current one: its files are not the store's.
    const earlier = await createAccount(use().db, randomIds, {
      mode: 'test',
      status: 'complete',
      country: 'US',
      currency: 'usd',
      businessName: 'Earlier Store',
      createdAt: new Date(account.created_at.getTime() - 60_000),
    });
    const row = { purpose: 'dispute_evidence', mime_type: 'image/png', created_at: new Date() };
    await insertFile(
      use().db,
      { ...row, id: stored.quoted, account_id: account.id, filename: 'a "b"\r\n.png' },
      png,
    );
    await insertFile(
      use().db,
      { ...row, id: stored.other, account_id: earlier.id, filename: 'theirs.png' },
      png,
    );
  });

  it('answers a PNG and a PDF as they were stored, inline, with their type and length', async () => {
    for (const [id, bytes, type, name] of [
      [stored.png, png, 'image/png', 'photo.png'],
      [stored.pdf, pdf, 'application/pdf', 'receipt.pdf'],
    ] as const) {
      const res = await get(`/file/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${name}"`);
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  it('keeps a name with quotes and line breaks one quoted parameter', async () => {
    const res = await get(`/file/${stored.quoted}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="a _b___.png"');
  });

  it('still answers the details and the base64 content beside it', async () => {
    const details = await get(`/file/${stored.png}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: stored.png, type: 'image/png', size: png.length });
    const content = await get(`/file/${stored.png}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.json().file_content).toBe(png.toString('base64'));
  });

  it("answers 404 for another account's file and an unknown one", async () => {
    for (const id of [stored.other, 'file_NoSuchFile1']) {
      const res = await get(`/file/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('wcpay_file_not_found');
    }
  });

  it('answers 400 for a malformed id, never 404 or 500', async () => {
    for (const id of ['file_x.y', '..%2F..%2Fetc', 'file_%2E%2E', 'ch_123', `file_${'a'.repeat(65)}`]) {
      const res = await get(`/file/${id}`);
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('needs a session with its nonce: 401 without one, 403 with a cookie but no nonce', async () => {
    const anonymous = await get(`/file/${stored.png}`, {});
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signIn(api.app, api.admin);
    const bare = await get(`/file/${stored.png}`, { cookie });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('rest_cookie_invalid_nonce');
    const wrong = await get(`/file/${stored.png}?_wpnonce=nope`, { cookie });
    expect(wrong.statusCode).toBe(403);
    const nonce = await sessionNonce(use(), cookie);
    const withNonce = await get(`/file/${stored.png}?_wpnonce=${nonce}`, { cookie });
    expect(withNonce.statusCode).toBe(200);
    expect(withNonce.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a customer', async () => {
    const customer = await makeUser(use(), 'customer');
    const res = await get(`/file/${stored.png}`, { authorization: customer.basic });
    expect(res.statusCode).toBe(403);
  });
});
