import { SETTINGS_FIELD_ERRORS } from '@paydesk/domain';
import { BRANDING_LOGO_MAX_BYTES, UPLOAD_RULES } from '@paydesk/domain/files/upload-purposes';
import { expect, it } from 'vitest';
import { insertFile } from '../../db/file-content.ts';
import { createAccount } from '../../engine/accounts.ts';
import { clockNow, DAY_MS } from '../../engine/clock.ts';
import { randomIds } from '../../engine/ids.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { storedFileCount, uploadFile } from '../../testing/multipart.ts';
import { settingsApi } from '../../testing/settings.ts';

const BASE = '/wp-json/wc/v3/payments';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that start as a PNG (the type is decided by them), padded to the size. */
const png = (size: number) => Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.alloc(size - 8, 0)]);
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 0)]);
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

/** The branding logo: its upload purpose's own limits, and the settings field that names it. */
describeEachDatabase('branding logo uploads and account_branding_logo', (use) => {
  const api = testApi(use, { account: { enabledMethods: ['card'] } });

  const { read, save } = settingsApi(
    () => api.app,
    () => api.admin.basic,
  );
  const upload = (file: Buffer, filename = 'logo.png', purpose = 'business_logo', type = 'image/png') =>
    uploadFile(api.app, api.admin.basic, { purpose, file, filename, type });
  const fileCount = () => storedFileCount(use().db);

  it('takes a PNG of exactly 1,048,576 bytes and refuses one byte more, naming file', async () => {
    expect(BRANDING_LOGO_MAX_BYTES).toBe(1_048_576);
    const atCap = await upload(png(BRANDING_LOGO_MAX_BYTES));
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect(atCap.json()).toMatchObject({ size: 1_048_576, type: 'image/png', filename: 'logo.png' });
    const row = await use()
      .db.selectFrom('files')
      .select(['purpose', 'account_id'])
      .where('id', '=', atCap.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ purpose: 'business_logo', account_id: api.account.id });

    const before = await fileCount();
    const over = await upload(png(BRANDING_LOGO_MAX_BYTES + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().data.params).toEqual({ file: UPLOAD_RULES.business_logo.size_message });
    expect(await fileCount()).toBe(before);
  });

  it('decides PNG and JPEG by the bytes: a PDF or a text file named .png is refused', async () => {
    const photo = await upload(jpeg(2048), 'logo.bin', 'business_logo', 'application/octet-stream');
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().type).toBe('image/jpeg');

    const before = await fileCount();
    for (const [bytes, name, type] of [
      [pdf(1000), 'logo.pdf', 'application/pdf'],
      [Buffer.from('hello, not an image'), 'logo.png', 'image/png'],
    ] as const) {
      const res = await upload(bytes, name, 'business_logo', type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().data.params).toEqual({ file: UPLOAD_RULES.business_logo.type_message });
    }
    expect(await fileCount()).toBe(before);
  });

  it('keeps the evidence limits: a PDF and more than a logo may weigh', async () => {
    const evidence = await upload(pdf(BRANDING_LOGO_MAX_BYTES + 1), 'evidence.pdf', 'dispute_evidence');
    expect(evidence.statusCode, evidence.body).toBe(200);
    expect(evidence.json().type).toBe('application/pdf');
    expect((await upload(png(100), 'logo.png', 'branding')).statusCode).toBe(400);
  });

  it('saves its own logo, serves it inline, and removes it with an empty id', async () => {
    const logo = (await upload(png(4096))).json().id as string;
    const res = await save({ account_branding_logo: logo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account_branding_logo).toBe(logo);
    expect((await read()).json().account_branding_logo).toBe(logo);

    const image = await api.get(`${BASE}/file/${logo}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    expect(image.rawPayload.length).toBe(4096);

    const removed = await save({ account_branding_logo: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().account_branding_logo).toBe('');
  });

  it("refuses another purpose's file, another account's logo and an unknown id, saving nothing", async () => {
    const logo = (await upload(png(512))).json().id as string;
    expect((await save({ account_branding_logo: logo })).statusCode).toBe(200);

    const evidence = (await upload(png(512), 'photo.png', 'dispute_evidence')).json().id as string;
    // An older account: the store's current account stays the one above.
    const other = await createAccount(use().db, randomIds, {
      mode: 'test',
      status: 'complete',
      country: 'US',
      currency: 'usd',
      businessName: 'Other Store',
      createdAt: new Date((await clockNow(use().db)).getTime() - 30 * DAY_MS),
    });
    const foreign = 'file_OtherAccountLogo1';
    await insertFile(
      use().db,
      {
        id: foreign,
        account_id: other.id,
        purpose: 'business_logo',
        filename: 'theirs.png',
        mime_type: 'image/png',
        created_at: new Date(),
      },
      png(64),
    );

    for (const id of [evidence, foreign, 'file_NoSuchFile']) {
      const res = await save({ account_branding_logo: id, account_business_name: 'Changed Name' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().data.params).toEqual({ account_branding_logo: SETTINGS_FIELD_ERRORS.brandingLogo });
    }
    const after = (await read()).json();
    expect(after.account_branding_logo).toBe(logo);
    expect(after.account_business_name).not.toBe('Changed Name');
  });
});
