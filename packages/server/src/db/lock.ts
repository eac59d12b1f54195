import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  started_at: string;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The data folder ${dataDir} is in use by another Paydesk process (pid ${holder.pid} on ${holder.host}, ` +
        `"${holder.command}", since ${holder.started_at}). The embedded database can be opened by one process ` +
        'at a time: stop that process first, or run Paydesk on PostgreSQL (DATABASE_URL) to share it.',
    );
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    // A half-written or unreadable lock file has no holder we can name; treat it as stale.
    return undefined;
  }
}

/**
 * Takes the exclusive lock on an embedded data folder. The lock file is created with O_EXCL, so
 * two processes racing for it cannot both win. A lock left behind by a process that died is
 * taken over only when its pid no longer runs on this host.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'paydesk.lock');
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    started_at: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Each open adds this listener; a long-lived process (tests, a server reopening) would
        // otherwise collect one per open and trip Node's listener-leak warning.
        process.removeListener('exit', release);
        const holder = readHolder(path);
        if (holder?.pid === me.pid && holder.started_at === me.started_at) rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder && (holder.host !== me.host || isAlive(holder.pid))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // Stale: move it aside atomically so only one contender removes it. If what we moved is
      // a live lock another contender took meanwhile, put it back and give way.
      const stale = `${path}.stale-${process.pid}`;
      try {
        renameSync(path, stale);
      } catch (renameError) {
        if ((renameError as NodeJS.ErrnoException).code !== 'ENOENT') throw renameError;
        continue;
      }
      const moved = readHolder(stale);
      if (moved && isAlive(moved.pid) && moved.host === me.host) {
        try {
          linkSync(stale, path);
        } finally {
          rmSync(stale, { force: true });
        }
        throw new DataDirLockedError(dataDir, moved);
      }
      rmSync(stale, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}

/** Writes a lock file for tests that need a foreign holder. */
export function writeLockForTest(dataDir: string, holder: LockHolder): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'paydesk.lock'), JSON.stringify(holder));
}
