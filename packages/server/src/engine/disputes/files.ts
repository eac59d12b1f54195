import { invalidParams } from '@paydesk/domain';
import { disputes as contracts } from '@paydesk/domain/contracts';
import { insertFile } from '../../db/file-content.ts';
import type { IdSource } from '../ids.ts';
import type { Executor } from '../ledger.ts';

type EvidenceMime = (typeof contracts.EVIDENCE_FILE_MIME_TYPES)[number];

const SIGNATURES: [EvidenceMime, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** The evidence type the bytes show, whatever the file's name or declared type; null for others. */
export function evidenceFileType(bytes: Uint8Array): EvidenceMime | null {
  for (const [mime, signature] of SIGNATURES) {
    if (signature.every((byte, index) => bytes[index] === byte)) return mime;
  }
  return null;
}

/**
 * `POST {base}/file`: stores one evidence file for the account, refused (400 naming `file`)
 * unless its bytes are a PDF, PNG or JPEG. The size cap is the contract's.
 */
export async function storeEvidenceFile(
  db: Executor,
  ids: IdSource,
  owner: { accountId: string; userId: number | null },
  input: { purpose: string; file: { filename: string; content: Uint8Array } },
  now: Date,
) {
  const type = evidenceFileType(input.file.content);
  if (!type) throw invalidParams({ file: contracts.EVIDENCE_FILE_TYPE_MESSAGE });
  const id = ids.next('file');
  const content = input.file.content;
  await insertFile(
    db,
    {
      id,
      account_id: owner.accountId,
      purpose: input.purpose,
      filename: input.file.filename,
      title: null,
      mime_type: type,
      user_id: owner.userId,
      created_at: now,
    },
    content,
  );
  return { id, filename: input.file.filename, size: content.length, type };
}
