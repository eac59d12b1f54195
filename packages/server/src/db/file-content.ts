import { randomUUID } from 'node:crypto';
import { type Insertable, sql, type Transaction } from 'kysely';
import { bytea } from './bytea.ts';
import { type Db, embeddedDatabaseOf } from './database.ts';
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
  if (embeddedDatabaseOf(db) && content.length > 0) {
    await insertPiecesFromFile(db, file.id, content);
    return;
  }
  for (let seq = 0; seq * FILE_CHUNK_BYTES < content.length; seq++) {
    const piece = content.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
    await db
      .insertInto('file_chunks')
      .values({ file_id: file.id, seq, data: bytea(piece) })
      .execute();
  }
}

/**
 * The embedded database's way in: its wire protocol copies each message several times in
 * JavaScript on the way into its WebAssembly memory (a 4 MB upload cost about 7.6 times its size
 * in memory that way). Instead the bytes become a file of the database's own in-memory file
 * system, without a copy (the buffer is handed over), and one statement cuts it into pieces
 * with `pg_read_binary_file`, inside the caller's transaction. The file is removed afterwards
 * whatever happens (docs/performance.md, "Disputes").
 */
async function insertPiecesFromFile(db: Executor, fileId: string, content: Uint8Array): Promise<void> {
  // The upload's buffer is not used again: the file system may keep it.
  await withEmbeddedFile(db, content, { handOver: true }, async (path) => {
    const pieces = Math.ceil(content.length / FILE_CHUNK_BYTES);
    await sql`
      insert into file_chunks (file_id, seq, data)
      select ${fileId}, seq, pg_read_binary_file(${path}, seq::bigint * ${FILE_CHUNK_BYTES}, ${FILE_CHUNK_BYTES}, false)
      from generate_series(0, ${pieces - 1}::int) as seq
    `.execute(db);
  });
}

/**
 * Runs `use` with `content` as a file of the embedded database's in-memory file system, which its
 * statements read with `pg_read_binary_file`, and removes the file afterwards whatever happens.
 * `handOver` gives the buffer to the file system without a copy: only for a buffer the caller
 * does not use again.
 */
export async function withEmbeddedFile<T>(
  db: Executor,
  content: Uint8Array,
  options: { handOver: boolean },
  use: (path: string) => Promise<T>,
): Promise<T> {
  const pglite = embeddedDatabaseOf(db);
  if (!pglite) throw new Error('withEmbeddedFile: not the embedded database');
  const fs = pglite.Module.FS as EmbeddedFs;
  const path = `/tmp/paydesk-${randomUUID()}`;
  fs.writeFile(path, content, { canOwn: options.handOver });
  try {
    return await use(path);
  } finally {
    fs.unlink(path);
  }
}

type EmbeddedFs = {
  writeFile(path: string, data: Uint8Array, options: { canOwn: boolean }): void;
  unlink(path: string): void;
};

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
