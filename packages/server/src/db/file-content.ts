import type { Insertable, Transaction } from 'kysely';
import { bytea } from './bytea.ts';
import type { Db } from './database.ts';
import type { Database, FilesTable } from './schema.ts';

/** The database, or a transaction on it. */
type Executor = Db | Transaction<Database>;

/**
 * The largest piece of a file written in one statement, so no statement carries a whole upload
 * (docs/performance.md, "Disputes", for what it does to time and memory).
 */
export const FILE_CHUNK_BYTES = 256 * 1024;

/**
 * Stores a file: its row, then its bytes in order, in pieces of FILE_CHUNK_BYTES, all in one
 * transaction (the caller's, else its own), so a file is never left in part.
 */
export async function insertFile(
  db: Executor,
  file: Omit<Insertable<FilesTable>, 'size'>,
  content: Uint8Array,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => insertFile(trx, file, content));
    return;
  }
  await db
    .insertInto('files')
    .values({ ...file, size: content.length })
    .execute();
  for (let seq = 0; seq * FILE_CHUNK_BYTES < content.length; seq++) {
    const piece = content.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
    await db
      .insertInto('file_chunks')
      .values({ file_id: file.id, seq, data: bytea(piece) })
      .execute();
  }
}

/** A stored file's bytes, its pieces joined in order; empty for an empty file. */
export async function fileBytes(db: Executor, fileId: string): Promise<Buffer> {
  const rows = await db
    .selectFrom('file_chunks')
    .select('data')
    .where('file_id', '=', fileId)
    .orderBy('seq')
    .execute();
  // PostgreSQL's driver answers Buffers, PGlite Uint8Arrays.
  return Buffer.concat(rows.map((row) => row.data as Uint8Array));
}
