import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import {
  relationBytes,
  SHARED_BUFFERS_PATTERN,
  sharedBuffersFor,
  sharedBuffersSetting,
} from './shared-buffers.ts';

const MB = 1024 * 1024;

describe('sharedBuffersFor', () => {
  it('gives an empty or missing store one step of 16 MB', () => {
    expect(sharedBuffersFor(0)).toBe(16 * MB);
    expect(sharedBuffersFor(-1)).toBe(16 * MB);
    // A new store: PostgreSQL's catalogs and the migrated, empty tables.
    expect(sharedBuffersFor(25 * MB)).toBe(16 * MB);
    expect(sharedBuffersFor(32 * MB)).toBe(16 * MB);
  });

  it('gives half the data, rounded up to a step', () => {
    expect(sharedBuffersFor(32 * MB + 1)).toBe(32 * MB);
    expect(sharedBuffersFor(100 * MB)).toBe(64 * MB);
    expect(sharedBuffersFor(224 * MB)).toBe(112 * MB);
  });

  it('gives PostgreSQL’s default of 128 MB from 256 MB of data on', () => {
    expect(sharedBuffersFor(256 * MB)).toBe(128 * MB);
    expect(sharedBuffersFor(5 * 1024 * MB)).toBe(128 * MB);
  });
});

describe('sharedBuffersSetting', () => {
  it('writes whole megabytes that PostgreSQL reads', () => {
    expect(sharedBuffersSetting(16 * MB)).toBe('16MB');
    expect(sharedBuffersSetting(128 * MB)).toBe('128MB');
    expect(SHARED_BUFFERS_PATTERN.test(sharedBuffersSetting(48 * MB))).toBe(true);
  });
});

describe('relationBytes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('sums the files of base/ and global/ only', () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-buffers-'));
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    mkdirSync(join(dir, 'global'));
    mkdirSync(join(dir, 'pg_wal'));
    writeFileSync(join(dir, 'base', '5', '1259'), Buffer.alloc(8192));
    writeFileSync(join(dir, 'base', '5', '2619'), Buffer.alloc(16384));
    writeFileSync(join(dir, 'global', '1262'), Buffer.alloc(8192));
    writeFileSync(join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(65536));
    expect(relationBytes(dir)).toBe(32768);
  });

  it('answers 0 for a folder not created yet', () => {
    expect(relationBytes(join(tmpdir(), 'paydesk-buffers-missing', 'pglite'))).toBe(0);
  });
});

describe('the embedded database', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** `shared_buffers` of an embedded database opened with that setting. */
  async function sharedBuffersOpened(sharedBuffers: string | undefined, dataDir?: string): Promise<string> {
    const handle = await openDatabase(
      { kind: 'pglite', dataDir, ...(sharedBuffers ? { sharedBuffers } : {}) },
      { migrate: false },
    );
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
      return rows[0]?.shared_buffers ?? '';
    } finally {
      await handle.close();
    }
  }

  it('sizes its buffers from the data folder, or as asked, or keeps PGlite’s default', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-buffers-'));
    expect(await sharedBuffersOpened('by-size', dir)).toBe('16MB');
    expect(await sharedBuffersOpened('48MB', dir)).toBe('48MB');
    expect(await sharedBuffersOpened(undefined)).toBe('128MB');
    await expect(sharedBuffersOpened('48', dir)).rejects.toThrow(/shared_buffers must be a size/);
  });

  it('keeps at most 128 MB of write-ahead log, whatever its buffers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-wal-'));
    for (const sharedBuffers of ['by-size', undefined]) {
      const handle = await openDatabase(
        { kind: 'pglite', dataDir: dir, ...(sharedBuffers ? { sharedBuffers } : {}) },
        { migrate: false },
      );
      try {
        const max = await sql<{ max_wal_size: string }>`show max_wal_size`.execute(handle.db);
        const min = await sql<{ min_wal_size: string }>`show min_wal_size`.execute(handle.db);
        expect([max.rows[0]?.max_wal_size, min.rows[0]?.min_wal_size]).toEqual(['128MB', '32MB']);
      } finally {
        await handle.close();
      }
    }
  });
});
