import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@paydesk/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { listMigrations } from '../db/migrate.ts';
import { getOptions, getStoreSettings } from '../store/options.ts';
import { authenticatePassword } from '../store/users.ts';
import { makeTestApp, sessionNonce, signIn } from '../testing/app.ts';
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from '../testing/db.ts';
import { migratedDataDir } from '../testing/migrated-folder.ts';
import { runCliProcess } from '../testing/process.ts';
import { UsageError } from './args.ts';
import { runCli } from './main.ts';

const ME = '/wp-json/wp/v2/users/me';
const APP_PASSWORD = /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-cli-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A database the CLI has never seen, and the environment that points the CLI at it: DATA_DIR
 * for the embedded database, DATABASE_URL (with the schema in its search path) for PostgreSQL.
 */
interface Target {
  env: Record<string, string>;
  /** Opens the same database from the test; close it before the next command on PGlite. */
  open(): Promise<DatabaseHandle>;
  isEmpty(): Promise<boolean>;
  dispose(): Promise<void>;
}

async function freshTarget(kind: TestDatabaseKind): Promise<Target> {
  if (kind === 'pglite') {
    const dataDir = join(tempDir(), 'data');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      isEmpty: async () => !existsSync(dataDir),
      dispose: async () => {},
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: base, poolSize: 1 }, { migrate: false });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    // DATA_DIR names a folder that must stay untouched: DATABASE_URL wins.
    env: { DATABASE_URL: url.href, DATA_DIR: join(tempDir(), 'unused') },
    open: () => openDatabase({ kind: 'postgres', url: url.href, poolSize: 2 }),
    isEmpty: async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(
        admin.db,
      );
      return rows[0]?.n === 0;
    },
    dispose: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

interface CliRun {
  code: number | undefined;
  out: string[];
  err: string[];
  error: unknown;
}

/** Runs a command in this process, as bin.ts does, with the target's environment. */
async function cli(target: Target, args: string[]): Promise<CliRun> {
  for (const [name, value] of Object.entries(target.env)) vi.stubEnv(name, value);
  const run: CliRun = { code: undefined, out: [], err: [], error: undefined };
  try {
    run.code = await runCli(
      args,
      (line) => run.out.push(line),
      (line) => run.err.push(line),
    );
  } catch (error) {
    run.error = error;
  } finally {
    vi.unstubAllEnvs();
  }
  return run;
}

async function withDatabase<T>(target: Target, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await target.open();
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

async function withApp<T>(
  target: Target,
  use: (app: FastifyInstance, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  return withDatabase(target, async (handle) => {
    const app = await makeTestApp(handle);
    try {
      return await use(app, handle);
    } finally {
      await app.close();
    }
  });
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

const logins = (handle: DatabaseHandle) =>
  handle.db
    .selectFrom('users')
    .select('login')
    .orderBy('login')
    .execute()
    .then((rows) => rows.map((r) => r.login));

for (const kind of TEST_DATABASE_KINDS) {
  describe(`command line [${kind}]`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await freshTarget(kind);
    });
    afterAll(() => target.dispose());
    afterEach(() => vi.unstubAllEnvs());

    it('user:create migrates a fresh database first, then creates the user with a printed password', async () => {
      expect(await target.isEmpty()).toBe(true);
      const run = await cli(target, [
        'user:create',
        '--login',
        'alice',
        '--email',
        'alice@example.test',
        '--role',
        'shop_manager',
        '--first-name',
        'Alice',
      ]);
      expect(run.error).toBeUndefined();
      expect(run.code).toBe(0);
      expect(run.out[0]).toMatch(/^Created user alice \(id \d+, shop_manager\)\.$/);
      const password = /^Password: (\S+)$/.exec(run.out[1] ?? '')?.[1];
      expect(password).toHaveLength(20);
      expect(run.out).toHaveLength(2);

      const given = await cli(target, [
        'user:create',
        '--login=alfred',
        '--email=alfred@example.test',
        '--role=customer',
        '--password=alfred-password',
      ]);
      expect(given.code).toBe(0);
      expect(given.out).toEqual([expect.stringMatching(/^Created user alfred /)]);

      await withDatabase(target, async (handle) => {
        const applied = await handle.db
          .selectFrom('schema_migrations')
          .select('name')
          .orderBy('name')
          .execute();
        expect(applied.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
        expect(await authenticatePassword(handle.db, 'alice', password!)).toMatchObject({
          login: 'alice',
          role: 'shop_manager',
          first_name: 'Alice',
          display_name: 'Alice',
        });
        expect(await authenticatePassword(handle.db, 'alice', `${password}x`)).toBeUndefined();
        expect(await authenticatePassword(handle.db, 'alfred', 'alfred-password')).toMatchObject({
          role: 'customer',
        });
      });
      if (kind === 'postgres') expect(existsSync(target.env.DATA_DIR!)).toBe(false);
    });

    it('refuses a bad role, a missing flag, a taken login or a short password, creating nothing', async () => {
      const usage: [string[], string][] = [
        [
          ['--login', 'bad1', '--email', 'bad1@example.test', '--role', 'owner'],
          '--role must be one of administrator, shop_manager, customer',
        ],
        [['--login', 'bad2', '--email', 'bad2@example.test'], '--role is required'],
        [['--login', 'bad3', '--role', 'customer'], '--email is required'],
        [['--login', 'bad4', '--email', '--role', 'customer'], '--email is required'],
        [['--email', 'bad5@example.test', '--role', 'customer'], '--login is required'],
      ];
      for (const [args, message] of usage) {
        const run = await cli(target, ['user:create', ...args]);
        expect(run.error, args.join(' ')).toBeInstanceOf(UsageError);
        expect((run.error as Error).message).toBe(message);
        expect(run.out).toEqual([]);
      }
      const taken = await cli(target, [
        'user:create',
        '--login',
        'alice',
        '--email',
        'other@example.test',
        '--role',
        'administrator',
      ]);
      expect(taken.error).toBeInstanceOf(AppError);
      expect((taken.error as AppError).code).toBe('existing_user');
      const short = await cli(target, [
        'user:create',
        '--login',
        'bad6',
        '--email',
        'bad6@example.test',
        '--role',
        'customer',
        '--password',
        'short',
      ]);
      expect((short.error as AppError).code).toBe('weak_password');

      await withDatabase(target, async (handle) => {
        expect((await logins(handle)).filter((login) => login.startsWith('bad'))).toEqual([]);
        const alice = await handle.db
          .selectFrom('users')
          .select(['email', 'role'])
          .where('login', '=', 'alice')
          .executeTakeFirstOrThrow();
        expect(alice).toEqual({ email: 'alice@example.test', role: 'shop_manager' });
      });
    });

    it('app-password:create prints the password alone on its last line, and it works over HTTP Basic', async () => {
      const create = await cli(target, [
        'user:create',
        '--login',
        'bob',
        '--email',
        'bob@example.test',
        '--role',
        'administrator',
        '--password',
        'bob-account-password',
      ]);
      expect(create.code).toBe(0);
      const run = await cli(target, ['app-password:create', '--login', 'bob', '--name', 'deploy script']);
      expect(run.code).toBe(0);
      expect(run.out[0]).toMatch(/^Created application password "deploy script" \([0-9a-f-]{36}\) for bob\./);
      const password = run.out.at(-1)!;
      expect(password).toMatch(APP_PASSWORD);
      const unknown = await cli(target, ['app-password:create', '--login', 'nobody']);
      expect((unknown.error as AppError).code).toBe('unknown_user');

      await withApp(target, async (app) => {
        const me = (authorization: string) =>
          app.inject({ method: 'GET', url: ME, headers: { authorization } });
        const ok = await me(basic('bob', password));
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({ username: 'bob', roles: ['administrator'] });
        expect((await me(basic('bob@example.test', password.replaceAll(' ', '')))).statusCode).toBe(200);
        const last = password.at(-1) === 'A' ? 'B' : 'A';
        for (const wrong of [
          basic('bob', password.slice(0, -1) + last),
          basic('alice', password),
          basic('bob', 'bob-account-password'),
        ]) {
          const res = await me(wrong);
          expect(res.statusCode).toBe(401);
          expect(res.json().code).toBe('incorrect_password');
        }
      });
    });

    it('store:set validates the key and the value, and writes nothing it refuses', async () => {
      const set = (key: string, value?: string) =>
        cli(target, ['store:set', '--key', key, ...(value === undefined ? [] : ['--value', value])]);
      const ok = await set('woocommerce_currency', 'EUR');
      expect(ok.code).toBe(0);
      expect(ok.out).toEqual(['Set woocommerce_currency to "EUR".']);
      expect((await set('blogname', '  Corner Shop  ')).out).toEqual(['Set blogname to "Corner Shop".']);

      const refused: [string, string | undefined, string][] = [
        [
          'woocommerce_currency',
          'usd',
          'Invalid value for woocommerce_currency: A three-letter currency code such as USD',
        ],
        ['woocommerce_currency', 'XYZ', 'Invalid value for woocommerce_currency: An unsupported currency'],
        [
          'timezone_string',
          'Mars/Olympus',
          'Invalid value for timezone_string: An IANA time zone such as America/New_York',
        ],
        ['siteurl', 'http://evil.test', '--key must be one of '],
        ['blogname', undefined, '--value is required'],
      ];
      for (const [key, value, message] of refused) {
        const run = await set(key, value);
        expect(run.error, `${key}=${value}`).toBeInstanceOf(UsageError);
        expect((run.error as Error).message).toContain(message);
        expect(run.out).toEqual([]);
      }

      await withDatabase(target, async (handle) => {
        expect(await getStoreSettings(handle.db)).toMatchObject({
          woocommerce_currency: 'EUR',
          blogname: 'Corner Shop',
          timezone_string: 'UTC',
        });
        expect(await getOptions(handle.db, ['siteurl', 'timezone_string'])).toEqual({
          siteurl: null,
          timezone_string: null,
        });
      });
    });

    it("user:password changes the password and ends that user's sessions only", async () => {
      for (const login of ['carol', 'dave']) {
        const run = await cli(target, [
          'user:create',
          '--login',
          login,
          '--email',
          `${login}@example.test`,
          '--role',
          'administrator',
          '--password',
          `${login}-old-password`,
        ]);
        expect(run.code).toBe(0);
      }
      const sessions = await withApp(target, async (app, handle) => {
        const carol = [
          await signIn(app, { login: 'carol', password: 'carol-old-password' }),
          await signIn(app, { login: 'carol', password: 'carol-old-password' }),
        ];
        const dave = await signIn(app, { login: 'dave', password: 'dave-old-password' });
        return Promise.all(
          [...carol, dave].map(async ({ cookie }) => ({ cookie, nonce: await sessionNonce(handle, cookie) })),
        );
      });

      const short = await cli(target, ['user:password', '--login', 'carol', '--password', 'short']);
      expect(short.error).toBeInstanceOf(UsageError);
      const unknown = await cli(target, ['user:password', '--login', 'nobody', '--password', 'long enough']);
      expect((unknown.error as AppError).code).toBe('unknown_user');
      const changed = await cli(target, [
        'user:password',
        '--login',
        'carol',
        '--password',
        'carol-new-password',
      ]);
      expect(changed.code).toBe(0);
      expect(changed.out).toEqual(['Password changed for carol.']);

      await withApp(target, async (app) => {
        const status = async (session: { cookie: string; nonce: string }) =>
          (
            await app.inject({
              method: 'GET',
              url: ME,
              headers: { cookie: session.cookie, 'x-wp-nonce': session.nonce },
            })
          ).statusCode;
        expect(await status(sessions[0]!)).toBe(401);
        expect(await status(sessions[1]!)).toBe(401);
        expect(await status(sessions[2]!)).toBe(200);
        await expect(signIn(app, { login: 'carol', password: 'carol-old-password' })).rejects.toThrow(/401/);
        await signIn(app, { login: 'carol', password: 'carol-new-password' });
      });

      const generated = await cli(target, ['user:password', '--login', 'dave']);
      expect(generated.code).toBe(0);
      const password = /^Password: (\S+)$/.exec(generated.out.at(-1) ?? '')?.[1];
      expect(password).toHaveLength(20);
      await withDatabase(target, async (handle) => {
        expect(await authenticatePassword(handle.db, 'dave', password!)).toBeDefined();
        expect(await authenticatePassword(handle.db, 'dave', 'dave-old-password')).toBeUndefined();
      });
    });

    it('seed --defer-indexes writes the history with every index built again at the end', async () => {
      const indexes = () =>
        withDatabase(target, async (handle) =>
          (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where schemaname = current_schema() order by 1`.execute(handle.db)
          ).rows.map((row) => row.name),
        );
      const before = await indexes();
      const refused = await cli(target, ['seed', '--transactions', '50', '--defer-indexes', 'maybe']);
      expect(refused.error).toBeInstanceOf(UsageError);
      expect((refused.error as Error).message).toBe('--defer-indexes must be true or false');

      const seeded = await cli(target, ['seed', '--transactions', '300', '--days', '5', '--defer-indexes']);
      expect(seeded.error).toBeUndefined();
      expect(seeded.code).toBe(0);
      expect(seeded.out[0]).toMatch(
        /^Seeded 3\d\d ledger rows .*; building \d+ indexes, checking and analyzing /,
      );
      expect(await indexes()).toEqual(before);
      await withDatabase(target, async (handle) => {
        const left = await handle.db
          .selectFrom('options')
          .select('name')
          .where('name', '=', 'seed_deferred_indexes')
          .execute();
        expect(left).toEqual([]);
        const rows = await sql<{ n: number }>`select count(*)::int as n from balance_transactions`.execute(
          handle.db,
        );
        expect(rows.rows[0]!.n).toBeGreaterThanOrEqual(300);
      });
    });
  });
}

// The first migration is proven in process above; a process here that opens its data folder
// finds it migrated already, so each does only the work of its own command.
describe('the cli process', () => {
  it('exits 2 with a message for a bad role or a missing flag, creating nothing', async () => {
    const dataDir = await migratedDataDir(join(tempDir(), 'data'));
    const badRole = await runCliProcess(
      ['user:create', '--login', 'eve', '--email', 'eve@example.test', '--role', 'root'],
      { DATA_DIR: dataDir },
    );
    expect(badRole).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: --role must be one of administrator, shop_manager, customer\n',
    });
    const missing = await runCliProcess(['user:create', '--login', 'eve', '--role', 'customer'], {
      DATA_DIR: dataDir,
    });
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'Error: --email is required\n' });
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await logins(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('exits 2 for an unknown command and 1 for a bad configuration, before touching any data', async () => {
    const dataDir = join(tempDir(), 'data');
    const unknown = await runCliProcess(['user:delete', '--login', 'x'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "user:delete".');
    expect(unknown.stderr).toContain('user:create');
    const config = await runCliProcess(['user:create'], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'localhost:5432/shop',
    });
    expect(config.code).toBe(1);
    expect(config.stderr).toContain(
      'DATABASE_URL: A PostgreSQL URL such as postgres://user:pass@host:5432/db',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('creates a user and an application password whose last output line a script can take', async () => {
    const dataDir = await migratedDataDir(join(tempDir(), 'data'));
    const created = await runCliProcess(
      ['user:create', '--login', 'ops', '--email', 'ops@example.test', '--role', 'administrator'],
      { DATA_DIR: dataDir },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const run = await runCliProcess(['app-password:create', '--login', 'ops'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    const password = run.stdout.trimEnd().split('\n').at(-1)!;
    expect(password).toMatch(APP_PASSWORD);
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    const app = await makeTestApp(handle);
    try {
      const ok = await app.inject({
        method: 'GET',
        url: ME,
        headers: { authorization: basic('ops', password) },
      });
      expect(ok.statusCode).toBe(200);
      const wrong = await app.inject({
        method: 'GET',
        url: ME,
        headers: {
          authorization: basic(
            'ops',
            password.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
          ),
        },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
    'honours DATABASE_URL, search path included, leaving DATA_DIR alone',
    async () => {
      const target = await freshTarget('postgres');
      try {
        const run = await runCliProcess(
          [
            'user:create',
            '--login',
            'pg',
            '--email',
            'pg@example.test',
            '--role',
            'customer',
            '--password',
            'pg-password',
          ],
          target.env,
        );
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(existsSync(target.env.DATA_DIR!)).toBe(false);
        await withDatabase(target, async (handle) => expect(await logins(handle)).toEqual(['pg']));
      } finally {
        await target.dispose();
      }
    },
  );
});
