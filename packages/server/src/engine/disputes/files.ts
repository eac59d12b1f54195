import { invalidParams } from '@paydesk/domain';
import { checkUploadBytes, type FilePurpose } from '@paydesk/domain/files/upload-purposes';
import { insertFile } from '../../db/file-content.ts';
import type { IdSource } from '../ids.ts';
import type { Executor } from '../ledger.ts';

/**
 * `POST {base}/file`: stores one file for the account under its purpose, refused (400 naming
 * `file`) unless its bytes are a type the purpose takes and it fits the purpose's size cap
 * (`UPLOAD_RULES` in domain/files/upload-purposes.ts), its name agrees with them and it holds no
 * markup or script: evidence, and receipts and cover letters written for it, or a branding logo.
 */
export async function storeUploadedFile(
  db: Executor,
  ids: IdSource,
  owner: { accountId: string; userId: number | null },
  input: { purpose: FilePurpose; file: { filename: string; content: Uint8Array } },
  now: Date,
) {
  const content = input.file.content;
  const checked = checkUploadBytes(input.purpose, content, input.file.filename);
  if (checked.error !== null) throw invalidParams({ file: checked.error });
  const id = ids.next('file');
  await insertFile(
    db,
    {
      id,
      account_id: owner.accountId,
      purpose: input.purpose,
      filename: input.file.filename,
      title: null,
      mime_type: checked.type,
      user_id: owner.userId,
      created_at: now,
    },
    content,
  );
  return { id, filename: input.file.filename, size: content.length, type: checked.type };
}
