import { PAYMENTS_BASE } from '@paydesk/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The boundary of the multipart bodies tests send. */
export const TEST_BOUNDARY = 'paydeskTestBoundary7';
export const TEST_MULTIPART_TYPE = `multipart/form-data; boundary=${TEST_BOUNDARY}`;

/** A `multipart/form-data` body of these parts (a part with a filename is a file). */
export function multipartBody(
  parts: { name: string; value: Buffer | string; filename?: string; type?: string }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(
        `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${TEST_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * `POST {base}/file` as a user: the `purpose` part, then the file part (left out when there is
 * no file), as the pages send an upload.
 */
export function uploadFile(
  app: FastifyInstance,
  authorization: string,
  upload: { purpose: string; file?: Buffer | undefined; filename?: string; type?: string },
) {
  return app.inject({
    method: 'POST',
    url: `${PAYMENTS_BASE}/file`,
    headers: { authorization, 'content-type': TEST_MULTIPART_TYPE },
    payload: multipartBody([
      { name: 'purpose', value: upload.purpose },
      ...(upload.file
        ? [{ name: 'file', value: upload.file, filename: upload.filename ?? 'upload.bin', type: upload.type }]
        : []),
    ]),
  });
}

/** How many files the database holds: a refused upload leaves it as it was. */
export async function storedFileCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
