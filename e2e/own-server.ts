import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { freePort, type LoggedProcess, startServer } from '../packages/server/src/testing/server-process.ts';

const ROOT = join(import.meta.dirname, '..');
/** The compiled server and command line (`npm run build`, which the browser tests run first). */
const SERVER_MAIN = join(ROOT, 'packages/server/dist/main.mjs');
const SERVER_CLI = join(ROOT, 'packages/server/dist/cli.mjs');
/** The payments REST API, where `api` calls go unless told otherwise. */
const PAYMENTS_API = '/wp-json/wc/v3/payments';

/** A user who signs in with a login and password. */
export interface Credentials {
  login: string;
  password: string;
}

/**
 * A Paydesk server of a test file's own, on an embedded database in a fresh temporary folder.
 * Files whose tests change the store's account (connect, onboarding) or need data of their own
 * (a seeded history, users) use one, so what they do never changes what the other files see;
 * the global setup starts the shared server with it too.
 */
export class OwnServer {
  readonly admin: Credentials;
  private readonly name: string;
  private readonly env: Record<string, string>;
  private folder = '';
  /** The last server started; kept after it stops, for its output. */
  private server: LoggedProcess | undefined;
  private address = '';
  private authorization = '';

  /**
   * `adminPassword` is the first administrator's (login `admin`); `env` adds to or overrides the
   * environment the server starts with (not the CLI's), e.g. `{ SMTP_URL: '' }`.
   */
  constructor(name: string, adminPassword: string, options: { env?: Record<string, string> } = {}) {
    this.name = name;
    this.admin = { login: 'admin', password: adminPassword };
    this.env = options.env ?? {};
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
    // The compiled server, as production runs it (`npm run build` made it with the admin app).
    this.server = await startServer([SERVER_MAIN], {
      ...process.env,
      DATA_DIR: this.dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: this.admin.password,
      LOG_LEVEL: 'warn',
      ...this.env,
    });
    this.address = `http://127.0.0.1:${port}`;
  }

  /** The end of what the server printed (warnings and errors: it logs at `warn`). */
  get log(): string {
    return this.server?.log ?? '';
  }

  async stop(): Promise<void> {
    this.address = '';
    await this.server?.stop();
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = '';
  }

  /**
   * A CLI command on the data folder; returns what it printed. The server must be stopped (it
   * holds the folder's lock).
   */
  cli(...args: string[]): string {
    return this.run([SERVER_CLI, ...args], `cli ${args[0]}`);
  }

  /**
   * A Node process (with tsx) on the data folder, as `DATA_DIR`; returns what it printed. The
   * server must be stopped. `what` names it in the error when it fails.
   */
  node(args: string[], what = args.join(' ')): string {
    return this.run(['--import', 'tsx', ...args], what);
  }

  private run(args: string[], what: string): string {
    const result = spawnSync(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr}${result.stdout}`);
    return result.stdout;
  }

  /**
   * Makes an administrator with the CLI (so the server must be stopped): `user` signs in with
   * its login and password; the e-mail address is the one given or `<login>@example.test`.
   */
  createAdministrator(user: Credentials & { email?: string; firstName?: string }): void {
    this.cli(
      'user:create',
      '--login',
      user.login,
      '--email',
      user.email ?? `${user.login}@example.test`,
      '--role',
      'administrator',
      '--password',
      user.password,
      ...(user.firstName ? ['--first-name', user.firstName] : []),
    );
  }

  /**
   * Makes an application password for `login` with the CLI (so the server must be stopped); from
   * then on `api` and `basicAuth` sign in as that user.
   */
  useAppPassword(login: string): void {
    const password = this.cli('app-password:create', '--login', login).trim().split('\n').at(-1)!.trim();
    this.authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  }

  /** The `Authorization` header of the application password `useAppPassword` made. */
  get basicAuth(): string {
    if (!this.authorization) throw new Error('no application password: call useAppPassword first');
    return this.authorization;
  }

  /**
   * A REST call under `root` (the payments API unless told), signed in with the application
   * password; a POST gets an Idempotency-Key of its own. Throws on an error status.
   */
  async api<T>(method: string, path: string, body?: unknown, root = PAYMENTS_API): Promise<T> {
    const response = await fetch(`${this.origin}${root}${path}`, {
      method,
      headers: {
        Authorization: this.basicAuth,
        'Content-Type': 'application/json',
        ...(method === 'POST' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  adminUrl(path: string, query: Record<string, string> = {}): string {
    return `${this.origin}/wp-admin/admin.php?${new URLSearchParams({ page: 'wc-admin', path, ...query }).toString()}`;
  }

  /** Signs `page` in through the login form, as `user` (the administrator unless told). */
  async signIn(page: Page, user: Credentials = this.admin, redirectTo?: string): Promise<void> {
    const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
    await page.goto(`${this.origin}/wp-login.php${query}`);
    await page.fill('#user_login', user.login);
    await page.fill('#user_pass', user.password);
    await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
  }

  /**
   * A fresh browser session, signed in as `user` (the administrator unless told); the other
   * options are the context's (a 1280×900 viewport unless told). Closing its page's context ends it.
   */
  async signedInPage(
    browser: Browser,
    options: { user?: Credentials; redirectTo?: string } & BrowserContextOptions = {},
  ): Promise<Page> {
    const { user, redirectTo, ...contextOptions } = options;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
    const page = await context.newPage();
    await this.signIn(page, user, redirectTo);
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
