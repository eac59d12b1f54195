import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * Stored files: evidence, documents and exports read back
 * by id. Times are epoch seconds. Evidence uploads are in disputes.ts.
 */

export const FILE_ID_PATTERN = /^file_[A-Za-z0-9]{1,64}$/;
const zFileId = z.string().regex(FILE_ID_PATTERN, 'A file id (file_…)');

export const ZFileDetails = z.object({
  id: z.string(),
  filename: z.string(),
  title: z.string().nullable(),
  /** Paydesk's own: what the file is for, its MIME type, size in bytes and when it was stored. */
  purpose: z.string(),
  type: z.string(),
  size: z.number().int(),
  created: z.number().int(),
});

export const getFileDetails = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/file/:id/details`,
  summary: "A stored file's details (no content). 404 wcpay_file_not_found.",
  tags: ['files'],
  params: z.object({ id: zFileId }),
  response: ZFileDetails,
  errors: ['wcpay_account_not_found', 'wcpay_file_not_found'],
});

export const getFile = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/file/:id`,
  summary:
    "A stored file's bytes with its own MIME type, shown inline (an evidence image's preview is an <img> of this address). Links carry _wpnonce. 404 wcpay_file_not_found.",
  tags: ['files'],
  params: z.object({ id: zFileId }).strict(),
  response: z.string().describe("The file's bytes."),
  errors: ['wcpay_account_not_found', 'wcpay_file_not_found'],
});

export const getFileContent = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/file/:id/content`,
  summary:
    "A stored file's content as base64 in `file_content`, with the name to download it under and its MIME type. 404 wcpay_file_not_found.",
  tags: ['files'],
  params: z.object({ id: zFileId }),
  response: ZFileDetails.pick({ id: true, filename: true, title: true, type: true, size: true }).extend({
    file_content: z.string(),
  }),
  errors: ['wcpay_account_not_found', 'wcpay_file_not_found'],
});
