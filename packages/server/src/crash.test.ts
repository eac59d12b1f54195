import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from './db/database.ts';
import { TEST_DATABASE_KINDS } from './testing/db.ts';
import { cardCheckout } from './testing/engine.ts';
import { REPO_ROOT, runCliProcess } from './testing/process.ts';

/**
 * The server killed with SIGKILL at random moments while clients make checkouts and retry each
 * one with its Idempotency-Key until it is answered (docs/reliability.md, "Crashes"). Afterwards
 * every answered checkout is in the store exactly once, no checkout is there twice, and the
 * ledger check finds nothing. How long the server took to serve again after each kill is printed
 * (a figure for docs/reliability.md, not a pass or fail). On the embedded
 * database a kill leaves its files and its lock behind; on PostgreSQL (when TEST_DATABASE_URL is
 * set, in a database of its own) the server's connections and open transactions.
 *
 * `CRASH_KILLS` and `CRASH_CHECKOUTS` size the run (`npm run test:reliability` makes it longer).
 */

const MAIN = join(REPO_ROOT, 'packages/server/src/main.ts');
const sized = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};
const KILLS = sized('CRASH_KILLS', 3);
const CHECKOUTS = sized('CRASH_CHECKOUTS', 60);
const CLIENTS = 6;
const LOGIN = 'crash-admin';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

describe.each(TEST_DATABASE_KINDS)('a server killed during checkouts [%s]', (kind) => {
  let root: string;
  /** On PostgreSQL: the database of this test, made and dropped here. */
  let databaseUrl = '';
  let dataDir: string;
  let port: number;
  let authorization: string;
  let child: ChildProcess | undefined;
  let printed = '';

  const target = (): DatabaseTarget =>
    kind === 'postgres' ? { kind: 'postgres', url: databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir };
  const env = () => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: join(root, 'web'),
    ADMIN_PASSWORD: 'crash-first-admin-password',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
  });

  async function cli(...args: string[]): Promise<string> {
    const result = await runCliProcess(args, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    if (result.code !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}${result.stdout}`);
    return result.stdout;
  }

  /** Starts the server and answers how long it took to answer a request. */
  async function start(): Promise<number> {
    const began = Date.now();
    const spawned = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    const keep = (chunk: Buffer) => {
      printed = (printed + chunk.toString()).slice(-10_000);
    };
    spawned.stdout?.on('data', keep);
    spawned.stderr?.on('data', keep);
    for (;;) {
      if (spawned.exitCode !== null)
        throw new Error(`the server exited with ${spawned.exitCode}:\n${printed}`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/wp-json/wc/v3/payments/accounts`, {
          headers: { authorization },
        });
        if (answer.status === 200) return Date.now() - began;
      } catch {
        // Not listening yet.
      }
      if (Date.now() - began > 60_000) throw new Error(`the server did not answer within 60 s:\n${printed}`);
      await sleep(50);
    }
  }

  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'paydesk-crash-'));
    dataDir = join(root, 'data');
    mkdirSync(join(root, 'web'));
    writeFileSync(
      join(root, 'web/index.html'),
      '<!doctype html><title>Paydesk</title><!--paydesk-bootstrap-->',
    );
    port = await freePort();
    if (kind === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `paydesk_crash_${process.pid}`;
      const admin = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 1 }, { migrate: false });
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      await admin.close();
      url.pathname = `/${name}`;
      databaseUrl = url.href;
    }
    await cli(
      'user:create',
      '--login',
      LOGIN,
      '--email',
      'crash@example.test',
      '--role',
      'administrator',
      '--password',
      'crash-admin-password',
    );
    const password = (await cli('app-password:create', '--login', LOGIN)).trim().split('\n').at(-1)!.trim();
    authorization = `Basic ${Buffer.from(`${LOGIN}:${password}`).toString('base64')}`;
    await cli('seed', '--transactions', '5', '--days', '1', '--seed', '3');
  }, 180_000);

  afterAll(async () => {
    await kill();
    rmSync(root, { recursive: true, force: true });
    if (kind === 'postgres') {
      const url = new URL(databaseUrl);
      const name = url.pathname.slice(1);
      url.pathname = new URL(process.env.TEST_DATABASE_URL!).pathname;
      const admin = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 1 }, { migrate: false });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    }
  });

  it('loses no answered checkout, makes none twice, and serves again after each kill', async () => {
    const restarts: number[] = [await start()];
    /** Order number → the payment answered for it. */
    const answered = new Map<string, string>();
    const refusals = new Map<string, number>();
    let next = 0;

    /** One client: takes the next checkout and repeats it, with its key, until it is answered. */
    async function client(): Promise<void> {
      for (;;) {
        const index = next++;
        if (index >= CHECKOUTS) return;
        const body = cardCheckout('4242424242424242', { amount: 1000 + index });
        const order = body.order.number;
        const key = `crash-${order}`;
        for (;;) {
          let status = 0;
          let code = '';
          try {
            const answer = await fetch(`http://127.0.0.1:${port}/wp-json/wc/v3/payments/payment_intents`, {
              method: 'POST',
              headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify(body),
            });
            status = answer.status;
            const json = (await answer.json()) as { id?: string; code?: string };
            if (status === 200 && json.id) {
              answered.set(order, json.id);
              break;
            }
            code = json.code ?? '';
          } catch {
            // The server is down: the connection was refused or cut. Try again.
          }
          if (status >= 400 && status < 500 && !code.startsWith('idempotency_key_') && status !== 429) {
            throw new Error(`checkout ${order} was refused: ${status} ${code}`);
          }
          if (code === 'idempotency_key_outcome_unknown') {
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            break;
          }
          await sleep(50 + Math.random() * 100);
        }
      }
    }

    const load = Promise.all(Array.from({ length: CLIENTS }, () => client()));
    for (let kill_ = 0; kill_ < KILLS; kill_++) {
      await sleep(300 + Math.random() * 1200);
      await kill();
      restarts.push(await start());
    }
    await load;
    await kill();

    // What the store holds, read from the data folder once the server is gone.
    const database = await openDatabase(target(), { migrate: false });
    let perOrder: Map<string, number>;
    try {
      const rows = await sql<{ order_number: string; n: string }>`
        select o.number as order_number, count(*)::text as n
          from charges c join orders o on o.id = c.order_id
         where o.number like ${`T-${process.pid}-%`} group by o.number`.execute(database.db);
      perOrder = new Map(rows.rows.map((row) => [row.order_number, Number(row.n)]));
    } finally {
      await database.close();
    }
    const lost = [...answered.keys()].filter((order) => perOrder.get(order) !== 1);
    const twice = [...perOrder].filter(([, n]) => n > 1).map(([order]) => order);
    const ledger = await runCliProcess(['ledger:check'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    console.log(
      `crash (${kind}): ${KILLS} kills, ${answered.size} of ${CHECKOUTS} checkouts answered, ${lost.length} lost, ${twice.length} made twice, outcome unknown ${refusals.get('idempotency_key_outcome_unknown') ?? 0}; serving again after ${restarts.slice(1).join(', ')} ms`,
    );
    expect(lost).toEqual([]);
    expect(twice).toEqual([]);
    expect(answered.size + (refusals.get('idempotency_key_outcome_unknown') ?? 0)).toBe(CHECKOUTS);
    expect(ledger.code, ledger.stdout + ledger.stderr).toBe(0);
  }, 600_000);
});
