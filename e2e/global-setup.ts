import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.ts';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
export const E2E_CUSTOMER_PASSWORD = 'e2e-customer-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the built app on a fresh embedded database for the browser tests. */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    // CI installs Chromium first (.ci/run), so there a missing browser is a failure, not a skip.
    if (process.env.CI) throw new Error(`No Chromium at ${CHROMIUM_PATH}: the browser tests cannot run.`);
    console.warn(
      `\nBrowser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.\n`,
    );
    project.provide('baseUrl', '');
    return;
  }
  const root = join(import.meta.dirname, '..');
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  // A user without the capability, made with the CLI before the server holds the data folder.
  const cli = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'packages/server/src/cli/bin.ts'),
      'user:create',
      '--login',
      'shopper',
      '--email',
      'shopper@example.test',
      '--role',
      'customer',
      '--password',
      E2E_CUSTOMER_PASSWORD,
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (cli.status !== 0) throw new Error(`user:create failed: ${cli.stderr}`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Paydesk is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
