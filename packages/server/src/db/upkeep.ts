import { MINUTE_MS, SECOND_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import { type Db, embeddedDatabaseOf } from './database.ts';

/**
 * The embedded database's upkeep: what PostgreSQL's autovacuum does for a server, done by the
 * process that holds the data folder. PGlite runs no background workers, so without it a store
 * that grows by payments would plan every query with no column statistics, keep the old version
 * of every row it updates, and never mark its pages all-visible (so index-only scans read the
 * table too). docs/decisions.md, "The embedded database runs no autovacuum".
 */

/**
 * When a table is due, by PostgreSQL's own autovacuum defaults (`autovacuum_vacuum_threshold`,
 * `_scale_factor`, `_insert_threshold`, `_insert_scale_factor`, `autovacuum_analyze_threshold`,
 * `_scale_factor`), and one rule of ours: `grownShare`. The activity counters behind the first
 * three live in memory and start from zero each time the store opens; a store restarted more
 * often than it grows by a tenth would never reach them, so a table whose file has grown by
 * `grownShare` since PostgreSQL last counted its rows (`pg_class.relpages`) is due as well.
 */
export const UPKEEP_RULES = {
  deadRows: { base: 50, share: 0.2 },
  insertedRows: { base: 1000, share: 0.2 },
  changedRows: { base: 50, share: 0.1 },
  /** Pages added since the last count, beyond `basePages`, as a share of that count. */
  grownShare: 0.1,
  basePages: 8,
} as const;

/** What one table's counters say (`pg_stat_user_tables` and `pg_class`). */
export interface TableActivity {
  table: string;
  /** Rows as of the last `VACUUM` or `ANALYZE`; negative when never counted. */
  tuples: number;
  dead: number;
  inserted: number;
  changed: number;
  /** Pages as of the last count, and now. */
  pagesCounted: number;
  pagesNow: number;
}

export interface UpkeepStep {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** Whether a table needs a `VACUUM`, an `ANALYZE`, both or neither (`UPKEEP_RULES`). */
export function upkeepOf(activity: TableActivity): UpkeepStep {
  const rows = Math.max(0, activity.tuples);
  const over = (count: number, rule: { base: number; share: number }) =>
    count > rule.base + rule.share * rows;
  const grown =
    activity.pagesNow >
    UPKEEP_RULES.basePages + (1 + UPKEEP_RULES.grownShare) * Math.max(0, activity.pagesCounted);
  return {
    table: activity.table,
    vacuum:
      grown ||
      over(activity.dead, UPKEEP_RULES.deadRows) ||
      over(activity.inserted, UPKEEP_RULES.insertedRows),
    analyze: grown || over(activity.changed, UPKEEP_RULES.changedRows),
  };
}

/** Every table of the store and its counters. */
export async function tableActivity(db: Db): Promise<TableActivity[]> {
  const { rows } = await sql<TableActivity>`
    select c.relname as "table",
           c.reltuples::float8 as tuples,
           s.n_dead_tup::int8 as dead,
           s.n_ins_since_vacuum::int8 as inserted,
           s.n_mod_since_analyze::int8 as changed,
           c.relpages::int8 as "pagesCounted",
           (pg_relation_size(c.oid) / current_setting('block_size')::int8)::int8 as "pagesNow"
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema()
     order by c.relname`.execute(db);
  return rows;
}

/** The tables due for upkeep now. */
export async function dueUpkeep(db: Db): Promise<UpkeepStep[]> {
  return (await tableActivity(db)).map(upkeepOf).filter((step) => step.vacuum || step.analyze);
}

/** Runs one step: `VACUUM`, `ANALYZE` or both in one pass. Outside a transaction only. */
export async function runUpkeepStep(db: Db, step: UpkeepStep): Promise<void> {
  const table = sql.table(step.table);
  if (step.vacuum && step.analyze) await sql`vacuum (analyze) ${table}`.execute(db);
  else if (step.vacuum) await sql`vacuum ${table}`.execute(db);
  else if (step.analyze) await sql`analyze ${table}`.execute(db);
}

export interface UpkeepOptions {
  /** Milliseconds since the store last served a request; 0 while one is being served. */
  idleMs: () => number;
  /** How often the counters are read. */
  interval_ms?: number;
  /** How long the store must have been idle before a step runs. */
  quiet_ms?: number;
  /** How long due upkeep waits for a quiet moment before it runs anyway. */
  max_wait_ms?: number;
  onStep?: (step: UpkeepStep, ms: number) => void;
  onError?: (error: unknown) => void;
}

export const UPKEEP_INTERVAL_MS = MINUTE_MS;
export const UPKEEP_QUIET_MS = 2 * SECOND_MS;
export const UPKEEP_MAX_WAIT_MS = 15 * MINUTE_MS;

/**
 * Keeps the embedded database's tables vacuumed and analyzed (`UPKEEP_RULES`), a table at a
 * time, while the store is idle: a step holds the database for its length (at 1,000,000 ledger
 * rows, 0.2–0.7 s for an `ANALYZE`, up to 1.2 s for the first `VACUUM` of a table; docs/
 * performance.md, "Upkeep of the embedded database"), so it waits for a moment without requests,
 * or `max_wait_ms` for a store that never has one. Nothing on PostgreSQL, whose autovacuum does
 * this. Answers a function that stops it after the step in progress.
 */
export function startUpkeep(db: Db, options: UpkeepOptions): () => Promise<void> {
  if (!embeddedDatabaseOf(db)) return async () => {};
  const interval_ms = options.interval_ms ?? UPKEEP_INTERVAL_MS;
  const quiet_ms = options.quiet_ms ?? UPKEEP_QUIET_MS;
  const max_wait_ms = options.max_wait_ms ?? UPKEEP_MAX_WAIT_MS;
  let stopped = false;
  let running: Promise<void> | undefined;
  // When due work was first found and left for a quiet moment.
  let waitingSince: number | undefined;
  const pass = async () => {
    const steps = await dueUpkeep(db);
    if (steps.length === 0) {
      waitingSince = undefined;
      return;
    }
    waitingSince ??= Date.now();
    for (const step of steps) {
      if (stopped) return;
      const overdue = Date.now() - waitingSince >= max_wait_ms;
      if (!overdue && options.idleMs() < quiet_ms) return;
      const started = performance.now();
      await runUpkeepStep(db, step);
      options.onStep?.(step, performance.now() - started);
    }
    waitingSince = undefined;
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = pass()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  }, interval_ms);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
