/**
 * Mixed load through the public API against one server process: list and summary reads, payment
 * details, checkouts (each with its own Idempotency-Key, every fifth one a replay of the one
 * before) and partial refunds, all at once, one autocannon per kind. Prints each kind's
 * throughput and p50/p99 latency, fails if any request did not answer 2xx, then runs
 * `ledger:check` on the database and fails if it finds anything.
 *
 *   npx tsx bench/load.bench.ts                      (a new embedded database, seeded)
 *   DATA_DIR=/path/to/data npx tsx bench/load.bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npx tsx bench/load.bench.ts
 *
 * WEB_PROCESSES=2 (with DATABASE_URL) starts two web processes and a job worker process on the
 * one PostgreSQL database, as docs/deployment.md runs a store that outgrew one process; each
 * kind's connections are shared between the web processes.
 *
 * DURATION_S (default 20) sets how long the load runs. A database without payments is seeded
 * with 2,000 ledger rows first. The server counts requests against BENCH_RATE_LIMITS, which no
 * run reaches: production's limits (docs/configuration.md, "Rate limits") allow one credential
 * 1,200 reads a minute per route, so this bench would measure 429s.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { JOB_HANDLERS } from '../packages/server/src/engine/context.ts';
import { jobWakeup } from '../packages/server/src/engine/job-wakeup.ts';
import { startJobWorker } from '../packages/server/src/engine/jobs.ts';
import { seedHistory } from '../packages/server/src/engine/seed/seed.ts';
import { buildApp } from '../packages/server/src/http/app.ts';
import { benchAdministrator, openBenchDatabase } from './lib/database.ts';
import { BENCH_RATE_LIMITS } from './lib/http.ts';

const BASE = '/wp-json/wc/v3/payments';
const SEED_ROWS = 2_000;
/** Charges kept for refunds and detail reads. */
const CHARGE_SAMPLE = 2_000;

/** What the server process tells the load generator once it listens. */
interface Ready {
  port: number;
  authorization: string;
  /** Recent succeeded, captured, undisputed charges with at least 100 minor units left to refund. */
  charges: string[];
}

/** On close: stop, then tell the parent by exiting. */
function closeOnMessage(close: () => Promise<void>): void {
  process.on('message', async (message) => {
    if (message !== 'close') return;
    await close();
    process.exit(0);
  });
}

/** A job worker process beside the web processes (PAYDESK_ROLE=worker). */
async function work(): Promise<void> {
  const handle = await openBenchDatabase();
  const stop = await startJobWorker(handle.db, JOB_HANDLERS, { wakeup: jobWakeup(handle) });
  closeOnMessage(async () => {
    await stop();
    await handle.close();
  });
  process.send?.('ready');
}

async function serve(): Promise<void> {
  const handle = await openBenchDatabase();
  const { db } = handle;
  const payments = await db.selectFrom('charges').select('id').limit(1).execute();
  if (payments.length === 0) await seedHistory(handle, { transactions: SEED_ROWS });
  const authorization = await benchAdministrator(handle, `loadbench${process.env.LOAD_BENCH_INDEX ?? ''}`);
  const charges = await db
    .selectFrom('charges as c')
    .select('c.id')
    .where('c.status', '=', 'succeeded')
    .where('c.captured', '=', true)
    .where(sql<boolean>`c.amount_captured - c.amount_refunded >= 100`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('disputes').select('disputes.id').whereRef('disputes.charge_id', '=', 'c.id'))),
    )
    .orderBy('c.created_at', 'desc')
    .limit(CHARGE_SAMPLE)
    .execute();
  if (charges.length === 0) throw new Error('No refundable charges in the database.');
  const app = await buildApp({ database: handle, rateLimits: BENCH_RATE_LIMITS, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port.');
  closeOnMessage(async () => {
    await app.close();
    await handle.close();
  });
  const ready: Ready = { port: address.port, authorization, charges: charges.map((row) => row.id) };
  process.send?.(ready);
}

function startProcess<T>(env: NodeJS.ProcessEnv, role: 'server' | 'worker', index = 0) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...env, LOAD_BENCH_ROLE: role, LOAD_BENCH_INDEX: String(index) },
  });
  return new Promise<{ child: ChildProcess; ready: T }>((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as T }));
    child.once('exit', (code) => reject(new Error(`The ${role} process ended with ${code}.`)));
  });
}

/**
 * The processes under load: one web process (which also seeds an empty database), or on
 * PostgreSQL `WEB_PROCESSES` of them and a job worker, started once the first has seeded.
 */
async function startProcesses(env: NodeJS.ProcessEnv, webProcesses: number) {
  const first = await startProcess<Ready>(env, 'server');
  const others = await Promise.all(
    Array.from({ length: webProcesses - 1 }, (_, index) => startProcess<Ready>(env, 'server', index + 1)),
  );
  const worker = webProcesses > 1 ? [await startProcess<string>(env, 'worker')] : [];
  const children = [first, ...others, ...worker].map((started) => started.child);
  const close = async () => {
    await Promise.all(
      children.map((child) => {
        child.send('close');
        return new Promise((resolve) => child.once('exit', resolve));
      }),
    );
  };
  return { ready: first.ready, ports: [first, ...others].map((started) => started.ready.port), close };
}

async function load(): Promise<void> {
  const duration = Number(process.env.DURATION_S ?? 20);
  const webProcesses = Number(process.env.WEB_PROCESSES ?? 1);
  if (!Number.isSafeInteger(webProcesses) || webProcesses < 1)
    throw new Error('WEB_PROCESSES: a whole number ≥ 1.');
  if (webProcesses > 1 && !process.env.DATABASE_URL)
    throw new Error(
      'WEB_PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process.',
    );
  const env = { ...process.env };
  let scratch: string | undefined;
  if (!env.DATABASE_URL && !env.DATA_DIR) {
    scratch = mkdtempSync(join(tmpdir(), 'paydesk-load-bench-'));
    env.DATA_DIR = scratch;
  }
  try {
    const { ready, ports, close } = await startProcesses(env, webProcesses);
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const headers = { authorization: ready.authorization, 'content-type': 'application/json' };
    const run = `${process.pid}${Date.now()}`;
    const pick = () => ready.charges[Math.floor(Math.random() * ready.charges.length)]!;

    let checkouts = 0;
    const checkout = () => {
      // Every fifth request sends the previous key and body again: the answer is replayed.
      const n = checkouts % 5 === 4 ? checkouts - 1 : checkouts;
      checkouts++;
      return {
        method: 'POST',
        path: `${BASE}/payment_intents`,
        headers: { ...headers, 'idempotency-key': `load-${run}-${n}` },
        body: JSON.stringify({
          amount: 1_000 + (n % 9_000),
          currency: 'usd',
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
          },
          order: {
            number: `LOAD-${run}-${n}`,
            customer: { name: 'Load Bench', email: 'load@example.test' },
            billing_address: { country: 'US' },
          },
        }),
      };
    };
    let refunds = 0;
    // One minor unit at a time, round the sample, so no charge runs out during a run.
    const refund = () => ({
      method: 'POST',
      path: `${BASE}/refund`,
      headers: { ...headers, 'idempotency-key': `load-refund-${run}-${refunds}` },
      body: JSON.stringify({ charge_id: ready.charges[refunds++ % ready.charges.length], amount: 1 }),
    });

    const kinds: [name: string, connections: number, setup: () => { method: string; path: string }][] = [
      ['list', 4, () => ({ method: 'GET', path: `${BASE}/transactions?page=1&pagesize=25` })],
      ['summary', 2, () => ({ method: 'GET', path: `${BASE}/transactions/summary` })],
      ['payment detail', 4, () => ({ method: 'GET', path: `${BASE}/charges/${pick()}` })],
      ['checkout', 4, checkout],
      ['refund', 2, refund],
    ];
    const results = await Promise.all(
      kinds.map(([, connections, setup]) =>
        autocannon({
          // autocannon takes several URLs and goes round them by connection (its README; the
          // types name one string only).
          url: urls as unknown as string,
          connections: Math.max(connections, urls.length),
          duration,
          timeout: 30,
          requests: [{ headers, setupRequest: (request) => ({ ...request, ...setup() }) }],
        }),
      ),
    );
    await close();

    const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `database: ${database}, ${webProcesses === 1 ? 'one process' : `${webProcesses} web processes and a worker`}, ${duration} s, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log('| Kind | Connections | Requests | Requests/s | p50 | p99 | Not 2xx |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    let failed = 0;
    for (const [index, [name, connections]] of kinds.entries()) {
      const result = results[index]!;
      const bad = result.non2xx + result.errors + result.timeouts;
      failed += bad;
      console.log(
        `| ${name} | ${connections} | ${result.requests.total} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${bad} |`,
      );
      if (bad > 0) console.log(`  ${name}: status codes ${JSON.stringify(result.statusCodeStats)}`);
    }

    const check = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        join(fileURLToPath(new URL('..', import.meta.url)), 'packages/server/src/cli/bin.ts'),
        'ledger:check',
      ],
      { env, encoding: 'utf8' },
    );
    process.stdout.write(check.stdout);
    process.stderr.write(check.stderr);
    if (failed > 0) throw new Error(`${failed} requests did not answer 2xx.`);
    if (check.status !== 0) throw new Error('ledger:check found violations after the load.');
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.env.LOAD_BENCH_ROLE === 'server') await serve();
else if (process.env.LOAD_BENCH_ROLE === 'worker') await work();
else await load();
