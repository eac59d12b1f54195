import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/db/database.ts';
import { copyNamedTemplate } from '../packages/server/src/testing/migrated-folder.ts';
import { freePort, LoggedProcess, startServer } from '../packages/server/src/testing/server-process.ts';

const ROOT = join(import.meta.dirname, '..');
/** The compiled server and command line (`npm run build`, which the browser tests run first). */
const SERVER_MAIN = join(ROOT, 'packages/server/dist/main.mjs');
/**
 * The CLI host (cli-host.ts), bundled by the global setup beside the server's build, inside the
 * server's package as the server finds its files from: the commands a test runs before it starts
 * its server share one open database.
 */
export const CLI_HOST_BUNDLE = join(ROOT, 'packages/server/dist/test/cli-host.mjs');
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
  /** The CLI host while commands run on the stopped server's folder. */
  private host: CliHost | undefined;

  /**
   * `adminPassword` is the first administrator's (login `admin`); `env` adds to or overrides the
   * environment the server starts with (not the CLI's), e.g. `{ SMTP_URL: '' }`.
   */
  constructor(name: string, adminPassword: string, options: { env?: Record<string, string> } = {}) {
    this.name = name;
    this.admin = { login: 'admin', password: adminPassword };
    this.env = options.env ?? {};
  }

  /**
   * The data folder, made on first use so a skipped suite leaves nothing behind: a copy of the
   * migrated template the global setup made (`makeMigratedTemplate`), when it made one.
   */
  get dataDir(): string {
    if (!this.folder) {
      this.folder = mkdtempSync(join(tmpdir(), `paydesk-e2e-${this.name}-`));
      copyNamedTemplate(this.folder);
    }
    return this.folder;
  }

  /** The server's origin (`http://127.0.0.1:<port>`); only while it runs. */
  get origin(): string {
    if (!this.address) throw new Error('the server is not running');
    return this.address;
  }

  async start(): Promise<void> {
    await this.closeHost();
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
    await this.closeHost();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = '';
  }

  /**
   * A CLI command on the data folder; resolves to what it printed. The server must be stopped (the
   * commands hold the folder's lock until the server starts, `node` runs, or the folder goes).
   */
  async cli(...args: string[]): Promise<string> {
    if (this.address) throw new Error(`cli ${args[0]}: the server is running and holds the data folder`);
    this.host ??= new CliHost(this.dataDir);
    const result = await this.host.run(args);
    if (result.code !== 0) throw new Error(`cli ${args[0]} failed: ${result.err}${result.out}`);
    return result.out;
  }

  /**
   * Opens the data folder's database in this process for `use`, then closes it; as for `cli`,
   * the server must be stopped.
   */
  async withDatabase<T>(use: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    if (this.address) throw new Error('the server is running and holds the data folder');
    await this.closeHost();
    const database = await openDatabase({ kind: 'pglite', dataDir: this.dataDir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  /** Ends the CLI host, which gives the data folder back. */
  private async closeHost(): Promise<void> {
    await this.host?.close();
    this.host = undefined;
  }

  /**
   * A Node process (with tsx) on the data folder, as `DATA_DIR`; returns what it printed. The
   * server must be stopped. `what` names it in the error when it fails.
   */
  async node(args: string[], what = args.join(' ')): Promise<string> {
    await this.closeHost();
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
  async createAdministrator(user: Credentials & { email?: string; firstName?: string }): Promise<void> {
    await this.cli(
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
  async useAppPassword(login: string): Promise<void> {
    const password = (await this.cli('app-password:create', '--login', login))
      .trim()
      .split('\n')
      .at(-1)!
      .trim();
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

/** What a command exited with and printed. */
interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** A CLI host process (cli-host.ts) on a data folder, asked one command at a time. */
class CliHost {
  private readonly host: LoggedProcess;
  private readonly answers: ((line: string) => void)[] = [];
  private readonly exited: Promise<void>;

  constructor(dataDir: string) {
    this.host = new LoggedProcess(
      spawn(process.execPath, [CLI_HOST_BUNDLE], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }),
    );
    const { child } = this.host;
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    // Each line it writes to stdout answers the oldest command waiting.
    createInterface({ input: child.stdout! }).on('line', (line) => this.answers.shift()?.(line));
    // A host that dies answers every waiting command with what it printed.
    void this.exited.then(() => {
      for (const answer of this.answers.splice(0))
        answer(JSON.stringify({ code: 1, out: '', err: `the CLI host exited: ${this.host.log}` }));
    });
  }

  run(args: readonly string[]): Promise<CliResult> {
    return new Promise((resolve) => {
      this.answers.push((line) => resolve(JSON.parse(line) as CliResult));
      this.host.child.stdin!.write(`${JSON.stringify(args)}\n`);
    });
  }

  /** Ends its input and waits until it has closed the database and exited. */
  async close(): Promise<void> {
    this.host.child.stdin!.end();
    await this.exited;
    if (this.host.child.exitCode !== 0) throw new Error(`the CLI host failed: ${this.host.log}`);
  }
}
