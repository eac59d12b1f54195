import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli/main.ts';
import { type DatabaseTarget, openDatabase } from './db/database.ts';
import { JOB_CHANNEL } from './engine/jobs.ts';
import { TEST_DATABASE_KINDS } from './testing/db.ts';
import { cardCheckout } from './testing/engine.ts';
import { migratedDataDir } from './testing/migrated-folder.ts';
import { PrivateCluster, privateClusterUnavailable } from './testing/postgres-cluster.ts';
import { type ProcessResult, REPO_ROOT, runCliProcess } from './testing/process.ts';
import { freePort, type LoggedProcess, startServer, untilAnswered } from './testing/server-process.ts';

/**
 * Crashes during a write load (docs/reliability.md, "Crashes"): clients make checkouts through
 * the API and retry each one with its Idempotency-Key until it is answered, while the server, or
 * separately the PostgreSQL under it, is killed with SIGKILL at random points of the load.
 * Afterwards every answered checkout is in the store exactly once, no checkout is there twice,
 * and the ledger check finds nothing half made. How long it took to serve again after each kill
 * is printed (a figure for docs/reliability.md, not a pass or fail).
 *
 * A killed server leaves the embedded database's files and lock behind, or on PostgreSQL (when
 * TEST_DATABASE_URL is set, in a database of its own) its connections and open transactions. A
 * killed PostgreSQL is a cluster of the test's own (the shared one serves other tests), restarted
 * on its data folder (crash recovery) while the server keeps running and must reconnect.
 *
 * `CRASH_KILLS` and `CRASH_CHECKOUTS` size the server kills, `PG_CRASH_KILLS` and
 * `PG_CRASH_CHECKOUTS` the PostgreSQL kills (`npm run test:reliability` makes both longer).
 */

const MAIN = join(REPO_ROOT, 'packages/server/src/main.ts');
const sized = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};
const KILLS = sized('CRASH_KILLS', 3);
const CHECKOUTS = sized('CRASH_CHECKOUTS', 60);
const PG_KILLS = sized('PG_CRASH_KILLS', 2);
const PG_CHECKOUTS = sized('PG_CRASH_CHECKOUTS', 40);
const CLIENTS = 6;
const LOGIN = 'crash-admin';
const PAYMENTS_API = '/wp-json/wc/v3/payments';
/** The longest a kill waits, after its share of checkouts is answered, so it lands mid-request. */
const KILL_JITTER_MS = 100;
/** How long the server may take to listen for queued jobs again after PostgreSQL is back. */
const LISTEN_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL database of its own on the server at `serverUrl`; answers its URL. */
async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl, poolSize: 1 }, { migrate: false });
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function dropDatabase(databaseUrl: string, serverUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl, poolSize: 1 }, { migrate: false });
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  } finally {
    await admin.close();
  }
}

/**
 * How many connections to the database at `databaseUrl` listen for queued jobs, once the server
 * has had LISTEN_WAIT_MS to listen again (its listener retries every second).
 */
async function listeners(databaseUrl: string): Promise<number> {
  const database = await openDatabase(
    { kind: 'postgres', url: databaseUrl, poolSize: 1 },
    { migrate: false },
  );
  try {
    const deadline = Date.now() + LISTEN_WAIT_MS;
    for (;;) {
      const rows = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and query = ${`listen ${JOB_CHANNEL}`}`.execute(database.db);
      const n = rows.rows[0]!.n;
      if (n > 0 || Date.now() > deadline) return n;
      await sleep(100);
    }
  } finally {
    await database.close();
  }
}

/**
 * A store for a server process of its own: a temporary folder (the embedded data folder, an empty
 * admin app), a port, an administrator with an application password, a small seeded history; on
 * the PostgreSQL database at `databaseUrl` when one is given.
 */
class CrashStore {
  readonly root = mkdtempSync(join(tmpdir(), 'paydesk-crash-'));
  readonly dataDir = join(this.root, 'data');
  authorization = '';
  server: LoggedProcess | undefined;

  private constructor(
    readonly databaseUrl: string,
    readonly port: number,
  ) {}

  static async create(databaseUrl = ''): Promise<CrashStore> {
    const store = new CrashStore(databaseUrl, await freePort());
    // The first migration is not what this test is about: the embedded store starts migrated.
    if (!databaseUrl) await migratedDataDir(store.dataDir);
    mkdirSync(join(store.root, 'web'));
    writeFileSync(
      join(store.root, 'web/index.html'),
      '<!doctype html><title>Paydesk</title><!--paydesk-bootstrap-->',
    );
    // The store is set up with the CLI's own commands, run in this process on one open of the
    // database rather than a process each (running them as processes is cli.test.ts's to prove).
    const database = await openDatabase(store.target());
    try {
      const cli = async (...argv: string[]): Promise<string[]> => {
        const out: string[] = [];
        const code = await runCli(
          argv,
          (line) => out.push(line),
          (line) => out.push(line),
          database,
        );
        if (code !== 0) throw new Error(`cli ${argv[0]} failed: ${out.join('\n')}`);
        return out;
      };
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
      const password = (await cli('app-password:create', '--login', LOGIN)).at(-1)!.trim();
      store.authorization = `Basic ${Buffer.from(`${LOGIN}:${password}`).toString('base64')}`;
      await cli('seed', '--transactions', '5', '--days', '1', '--seed', '3');
    } finally {
      await database.close();
    }
    return store;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  target(): DatabaseTarget {
    return this.databaseUrl
      ? { kind: 'postgres', url: this.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: this.dataDir };
  }

  /** Starts the server (from the sources) and answers how long it took to answer a request. */
  async start(): Promise<number> {
    const began = Date.now();
    this.server = await startServer(['--import', 'tsx', MAIN], {
      ...process.env,
      DATABASE_URL: this.databaseUrl,
      DATA_DIR: this.dataDir,
      WEB_DIST: join(this.root, 'web'),
      ADMIN_PASSWORD: 'crash-first-admin-password',
      LOG_LEVEL: 'warn',
      PORT: String(this.port),
      HOST: '127.0.0.1',
    });
    await this.answered();
    return Date.now() - began;
  }

  /** Waits until the server answers a request that reads the database; answers how long that took. */
  answered(): Promise<number> {
    if (!this.server) throw new Error('the server is not running');
    return untilAnswered(
      `${this.origin}${PAYMENTS_API}/accounts`,
      { authorization: this.authorization },
      this.server,
    );
  }

  async kill(): Promise<void> {
    await this.server?.stop('SIGKILL');
  }

  /**
   * What the store holds once the server is gone: the answered checkouts not there exactly once,
   * the checkouts there more than once, and what the ledger check said.
   */
  async verify(
    answered: Map<string, string>,
  ): Promise<{ lost: string[]; twice: string[]; ledger: ProcessResult }> {
    await this.kill();
    const database = await openDatabase(this.target(), { migrate: false });
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
    return {
      lost: [...answered.keys()].filter((order) => perOrder.get(order) !== 1),
      twice: [...perOrder].filter(([, n]) => n > 1).map(([order]) => order),
      ledger: await runCliProcess(['ledger:check'], {
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.databaseUrl,
      }),
    };
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * CLIENTS clients make `checkouts` checkouts on the store's server, each repeating its checkout
 * with its Idempotency-Key until it is answered; meanwhile `crash` runs `kills` times, each once a
 * random share of the checkouts is settled and a random moment more has passed, so every crash
 * lands inside the load. Answers the payment answered for each order number, and how many
 * checkouts were answered `idempotency_key_outcome_unknown` (the change was committed, its answer
 * lost with the crash), and how many requests had to be repeated.
 */
async function checkoutsThroughCrashes(
  store: CrashStore,
  checkouts: number,
  kills: number,
  crash: () => Promise<void>,
): Promise<{ answered: Map<string, string>; outcomeUnknown: number; retried: number }> {
  const answered = new Map<string, string>();
  let outcomeUnknown = 0;
  let retried = 0;
  let next = 0;
  const settled = () => answered.size + outcomeUnknown;

  /** One client: takes the next checkout and repeats it, with its key, until it is answered. */
  async function client(): Promise<void> {
    for (;;) {
      const index = next++;
      if (index >= checkouts) return;
      const body = cardCheckout('4242424242424242', { amount: 1000 + index });
      const order = body.order.number;
      for (;;) {
        let status = 0;
        let code = '';
        try {
          const answer = await fetch(`${store.origin}${PAYMENTS_API}/payment_intents`, {
            method: 'POST',
            headers: {
              authorization: store.authorization,
              'content-type': 'application/json',
              'idempotency-key': `crash-${order}`,
            },
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
          // The server is down, or its answer was cut off: try again.
        }
        if (code === 'idempotency_key_outcome_unknown') {
          outcomeUnknown++;
          break;
        }
        if (status >= 400 && status < 500 && !code.startsWith('idempotency_key_') && status !== 429) {
          throw new Error(`checkout ${order} was refused: ${status} ${code}`);
        }
        retried++;
        await sleep(50 + Math.random() * 100);
      }
    }
  }

  let failure: unknown;
  let finished = false;
  const load = Promise.all(Array.from({ length: CLIENTS }, () => client())).then(
    () => {
      finished = true;
    },
    (error: unknown) => {
      failure = error;
    },
  );
  const killPoints = Array.from({ length: kills }, () => Math.floor(Math.random() * checkouts)).sort(
    (a, b) => a - b,
  );
  for (const point of killPoints) {
    while (settled() < point && !finished && failure === undefined) await sleep(10);
    if (failure !== undefined) break;
    await sleep(Math.random() * KILL_JITTER_MS);
    await crash();
  }
  await load;
  if (failure !== undefined) throw failure;
  return { answered, outcomeUnknown, retried };
}

describe.each(TEST_DATABASE_KINDS)('a server killed during checkouts [%s]', (kind) => {
  let store: CrashStore;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    store = await CrashStore.create(
      kind === 'postgres' && serverUrl ? await createDatabase(serverUrl, `paydesk_crash_${process.pid}`) : '',
    );
  }, 180_000);

  afterAll(async () => {
    await store?.dispose();
    if (store?.databaseUrl) await dropDatabase(store.databaseUrl, process.env.TEST_DATABASE_URL!);
  });

  it('loses no answered checkout, makes none twice, and serves again after each kill', async () => {
    const began = Date.now();
    await store.start();
    const restarts: number[] = [];
    const { answered, outcomeUnknown, retried } = await checkoutsThroughCrashes(
      store,
      CHECKOUTS,
      KILLS,
      async () => {
        await store.kill();
        restarts.push(await store.start());
      },
    );
    const { lost, twice, ledger } = await store.verify(answered);
    console.log(
      `crash (server killed, ${kind}): ${KILLS} kills, ${answered.size} of ${CHECKOUTS} checkouts answered, ${lost.length} lost, ${twice.length} made twice, outcome unknown ${outcomeUnknown}, ${retried} requests repeated; serving again after ${restarts.join(', ')} ms; ${((Date.now() - began) / 1000).toFixed(1)} s in all`,
    );
    expect(lost).toEqual([]);
    expect(twice).toEqual([]);
    expect(answered.size + outcomeUnknown).toBe(CHECKOUTS);
    expect(ledger.code, ledger.stdout + ledger.stderr).toBe(0);
  }, 600_000);
});

const noPrivateCluster = process.env.TEST_DATABASE_URL
  ? privateClusterUnavailable()
  : 'TEST_DATABASE_URL is not set';

describe.skipIf(noPrivateCluster !== undefined)(
  `a PostgreSQL killed during checkouts${noPrivateCluster ? ` (skipped: ${noPrivateCluster})` : ''}`,
  () => {
    let cluster: PrivateCluster;
    let store: CrashStore;

    beforeAll(async () => {
      cluster = await PrivateCluster.create();
      store = await CrashStore.create(await createDatabase(cluster.url(), 'paydesk'));
    }, 180_000);

    afterAll(async () => {
      await store?.dispose();
      await cluster?.dispose();
    });

    it('loses no answered checkout, makes none twice, and the running server serves again after each kill', async () => {
      const began = Date.now();
      await store.start();
      /** Per kill: how long PostgreSQL took to accept connections again, and the server after it. */
      const recoveries: { database_ms: number; server_ms: number }[] = [];
      const { answered, outcomeUnknown, retried } = await checkoutsThroughCrashes(
        store,
        PG_CHECKOUTS,
        PG_KILLS,
        async () => {
          const killed = Date.now();
          await cluster.kill();
          await cluster.start();
          const database_ms = Date.now() - killed;
          recoveries.push({ database_ms, server_ms: await store.answered() });
        },
      );
      // The same server process served the whole load: it lived through every kill, and listens
      // for queued jobs again (on a connection of its own, which the kill ended too).
      expect(store.server?.running, store.server?.log).toBe(true);
      expect(await listeners(store.databaseUrl)).toBe(1);
      const { lost, twice, ledger } = await store.verify(answered);
      console.log(
        `crash (PostgreSQL killed): ${PG_KILLS} kills, ${answered.size} of ${PG_CHECKOUTS} checkouts answered, ${lost.length} lost, ${twice.length} made twice, outcome unknown ${outcomeUnknown}, ${retried} requests repeated; PostgreSQL back after ${recoveries.map((r) => r.database_ms).join(', ')} ms, the server serving again ${recoveries.map((r) => r.server_ms).join(', ')} ms after that; ${((Date.now() - began) / 1000).toFixed(1)} s in all`,
      );
      expect(lost).toEqual([]);
      expect(twice).toEqual([]);
      expect(answered.size + outcomeUnknown).toBe(PG_CHECKOUTS);
      expect(ledger.code, ledger.stdout + ledger.stderr).toBe(0);
    }, 600_000);
  },
);
