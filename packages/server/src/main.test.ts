import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { deferIndexes } from './engine/seed/bulk-load.ts';
import { authenticatePassword } from './store/users.ts';
import { migratedDataDir } from './testing/migrated-folder.ts';
import { type ProcessResult, REPO_ROOT } from './testing/process.ts';

const MAIN = join(REPO_ROOT, 'packages/server/src/main.ts');

function runServer(env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each start is on a data folder migrated already (and empty, so the start still makes the
// administrator): what happens on a port that is taken does not depend on the first migration.
describe('starting the server when its port is taken', () => {
  let root: string;
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'paydesk-main-'));
    mkdirSync(join(root, 'web'));
    writeFileSync(
      join(root, 'web/index.html'),
      '<!doctype html><title>Paydesk</title><!--paydesk-bootstrap-->',
    );
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('says so in one line, still shows the new administrator password, and leaves the data closed', async () => {
    const dataDir = await migratedDataDir(join(root, 'data'));
    const result = await runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(root, 'web'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${port} is already in use. Stop what uses it, or set PORT to another port.`,
    );
    const password = /password: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toBeDefined();
    // The data folder was closed and unlocked: it opens again, and the printed password works.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await authenticatePassword(database.db, 'admin', password ?? '')).toMatchObject({
        login: 'admin',
      });
    } finally {
      await database.close();
    }
  }, 60_000);

  it('builds again the indexes a seed run left dropped when it was cut off', async () => {
    const dataDir = await migratedDataDir(join(root, 'data-deferred'));
    const seeded = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await deferIndexes(seeded.db)).toBeGreaterThan(0);
    } finally {
      await seeded.close();
    }
    const result = await runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(root, 'web'),
    });
    expect(result.code).toBe(1);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const missing = await sql<{ n: number }>`
        select count(*)::int as n from options where name = 'seed_deferred_indexes'`.execute(database.db);
      expect(missing.rows[0]?.n).toBe(0);
      const index = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes where indexname = 'bt_list_idx'`.execute(database.db);
      expect(index.rows[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000);
});
