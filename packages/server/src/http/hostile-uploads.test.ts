import { FILE_NAME_MAX_CHARS } from '@paydesk/domain/contracts/disputes';
import {
  UPLOAD_MARKUP_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_NAME_MESSAGE,
  UPLOAD_RULES,
} from '@paydesk/domain/files/upload-purposes';
import { STATEMENT_MAX_BYTES } from '@paydesk/domain/payouts/statement';
import { expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { multipartBody, storedFileCount, TEST_MULTIPART_TYPE, uploadFile } from '../testing/multipart.ts';
import { MULTIPART_OVERHEAD_BYTES } from './multipart.ts';

/**
 * Hostile uploads (docs/reliability.md, "Hostile content"): polyglots, renamed files and files
 * that are no document are refused with 400 naming `file`, and nothing is stored; the multipart
 * body limits and the file name's length hold to the byte. The per-purpose file caps at ±1 byte
 * are in routes/disputes.test.ts, routes/settings-logo.test.ts and
 * routes/payouts-statement.test.ts; the JSON and sign-in form limits in errors.test.ts.
 */

const BASE = '/wp-json/wc/v3/payments';
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const withText = (head: Buffer, text: string) => Buffer.concat([head, Buffer.from(text, 'latin1')]);

/** [what, bytes, file name, purpose, the reason the refusal names on `file`] */
const REFUSED: [string, Buffer, string, 'dispute_evidence' | 'business_logo', string][] = [
  [
    'a PNG holding a page',
    withText(PNG, '<html><script>alert(1)</script></html>'),
    'chart.png',
    'dispute_evidence',
    UPLOAD_MARKUP_MESSAGE,
  ],
  [
    'a PNG holding an SVG',
    withText(PNG, '<svg onload=alert(1)>'),
    'logo.png',
    'business_logo',
    UPLOAD_MARKUP_MESSAGE,
  ],
  [
    'a JPEG holding an image tag (GIFAR style)',
    withText(JPEG, '\u00ff\u00fe<IMG SRC=x OnError=alert(1)>'),
    'photo.jpg',
    'dispute_evidence',
    UPLOAD_MARKUP_MESSAGE,
  ],
  [
    'a PDF holding a page',
    withText(PDF, '<!DOCTYPE html><body onload=alert(1)>'),
    'receipt.pdf',
    'dispute_evidence',
    UPLOAD_MARKUP_MESSAGE,
  ],
  [
    'a PDF with a script action',
    withText(PDF, '2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n'),
    'receipt.pdf',
    'dispute_evidence',
    UPLOAD_MARKUP_MESSAGE,
  ],
  [
    'a PDF with a javascript: link',
    withText(PDF, '3 0 obj << /URI (JavaScript:alert(1)) >> endobj\n'),
    'receipt.pdf',
    'dispute_evidence',
    UPLOAD_MARKUP_MESSAGE,
  ],
  ['a JPEG renamed .pdf', JPEG, 'receipt.pdf', 'dispute_evidence', UPLOAD_NAME_MESSAGE],
  ['a PDF renamed .png', PDF, 'scan.png', 'dispute_evidence', UPLOAD_NAME_MESSAGE],
  ['a PNG named .html', PNG, 'page.html', 'dispute_evidence', UPLOAD_NAME_MESSAGE],
  ['a PNG named .svg', PNG, 'logo.svg', 'business_logo', UPLOAD_NAME_MESSAGE],
  ['a PNG named .exe', PNG, 'setup.exe', 'dispute_evidence', UPLOAD_NAME_MESSAGE],
  ['a PNG named .html with a trailing dot', PNG, 'page.html.', 'dispute_evidence', UPLOAD_NAME_MESSAGE],
  [
    'a program renamed .png',
    withText(Buffer.from('MZ\u0090\u0000', 'latin1'), 'This program cannot be run in DOS mode.'),
    'photo.png',
    'dispute_evidence',
    UPLOAD_RULES.dispute_evidence.type_message,
  ],
  [
    'an SVG with a script',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'logo.png',
    'business_logo',
    UPLOAD_RULES.business_logo.type_message,
  ],
  [
    'a page renamed .pdf',
    Buffer.from('<html><script>alert(1)</script></html>'),
    'receipt.pdf',
    'dispute_evidence',
    UPLOAD_RULES.dispute_evidence.type_message,
  ],
  ['a PDF as a logo', PDF, 'logo.pdf', 'business_logo', UPLOAD_RULES.business_logo.type_message],
];

describeEachDatabase('hostile uploads', (use) => {
  const api = testApi(use, { account: true });
  const upload = (file: Buffer, filename: string, purpose: string) =>
    uploadFile(api.app, api.admin.basic, { purpose, file, filename, type: 'application/octet-stream' });
  /** A multipart body of exactly `bytes` bytes, the file filling what the parts leave. */
  const sizedBody = (bytes: number, head: Buffer, fields: { name: string; value: string }[]) => {
    const frame = (size: number) =>
      multipartBody([
        ...fields,
        {
          name: 'file',
          value: Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]),
          filename: 'a.pdf',
        },
      ]);
    const body = frame(bytes - frame(head.length).length + head.length);
    expect(body.length).toBe(bytes);
    return body;
  };
  const post = (url: string, payload: Buffer) =>
    api.app.inject({
      method: 'POST',
      url,
      headers: { authorization: api.admin.basic, 'content-type': TEST_MULTIPART_TYPE },
      payload,
    });

  it('refuses polyglots, renamed files and what is no document with 400 naming file, storing nothing', async () => {
    const before = await storedFileCount(use().db);
    const wrong: string[] = [];
    for (const [what, bytes, filename, purpose, reason] of REFUSED) {
      const res = await upload(bytes, filename, purpose);
      const body = res.json() as { code?: string; data?: { params?: Record<string, string> } };
      if (res.statusCode !== 400 || body.code !== 'rest_invalid_param' || body.data?.params?.file !== reason)
        wrong.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect(await storedFileCount(use().db)).toBe(before);
  });

  it('refuses an empty file, naming it, and stores nothing', async () => {
    const before = await storedFileCount(use().db);
    for (const purpose of ['dispute_evidence', 'business_logo']) {
      const res = await upload(Buffer.alloc(0), 'empty.pdf', purpose);
      expect(res.statusCode, purpose).toBe(400);
      expect(Object.keys(res.json().data.params).join(), purpose).toMatch(/^file/);
    }
    expect(await storedFileCount(use().db)).toBe(before);
  });

  it('still takes clean files under their own names, in any letter case, or a name of no type', async () => {
    for (const [bytes, filename, purpose, type] of [
      [PNG, 'Chart.PNG', 'dispute_evidence', 'image/png'],
      [JPEG, 'photo.jpeg', 'business_logo', 'image/jpeg'],
      [PDF, 'receipt.Pdf', 'dispute_evidence', 'application/pdf'],
      [PDF, 'receipt', 'dispute_evidence', 'application/pdf'],
      [JPEG, 'scan.bin', 'dispute_evidence', 'image/jpeg'],
    ] as const) {
      const res = await upload(bytes, filename, purpose);
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ filename, type, size: bytes.length });
    }
  });

  it(`takes a file name of ${FILE_NAME_MAX_CHARS} characters and refuses one more`, async () => {
    const name = (chars: number) => `${'n'.repeat(chars - 4)}.pdf`;
    const atCap = await upload(PDF, name(FILE_NAME_MAX_CHARS), 'dispute_evidence');
    expect(atCap.statusCode, atCap.body).toBe(200);
    const before = await storedFileCount(use().db);
    const over = await upload(PDF, name(FILE_NAME_MAX_CHARS + 1), 'dispute_evidence');
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().data.params)).toEqual(['file.filename']);
    expect(await storedFileCount(use().db)).toBe(before);
  });

  it('reads a multipart body at its route limit and answers 413 to one byte more', async () => {
    for (const [url, limit, fields, tooBig] of [
      [
        `${BASE}/file`,
        UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        [{ name: 'purpose', value: 'dispute_evidence' }],
        { file: UPLOAD_RULES.dispute_evidence.size_message },
      ],
      [
        `${BASE}/deposits/reconcile`,
        STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        [],
        { 'file.size': 'A bank statement can be at most 5 MB.' },
      ],
    ] as const) {
      const before = await storedFileCount(use().db);
      // At the limit the body is read, and its file is judged by its own cap.
      const atLimit = await post(url, sizedBody(limit, PDF, [...fields]));
      expect(atLimit.statusCode, `${url} ${atLimit.body.slice(0, 200)}`).toBe(400);
      expect(atLimit.json().data.params).toEqual(tooBig);
      const over = await post(url, sizedBody(limit + 1, PDF, [...fields]));
      expect(over.statusCode, url).toBe(413);
      expect(over.json()).toMatchObject({ code: 'rest_payload_too_large', data: { status: 413 } });
      expect(await storedFileCount(use().db)).toBe(before);
    }
  });
});
