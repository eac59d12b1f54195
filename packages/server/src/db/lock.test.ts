import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getOption, setOptions } from '../store/options.ts';
import { migratedDataDir } from '../testing/migrated-folder.ts';
import { deadPid, isRunning, REPO_ROOT, runCliProcess } from '../testing/process.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { DataDirLockedError, type LockHolder, writeLockForTest } from './lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
  dirs.push(dir);
  return dir;
}

/**
 * A data folder already migrated: these tests are about the lock, and migrating each new folder
 * again would only make them slower.
 */
async function migratedDir(): Promise<string> {
  return migratedDataDir(dataDir());
}

const lockPath = (dir: string) => join(dir, 'paydesk.lock');
const readLock = (dir: string) => JSON.parse(readFileSync(lockPath(dir), 'utf8')) as LockHolder;
const openIn = (dir: string) => openDatabase({ kind: 'pglite', dataDir: dir });

/** A process that runs until the test ends it. */
async function liveProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  if (child.pid === undefined) throw new Error('no pid');
  return child as ChildProcess & { pid: number };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data-folder lock', () => {
  it('stops a second process with an error naming the holder, and the data stays intact', async () => {
    const dir = await migratedDir();
    const holder = await openIn(dir);
    let closed = false;
    try {
      await setOptions(holder.db, { blogname: 'Before' });
      const lockBefore = readFileSync(lockPath(dir), 'utf8');
      expect(readLock(dir).pid).toBe(process.pid);

      const args = [
        'user:create',
        '--login',
        'second',
        '--email',
        'second@example.test',
        '--role',
        'customer',
      ];
      const refused = await runCliProcess([...args, '--password', 'second-password'], { DATA_DIR: dir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `The data folder ${dir} is in use by another Paydesk process (pid ${process.pid} on ${hostname()}`,
      );
      expect(refused.stderr).toContain('DATABASE_URL');
      expect(refused.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(refused.stdout).not.toContain('Created user');
      expect(readFileSync(lockPath(dir), 'utf8')).toBe(lockBefore);

      // The holder goes on reading and writing as if nothing happened.
      await setOptions(holder.db, { blogname: 'After' });
      expect(await getOption(holder.db, 'blogname')).toBe('After');
      expect(await holder.db.selectFrom('users').select('login').execute()).toEqual([]);
      await holder.close();
      closed = true;
      expect(existsSync(lockPath(dir))).toBe(false);

      const allowed = await runCliProcess([...args, '--password', 'second-password'], { DATA_DIR: dir });
      expect(allowed.stderr).toBe('');
      expect(allowed.code).toBe(0);
      expect(allowed.stdout).toContain('Created user second');
    } finally {
      if (!closed) await holder.close();
    }

    const reopened = await openIn(dir);
    try {
      expect(await getOption(reopened.db, 'blogname')).toBe('After');
      expect(await reopened.db.selectFrom('users').select('login').execute()).toEqual([{ login: 'second' }]);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a second opener in the same process until the first one closes', async () => {
    const dir = await migratedDir();
    const first = await openIn(dir);
    const error = await openIn(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).holder.pid).toBe(process.pid);
    await first.close();
    const next = await openIn(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    await next.close();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('takes over a lock left by a process that died on this host', async () => {
    const dir = await migratedDir();
    const pid = deadPid();
    expect(isRunning(pid)).toBe(false);
    writeLockForTest(dir, { pid, host: hostname(), command: 'crashed', started_at: '2026-01-01T00:00:00Z' });
    const handle = await openIn(dir);
    try {
      expect(readLock(dir)).toMatchObject({ pid: process.pid, host: hostname() });
      await setOptions(handle.db, { blogname: 'Taken over' });
    } finally {
      await handle.close();
    }
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('takes over a lock file with no readable holder', async () => {
    const dir = await migratedDir();
    writeFileSync(lockPath(dir), '{"pid": 12');
    const handle = await openIn(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    await handle.close();
  });

  it('refuses a lock held by a live process and leaves it in place', async () => {
    const dir = dataDir();
    const other = await liveProcess();
    const holder = {
      pid: other.pid,
      host: hostname(),
      command: 'server',
      started_at: '2026-01-01T00:00:00Z',
    };
    writeLockForTest(dir, holder);
    const error = await openIn(dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).holder).toEqual(holder);
    expect((error as Error).message).toContain(`pid ${other.pid} on ${hostname()}, "server"`);
    expect(readLock(dir)).toEqual(holder);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);

    // Once that process is gone, its lock is stale and the next opener takes it. (The folder gets
    // a migrated database only now, so that the refusal above is seen to have created nothing.)
    await stop(other);
    await migratedDataDir(dir);
    const handle = await openIn(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    await handle.close();
  });

  it('refuses a lock from another host, whose processes it cannot see', async () => {
    const dir = dataDir();
    const holder = { pid: deadPid(), host: 'elsewhere.example', command: 'server', started_at: '2026-01-01' };
    writeLockForTest(dir, holder);
    await expect(openIn(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(readLock(dir)).toEqual(holder);
  });

  it('on close removes only its own lock, and leaves no exit listener behind', async () => {
    const dir = await migratedDir();
    const listeners = process.listenerCount('exit');
    const handle: DatabaseHandle = await openIn(dir);
    expect(process.listenerCount('exit')).toBe(listeners + 1);
    await handle.close();
    expect(process.listenerCount('exit')).toBe(listeners);
    expect(existsSync(lockPath(dir))).toBe(false);

    // A lock that is no longer ours (an operator removed ours, another process took the folder)
    // is not ours to remove.
    const again = await openIn(dir);
    const other = { pid: deadPid(), host: 'elsewhere.example', command: 'other', started_at: '2026-01-01' };
    writeLockForTest(dir, other);
    await again.close();
    expect(readLock(dir)).toEqual(other);
  });

  it('is released when the holding process exits without closing', async () => {
    const dir = dataDir();
    const script = [
      `import { openDatabase } from ${JSON.stringify(join(REPO_ROOT, 'packages/server/src/db/database.ts'))};`,
      `await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dir)} });`,
      `console.log('opened');`,
      'process.exit(0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(output).toContain('opened');
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'pglite'))).toBe(true);
    expect(existsSync(lockPath(dir))).toBe(false);
  });
});
