/**
 * What `npm run bench` (bench/run.ts) runs, and its decisions that need no database: which
 * benches `BENCH_ONLY` picks, whether the store is seeded, and the summary it prints.
 */

export type StoreKind = 'postgres' | 'pglite';

export interface BenchSpec {
  /** The name `BENCH_ONLY` and the summary use. */
  name: string;
  /** The script under bench/. */
  script: string;
  /** Node options beside `--import tsx`. */
  nodeFlags: readonly string[];
  /**
   * What it reads: the store `DATABASE_URL` or `DATA_DIR` names, seeded with
   * `BENCH_TRANSACTIONS` rows; a new store of the same kind, which the runner provides; or one
   * it makes itself whatever the variables say (docs/performance.md measures the start and the
   * load on new stores).
   */
  store: 'seeded' | 'new' | 'own';
  /** Variables set for it on top of the runner's environment. */
  env: Readonly<Record<string, string>>;
  /** Runs on this database only. */
  only?: StoreKind;
}

/** In the order they run: the load last, as it is the one that writes much. */
export const BENCHES: readonly BenchSpec[] = [
  { name: 'start', script: 'start.bench.ts', nodeFlags: [], store: 'own', env: {} },
  { name: 'storage', script: 'storage.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'transactions', script: 'transactions.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'exports', script: 'exports.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'payouts', script: 'payouts.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'disputes', script: 'disputes.bench.ts', nodeFlags: ['--expose-gc'], store: 'seeded', env: {} },
  { name: 'payment-activity', script: 'payment-activity.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'payment-detail', script: 'payment-detail.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'fraud-backtest', script: 'fraud-backtest.bench.ts', nodeFlags: [], store: 'seeded', env: {} },
  { name: 'upkeep', script: 'upkeep.bench.ts', nodeFlags: [], store: 'seeded', env: {}, only: 'pglite' },
  { name: 'load', script: 'load.bench.ts', nodeFlags: [], store: 'new', env: {} },
  {
    name: 'load-web2',
    script: 'load.bench.ts',
    nodeFlags: [],
    store: 'new',
    env: { WEB_PROCESSES: '2' },
    only: 'postgres',
  },
];

export interface Selection {
  run: BenchSpec[];
  /** Benches left out, and why (not those `BENCH_ONLY` left out). */
  skipped: { name: string; reason: string }[];
}

/**
 * The benches to run: all of them, or those `BENCH_ONLY` names (comma-separated, in the suite's
 * order whatever the list's). An unknown name, or one the database cannot run, is an error.
 */
export function selectBenches(only: string | undefined, kind: StoreKind): Selection {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ONLY: no bench named ${unknown.join(', ')}; the benches are ${BENCHES.map((bench) => bench.name).join(', ')}.`,
    );
  }
  const wanted = names.length === 0 ? BENCHES : BENCHES.filter((bench) => names.includes(bench.name));
  const elsewhere = wanted.filter((bench) => bench.only !== undefined && bench.only !== kind);
  const needs = (bench: BenchSpec) => `needs ${bench.only === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR'}`;
  if (names.length > 0 && elsewhere.length > 0) {
    throw new Error(`BENCH_ONLY: ${elsewhere.map((bench) => `${bench.name} ${needs(bench)}`).join('; ')}.`);
  }
  return {
    run: wanted.filter((bench) => !elsewhere.includes(bench)),
    skipped: elsewhere.map((bench) => ({ name: bench.name, reason: needs(bench) })),
  };
}

/** A whole number ≥ 1 from an environment variable (`1000000`, `1_000_000` or `1,000,000`). */
export function parseCount(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text.trim().replaceAll(/[_,]/g, ''));
  if (!/^\d[\d_,]*$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name}: a whole number of at least 1, not "${text}".`);
  }
  return value;
}

export type SeedPlan = { seed: true } | { seed: false; note: string | undefined };

/**
 * Whether to seed a store holding `rows` ledger rows for `target`: only an empty store is
 * seeded, since seeding a store that has history adds to it. A store seeded for `target` holds
 * at least that many rows and a few more (the loan's payout); one holding a different count is
 * used as it is, with a note saying so.
 */
export function planSeeding(rows: number, target: number): SeedPlan {
  if (rows === 0) return { seed: true };
  if (rows >= target && rows <= target + Math.max(10, Math.ceil(target / 100))) {
    return { seed: false, note: undefined };
  }
  return {
    seed: false,
    note:
      `The store holds ${rows.toLocaleString('en-US')} ledger rows, not the ${target.toLocaleString('en-US')} ` +
      'BENCH_TRANSACTIONS asks: it is not seeded again (seeding adds to a store that has history), so the ' +
      `figures are for ${rows.toLocaleString('en-US')} rows. Point DATABASE_URL or DATA_DIR at an empty ` +
      'store to seed the count asked.',
  };
}

/** A PostgreSQL URL without its password, for what is printed and kept. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL, not a URL)';
  }
}

/** `12.3 s`, `4m05s`. */
export function formatWallTime(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

export interface StepResult {
  name: string;
  /** `ok`, `failed (exit 1)`, `reused (100,001 rows)`, `skipped (…)`. */
  status: string;
  failed: boolean;
  wall_ms: number | undefined;
  /** The one-minute load average when it began. */
  load: number | undefined;
}

/** The summary: one Markdown table row per step. */
export function summaryTable(steps: readonly StepResult[]): string[] {
  return [
    '| Bench | Status | Wall time | Load average at start |',
    '| --- | --- | --- | --- |',
    ...steps.map(
      (step) =>
        `| ${step.name} | ${step.status} | ${step.wall_ms === undefined ? '' : formatWallTime(step.wall_ms)} | ${step.load === undefined ? '' : step.load.toFixed(2)} |`,
    ),
  ];
}
