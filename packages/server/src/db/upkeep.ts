import { MINUTE_MS, SECOND_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import { startLoop } from '../loop.ts';
import { type Db, embeddedDatabaseOf } from './database.ts';
import type { Database } from './schema.ts';

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
 * three live in memory and start from zero each time the store opens; the upkeep carries what
 * they counted from one run to the next (`CarriedCounts`), and a table whose file has grown by
 * `grownShare` since PostgreSQL last counted its rows (`pg_class.relpages`) is due as well, for
 * what a run that ended without closing the store did not carry.
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

/**
 * What a table's counters had counted in earlier runs of the store, since its last `VACUUM`
 * (dead and inserted rows) or `ANALYZE` (changed rows): kept in `upkeep_counts` (migration 0051).
 */
export type CarriedCounts = ReadonlyMap<string, Pick<TableActivity, 'dead' | 'inserted' | 'changed'>>;

/**
 * Every table of the store and its counters, with what earlier runs counted (`carried`) added:
 * a table vacuumed in this run has left its carried dead and inserted rows behind, one analyzed
 * its carried changes (the seeder's `VACUUM`s and `freeDeletedRows` count as much as the upkeep's).
 */
export async function tableActivity(db: Db, carried: CarriedCounts = new Map()): Promise<TableActivity[]> {
  const { rows } = await sql<TableActivity & { vacuumed: boolean; analyzed: boolean }>`
    select c.relname as "table",
           c.reltuples::float8 as tuples,
           s.n_dead_tup::int8 as dead,
           s.n_ins_since_vacuum::int8 as inserted,
           s.n_mod_since_analyze::int8 as changed,
           c.relpages::int8 as "pagesCounted",
           (pg_relation_size(c.oid) / current_setting('block_size')::int8)::int8 as "pagesNow",
           s.vacuum_count + s.autovacuum_count > 0 as vacuumed,
           s.analyze_count + s.autoanalyze_count > 0 as analyzed
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema()
     order by c.relname`.execute(db);
  return rows.map(({ vacuumed, analyzed, ...activity }) => {
    const before = carried.get(activity.table);
    if (!before) return activity;
    return {
      ...activity,
      dead: activity.dead + (vacuumed ? 0 : before.dead),
      inserted: activity.inserted + (vacuumed ? 0 : before.inserted),
      changed: activity.changed + (analyzed ? 0 : before.changed),
    };
  });
}

/** What earlier runs counted (`CarriedCounts`). */
export async function carriedCounts(db: Db): Promise<CarriedCounts> {
  const rows = await db.selectFrom('upkeep_counts').selectAll().execute();
  return new Map(rows.map(({ table_name, ...counts }) => [table_name, counts]));
}

/** A set of kept counts as a key, whatever order its tables come in. */
function countsKey(counts: Iterable<[string, Pick<TableActivity, 'dead' | 'inserted' | 'changed'>]>): string {
  return JSON.stringify(
    [...counts]
      .map(([table, { dead, inserted, changed }]) => [table, dead, inserted, changed])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

/**
 * Keeps the counts for the next run: every table's that has any. Answers what it kept, as a key
 * that a caller compares to skip writing the same again.
 */
async function keepCounts(db: Db, activity: readonly TableActivity[], kept: string): Promise<string> {
  const rows = activity
    .filter(({ dead, inserted, changed }) => dead > 0 || inserted > 0 || changed > 0)
    .map(({ table, dead, inserted, changed }) => ({ table_name: table, dead, inserted, changed }));
  const key = countsKey(rows.map((row) => [row.table_name, row]));
  if (key === kept) return key;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('upkeep_counts').execute();
    if (rows.length > 0) await trx.insertInto('upkeep_counts').values(rows).execute();
  });
  return key;
}

/** The tables due for upkeep now. */
export function dueSteps(activity: readonly TableActivity[]): UpkeepStep[] {
  return activity.map(upkeepOf).filter((step) => step.vacuum || step.analyze);
}

/** The tables due for upkeep now, by this run's counters and `carried`. */
export async function dueUpkeep(db: Db, carried?: CarriedCounts): Promise<UpkeepStep[]> {
  return dueSteps(await tableActivity(db, carried));
}

/**
 * Runs one step: `VACUUM`, `ANALYZE` or both in one pass. Every vacuum and analysis of the store
 * is one of these: the upkeep's, `freeDeletedRows`' and the seeder's. Outside a transaction only.
 */
export async function runUpkeepStep(db: Db, step: UpkeepStep): Promise<void> {
  const table = sql.table(step.table);
  if (step.vacuum && step.analyze) await sql`vacuum (analyze) ${table}`.execute(db);
  else if (step.vacuum) await sql`vacuum ${table}`.execute(db);
  else if (step.analyze) await sql`analyze ${table}`.execute(db);
}

/**
 * Frees the space of the rows deleted from `table` for the rows written next. PostgreSQL's
 * autovacuum does this in time; the embedded database runs none (one process, no background
 * workers), so there a table that deletes rows as it goes would keep every row it ever held.
 * Outside a transaction only, as `VACUUM` is.
 */
export async function freeDeletedRows(db: Db, table: keyof Database & string): Promise<void> {
  if (embeddedDatabaseOf(db)) await runUpkeepStep(db, { table, vacuum: true, analyze: false });
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
 * or `max_wait_ms` for a store that never has one. Each pass keeps the counts for the next run
 * (`keepCounts`), as stopping does. Nothing on PostgreSQL, whose autovacuum does this. Answers a
 * function that stops it after the step in progress.
 */
export function startUpkeep(db: Db, options: UpkeepOptions): () => Promise<void> {
  if (!embeddedDatabaseOf(db)) return async () => {};
  const interval_ms = options.interval_ms ?? UPKEEP_INTERVAL_MS;
  const quiet_ms = options.quiet_ms ?? UPKEEP_QUIET_MS;
  const max_wait_ms = options.max_wait_ms ?? UPKEEP_MAX_WAIT_MS;
  let stopped = false;
  // When due work was first found and left for a quiet moment.
  let waitingSince: number | undefined;
  // What earlier runs counted, read at the first pass; and what is kept now, so that a run that
  // changes nothing writes nothing.
  let carried: CarriedCounts | undefined;
  let kept = '';
  const activity = async () => {
    if (!carried) {
      carried = await carriedCounts(db);
      kept = countsKey(carried);
    }
    return tableActivity(db, carried);
  };
  const pass = async () => {
    const now = await activity();
    kept = await keepCounts(db, now, kept);
    const steps = dueSteps(now);
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
  const loop = startLoop(pass, {
    interval_ms,
    onError: options.onError,
  });
  // Stopping keeps this run's counts for the next (the store is about to close).
  return async () => {
    stopped = true;
    await loop.stop();
    try {
      await keepCounts(db, await activity(), kept);
    } catch (error) {
      options.onError?.(error);
    }
  };
}
