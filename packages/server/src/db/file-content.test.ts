import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/db.ts';
import { embeddedDatabaseOf } from './database.ts';
import { FILE_CHUNK_BYTES, fileBytes, insertFile } from './file-content.ts';

describeEachDatabase('stored file bytes', (use) => {
  const store = async (id: string, content: Uint8Array) => {
    await insertFile(
      use().db,
      {
        id,
        account_id: null,
        purpose: 'dispute_evidence',
        filename: `${id}.pdf`,
        title: null,
        mime_type: 'application/pdf',
        created_at: new Date(),
      },
      content,
    );
    return use()
      .db.selectFrom('file_chunks')
      .select(['seq', (eb) => eb.fn('length', ['data']).as('bytes')])
      .where('file_id', '=', id)
      .orderBy('seq')
      .execute();
  };

  it('are written in pieces of at most FILE_CHUNK_BYTES and read back exactly', async () => {
    for (const [id, size, pieces] of [
      ['file_empty', 0, []],
      ['file_one', 1, [1]],
      ['file_full', FILE_CHUNK_BYTES, [FILE_CHUNK_BYTES]],
      ['file_over', FILE_CHUNK_BYTES + 1, [FILE_CHUNK_BYTES, 1]],
      ['file_big', 3 * FILE_CHUNK_BYTES + 7, [FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 7]],
    ] as const) {
      const content = randomBytes(size);
      const rows = await store(id, content);
      expect(rows.map((row) => Number(row.bytes))).toEqual(pieces);
      expect(rows.map((row) => row.seq)).toEqual(pieces.map((_, index) => index));
      expect((await fileBytes(use().db, id)).equals(content)).toBe(true);
      const file = await use()
        .db.selectFrom('files')
        .select('size')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(file.size).toBe(size);
    }
  });

  it('go with their file when it is deleted', async () => {
    await store('file_gone', randomBytes(FILE_CHUNK_BYTES * 2));
    await use().db.deleteFrom('files').where('id', '=', 'file_gone').execute();
    expect(await fileBytes(use().db, 'file_gone')).toHaveLength(0);
  });

  it('are read back exactly from a view into a larger buffer', async () => {
    const whole = randomBytes(FILE_CHUNK_BYTES + 100);
    const content = whole.subarray(50, FILE_CHUNK_BYTES + 60);
    await store('file_view', content);
    expect((await fileBytes(use().db, 'file_view')).equals(content)).toBe(true);
  });

  it('are not stored when the transaction that wrote them rolls back, and leave nothing behind', async () => {
    const embeddedFiles = () => {
      const pglite = embeddedDatabaseOf(use().db);
      return pglite
        ? pglite.Module.FS.readdir('/tmp').filter((name: string) => name.startsWith('upload-'))
        : [];
    };
    const before = embeddedFiles();
    await expect(
      use()
        .db.transaction()
        .execute(async (trx) => {
          await insertFile(
            trx,
            {
              id: 'file_rolled_back',
              account_id: null,
              purpose: 'dispute_evidence',
              filename: 'rolled-back.pdf',
              title: null,
              mime_type: 'application/pdf',
              created_at: new Date(),
            },
            randomBytes(FILE_CHUNK_BYTES * 2 + 1),
          );
          throw new Error('abandoned');
        }),
    ).rejects.toThrow('abandoned');
    expect(await fileBytes(use().db, 'file_rolled_back')).toHaveLength(0);
    expect(embeddedFiles()).toEqual(before);
  });
});
