import { appError } from '@paydesk/domain';
import type { files } from '@paydesk/domain/contracts';
import { epochSeconds } from '@paydesk/domain/time';
import type { z } from 'zod';
import { fileBytes } from '../../db/file-content.ts';
import { ownedBy } from '../../db/scope.ts';
import type { Executor } from '../ledger.ts';

type FileDetails = z.infer<typeof files.ZFileDetails>;
type FileContent = z.infer<typeof files.getFileContent.response>;

export const fileNotFound = () => appError('wcpay_file_not_found');

/**
 * The store's files: those of its account, and files stored before it had one (account_id is
 * null). Another account's file is answered as missing, never as forbidden, so ids do not leak.
 */
function fileQuery(db: Executor, accountId: string, id: string) {
  return db
    .selectFrom('files')
    .where('id', '=', id)
    .where((eb) => eb.or([ownedBy(accountId), eb('account_id', 'is', null)]));
}

/** `GET {base}/file/{id}/details`. */
export async function readFileDetails(db: Executor, accountId: string, id: string): Promise<FileDetails> {
  const row = await fileQuery(db, accountId, id)
    .select(['id', 'filename', 'title', 'purpose', 'mime_type', 'size', 'created_at'])
    .executeTakeFirst();
  if (!row) throw fileNotFound();
  return {
    id: row.id,
    filename: row.filename,
    title: row.title,
    purpose: row.purpose,
    type: row.mime_type,
    size: row.size,
    created: epochSeconds(row.created_at),
  };
}

/** A stored file with its bytes as a Buffer; another account's file is not found. */
async function readStoredFile(db: Executor, accountId: string, id: string) {
  const row = await fileQuery(db, accountId, id)
    .select(['id', 'filename', 'title', 'mime_type', 'size'])
    .executeTakeFirst();
  if (!row) throw fileNotFound();
  return { ...row, content: await fileBytes(db, row.id) };
}

/** `GET {base}/file/{id}/content`: the bytes as base64, to be downloaded under the file's name. */
export async function readFileContent(db: Executor, accountId: string, id: string): Promise<FileContent> {
  const row = await readStoredFile(db, accountId, id);
  return {
    id: row.id,
    filename: row.filename,
    title: row.title,
    type: row.mime_type,
    size: row.size,
    file_content: row.content.toString('base64'),
  };
}

/** `GET {base}/file/{id}`: the bytes as they are, with the name and type to serve them under. */
export async function readFileBytes(
  db: Executor,
  accountId: string,
  id: string,
): Promise<{ filename: string; mimeType: string; content: Buffer }> {
  const row = await readStoredFile(db, accountId, id);
  return { filename: row.filename, mimeType: row.mime_type, content: row.content };
}
