/**
 * `npm run bench`: every figure of docs/performance.md with one command, against the store
 * `DATABASE_URL` (PostgreSQL) or `DATA_DIR` (embedded) names (exactly one of the two).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/DB npm run bench
 *   DATA_DIR=/path/to/data npm run bench
 *
 * An empty store is seeded first with `npm run cli -- seed --transactions N --defer-indexes` (N
 * from `BENCH_TRANSACTIONS`, default 1,000,000; `BENCH_DAYS` adds `--days`), timed: that is the
 * seeding figure. Nothing reads the new store while it is seeded, so its indexes are built once
 * at the end, as the seeding figures of docs/performance.md were measured. A store that has
 * ledger rows is used as it is, saying so when their count is not the one asked. Then each
 * bench (bench/lib/suite.ts) runs in its own process with the same environment, its output
 * shown as it comes; `BENCH_ONLY=transactions,payouts` picks some. The
 * start is measured on a new embedded store whatever the database, and the load on a new store
 * too (with DATABASE_URL, a new database on the same server, dropped after), as the figures
 * were. At the end a table gives each step's status and wall time; everything printed is also
 * written to `BENCH_REPORT` (default a new file in the temporary folder). Exits 1 if any step
 * failed, 2 when the variables are wrong.
 */
import { type SpawnOptions, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countLedgerRows, withNewPostgresDatabase } from './lib/database.ts';
import {
  type BenchSpec,
  formatWallTime,
  parseCount,
  planSeeding,
  redactUrl,
  type Selection,
  type StepResult,
  type StoreKind,
  selectBenches,
  summaryTable,
} from './lib/suite.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_TRANSACTIONS = 1_000_000;

interface Settings {
  kind: StoreKind;
  /** Where the store is, as printed (a URL without its password, or the folder). */
  where: string;
  transactions: number;
  days: number | undefined;
  selection: Selection;
  reportPath: string;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const url = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || undefined;
  if ((url === undefined) === (dataDir === undefined)) {
    throw new Error(
      'Set exactly one of DATABASE_URL (a PostgreSQL database) or DATA_DIR (an embedded store), ' +
        `not ${url ? 'both' : 'neither'}: the store to seed and measure. For example\n` +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench\n' +
        '  DATA_DIR=$(mktemp -d) npm run bench',
    );
  }
  const kind: StoreKind = url ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-');
  return {
    kind,
    where: url ? redactUrl(url) : dataDir!,
    transactions: parseCount('BENCH_TRANSACTIONS', env.BENCH_TRANSACTIONS, DEFAULT_TRANSACTIONS),
    days: env.BENCH_DAYS ? parseCount('BENCH_DAYS', env.BENCH_DAYS, 0) : undefined,
    selection: selectBenches(env.BENCH_ONLY, kind),
    reportPath: env.BENCH_REPORT || join(tmpdir(), `paydesk-bench-${stamp}.log`),
  };
}

/** Prints to the terminal and to the report. */
class Output {
  constructor(private readonly report: WriteStream) {}

  line(text = ''): void {
    this.out(`${text}\n`);
  }

  out(chunk: string | Buffer): void {
    process.stdout.write(chunk);
    this.report.write(chunk);
  }

  err(chunk: string | Buffer): void {
    process.stderr.write(chunk);
    this.report.write(chunk);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.report.end(resolve));
  }
}

/** Runs a command from the repository root, its output shown and kept; answers how it ended. */
function runStep(
  output: Output,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ failed: boolean; status: string; wall_ms: number }> {
  const began = performance.now();
  const options: SpawnOptions = { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] };
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.stdout?.on('data', (chunk: Buffer) => output.out(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.err(chunk));
    child.once('error', (error) => {
      output.err(`${command}: ${error.message}\n`);
      resolve({ failed: true, status: `failed (${error.message})`, wall_ms: performance.now() - began });
    });
    child.once('close', (code, signal) => {
      const wall_ms = performance.now() - began;
      if (code === 0) resolve({ failed: false, status: 'ok', wall_ms });
      else resolve({ failed: true, status: `failed (${signal ?? `exit ${code}`})`, wall_ms });
    });
  });
}

/** `npm run cli -- seed …` through the npm running this script, or the one on the PATH. */
function seedCommand(settings: Settings): { command: string; args: string[]; shown: string } {
  const seedArgs = [
    'seed',
    '--transactions',
    String(settings.transactions),
    ...(settings.days === undefined ? [] : ['--days', String(settings.days)]),
    '--defer-indexes',
  ];
  const npm = process.env.npm_execpath;
  const npmArgs = ['run', 'cli', '--', ...seedArgs];
  return {
    command: npm ? process.execPath : 'npm',
    args: npm ? [npm, ...npmArgs] : npmArgs,
    shown: `npm ${npmArgs.join(' ')}`,
  };
}

/** Seeds an empty store; answers the step for the summary. */
async function seedStep(output: Output, settings: Settings): Promise<StepResult> {
  const load = loadavg()[0];
  const name = `seed (${settings.transactions.toLocaleString('en-US')} rows)`;
  let rows: number;
  try {
    rows = await countLedgerRows();
  } catch (error) {
    output.err(`Could not count the store's ledger rows: ${(error as Error).message}\n`);
    return { name, status: 'failed (could not read the store)', failed: true, wall_ms: undefined, load };
  }
  const plan = planSeeding(rows, settings.transactions);
  if (!plan.seed) {
    output.line(
      plan.note ?? `The store holds ${rows.toLocaleString('en-US')} ledger rows: not seeded again.`,
    );
    return {
      name,
      status: `reused (${rows.toLocaleString('en-US')} rows${plan.note ? ', not the count asked' : ''})`,
      failed: false,
      wall_ms: undefined,
      load,
    };
  }
  const { command, args, shown } = seedCommand(settings);
  output.line(`The store is empty: seeding it (${shown}).`);
  const result = await runStep(output, command, args, process.env);
  output.line(`Seeding took ${formatWallTime(result.wall_ms)} (the seed command's whole run).`);
  return { name, ...result, load };
}

/** The environment of a bench on a new store; the load on PostgreSQL gets a new database. */
async function withBenchEnv<T>(
  bench: BenchSpec,
  settings: Settings,
  work: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...bench.env };
  if (bench.store !== 'new') return work(env);
  if (settings.kind === 'pglite') {
    // Without either variable the load bench makes a new embedded store of its own.
    delete env.DATA_DIR;
    return work(env);
  }
  const name = `paydesk_bench_${bench.name.replaceAll('-', '_')}_${process.pid}`;
  return withNewPostgresDatabase(process.env.DATABASE_URL!, name, (url) =>
    work({ ...env, DATABASE_URL: url }),
  );
}

async function benchStep(output: Output, bench: BenchSpec, settings: Settings): Promise<StepResult> {
  const load = loadavg()[0];
  const args = ['--import', 'tsx', ...bench.nodeFlags, join('bench', bench.script)];
  const extra = Object.entries(bench.env).map(([key, value]) => `${key}=${value} `);
  output.line(`\n## ${bench.name}\n`);
  output.line(
    `${extra.join('')}node ${args.join(' ')}${bench.store === 'seeded' ? '' : ' (on a new store)'}`,
  );
  output.line(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
  try {
    const result = await withBenchEnv(bench, settings, (env) => runStep(output, process.execPath, args, env));
    return { name: bench.name, ...result, load };
  } catch (error) {
    output.err(`${bench.name}: ${(error as Error).message}\n`);
    return { name: bench.name, status: 'failed (its new store)', failed: true, wall_ms: undefined, load };
  }
}

async function main(): Promise<number> {
  let settings: Settings;
  try {
    settings = readSettings(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const output = new Output(createWriteStream(settings.reportPath));
  const { run, skipped } = settings.selection;
  output.line('# Paydesk benchmarks');
  output.line();
  output.line(
    `${new Date().toISOString()}, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 1024 ** 3)} GB`,
  );
  output.line(`${settings.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${settings.where}`);
  output.line(`benches: ${run.map((bench) => bench.name).join(', ')}`);

  const steps: StepResult[] = [];
  let seedFailed = false;
  if (run.some((bench) => bench.store === 'seeded')) {
    output.line('\n## seed\n');
    const seeded = await seedStep(output, settings);
    steps.push(seeded);
    seedFailed = seeded.failed;
  }
  for (const bench of run) {
    if (bench.store === 'seeded' && seedFailed) {
      steps.push({
        name: bench.name,
        status: 'skipped (no seeded store)',
        failed: true,
        wall_ms: undefined,
        load: undefined,
      });
      continue;
    }
    steps.push(await benchStep(output, bench, settings));
  }
  for (const { name, reason } of skipped) {
    steps.push({ name, status: `skipped (${reason})`, failed: false, wall_ms: undefined, load: undefined });
  }

  output.line('\n## Summary\n');
  for (const line of summaryTable(steps)) output.line(line);
  const failed = steps.filter((step) => step.failed);
  output.line(
    failed.length === 0 ? '\nEvery step passed.' : `\nFailed: ${failed.map((step) => step.name).join(', ')}.`,
  );
  output.line(`Report: ${settings.reportPath}`);
  await output.close();
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
