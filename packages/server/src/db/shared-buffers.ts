import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MB = 1024 * 1024;

/** Buffers are given in steps of 16 MB, the least of them to a new, empty store. */
export const SHARED_BUFFERS_STEP = 16 * MB;

/** PostgreSQL's default, which the embedded database had before it was sized by its data. */
export const MAX_SHARED_BUFFERS = 128 * MB;

/**
 * The embedded database's `shared_buffers` for a store whose tables and indexes take
 * `dataBytes` on disk: half of that, rounded up to a step of 16 MB, at least one step and at
 * most PostgreSQL's default of 128 MB. PostgreSQL sets its buffers at start and PGlite fills
 * them in its WebAssembly memory then, so an empty store (about 25 MB of tables, most of them
 * PostgreSQL's catalogs) starts with 16 MB, and a store of 256 MB or more (some 50,000 to 70,000
 * ledger rows) with the 128 MB it always had.
 */
export function sharedBuffersFor(dataBytes: number): number {
  const steps = Math.ceil(Math.max(0, dataBytes) / 2 / SHARED_BUFFERS_STEP);
  return Math.min(MAX_SHARED_BUFFERS, Math.max(1, steps) * SHARED_BUFFERS_STEP);
}

/** A `shared_buffers` setting in PostgreSQL's units: `32MB`, `512kB`, `1GB`. */
export const SHARED_BUFFERS_PATTERN = /^[1-9][0-9]*(kB|MB|GB)$/;

/** `shared_buffers=…` for a number of bytes, in whole megabytes. */
export function sharedBuffersSetting(bytes: number): string {
  return `${Math.ceil(bytes / MB)}MB`;
}

/**
 * Bytes of the tables and indexes in a PGlite data folder (`base/` and `global/`; the
 * write-ahead log is not read through the buffers). 0 for a folder not created yet.
 */
export function relationBytes(pgdata: string): number {
  return ['base', 'global'].reduce((sum, sub) => sum + folderBytes(join(pgdata, sub)), 0);
}

/** The sizes of the files under a folder, the folders themselves not counted; 0 when it does not exist. */
export function folderBytes(dir: string): number {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let sum = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sum += folderBytes(path);
    else if (entry.isFile()) sum += statSync(path).size;
  }
  return sum;
}
