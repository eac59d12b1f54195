import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

const ROOT = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** How long a server may take to say it is running before the start counts as failed. */
const START_TIMEOUT_MS = 60_000;

/**
 * A Paydesk server of a test file's own, on an embedded database in a fresh temporary folder.
 * Files whose tests change the store's account (connect, onboarding) use one, so what they do
 * never changes what the files on the shared server see.
 */
export class OwnServer {
  readonly admin: { login: string; password: string };
  private readonly name: string;
  private folder = '';
  private child: ChildProcess | undefined;
  private address = '';

  constructor(name: string, adminPassword: string) {
    this.name = name;
    this.admin = { login: 'admin', password: adminPassword };
  }

  /** The data folder, made on first use so a skipped suite leaves nothing behind. */
  get dataDir(): string {
    if (!this.folder) this.folder = mkdtempSync(join(tmpdir(), `paydesk-e2e-${this.name}-`));
    return this.folder;
  }

  /** The server's origin (`http://127.0.0.1:<port>`); only while it runs. */
  get origin(): string {
    if (!this.address) throw new Error('the server is not running');
    return this.address;
  }

  async start(): Promise<void> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: this.admin.password,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Paydesk is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    this.address = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.address = '';
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = '';
  }

  /** A CLI command on the data folder; the server must be stopped (it holds the folder's lock). */
  cli(...args: string[]): void {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'packages/server/src/cli/bin.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}${result.stdout}`);
  }

  adminUrl(path: string, query: Record<string, string> = {}): string {
    return `${this.origin}/wp-admin/admin.php?${new URLSearchParams({ page: 'wc-admin', path, ...query }).toString()}`;
  }

  /** A fresh browser session, signed in as the administrator; closing its page's context ends it. */
  async signedInPage(
    browser: Browser,
    options: { redirectTo?: string; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
    const page = await context.newPage();
    const query = options.redirectTo ? `?redirect_to=${encodeURIComponent(options.redirectTo)}` : '';
    await page.goto(`${this.origin}/wp-login.php${query}`);
    await page.fill('#user_login', this.admin.login);
    await page.fill('#user_pass', this.admin.password);
    await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
    return page;
  }
}

/** A REST call with the page's session and nonce, as the admin pages make it. */
export async function pageFetch<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const bootstrap = JSON.parse(document.getElementById('paydesk-bootstrap')!.textContent!);
      const response = await fetch(path, {
        method,
        headers: {
          'X-WP-Nonce': bootstrap.page.nonce,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, method: init.method ?? 'GET', body: init.body },
  );
}
