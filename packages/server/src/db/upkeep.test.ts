import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../testing/db.ts';
import { type Db, openDatabase } from './database.ts';
import {
  carriedCounts,
  dueUpkeep,
  runUpkeepStep,
  startUpkeep,
  type TableActivity,
  UPKEEP_RULES,
  upkeepOf,
} from './upkeep.ts';

const quiet: TableActivity = {
  table: 't',
  tuples: 10_000,
  dead: 0,
  inserted: 0,
  changed: 0,
  pagesCounted: 100,
  pagesNow: 100,
};

describe('upkeepOf: when a table is due', () => {
  it('follows PostgreSQL autovacuum defaults for dead, inserted and changed rows', () => {
    const rows = quiet.tuples;
    const { deadRows, insertedRows, changedRows } = UPKEEP_RULES;
    const at = (patch: Partial<TableActivity>) => {
      const { vacuum, analyze } = upkeepOf({ ...quiet, ...patch });
      return { vacuum, analyze };
    };
    expect(at({})).toEqual({ vacuum: false, analyze: false });
    const dead = deadRows.base + deadRows.share * rows;
    expect(at({ dead })).toEqual({ vacuum: false, analyze: false });
    expect(at({ dead: dead + 1 })).toEqual({ vacuum: true, analyze: false });
    const inserted = insertedRows.base + insertedRows.share * rows;
    expect(at({ inserted })).toEqual({ vacuum: false, analyze: false });
    expect(at({ inserted: inserted + 1 })).toEqual({ vacuum: true, analyze: false });
    const changed = changedRows.base + changedRows.share * rows;
    expect(at({ changed })).toEqual({ vacuum: false, analyze: false });
    expect(at({ changed: changed + 1 })).toEqual({ vacuum: false, analyze: true });
  });

  it('counts a table never counted (reltuples -1) as empty', () => {
    const never = { ...quiet, tuples: -1, pagesCounted: 0, pagesNow: 0 };
    expect(upkeepOf({ ...never, changed: 50 }).analyze).toBe(false);
    expect(upkeepOf({ ...never, changed: 51 }).analyze).toBe(true);
  });

  it('takes a table whose file grew by a tenth since it was counted, whatever its counters say', () => {
    const grownTo = (pagesNow: number) => upkeepOf({ ...quiet, pagesNow });
    const limit = UPKEEP_RULES.basePages + (1 + UPKEEP_RULES.grownShare) * quiet.pagesCounted;
    expect(grownTo(Math.floor(limit))).toMatchObject({ vacuum: false, analyze: false });
    expect(grownTo(Math.floor(limit) + 1)).toMatchObject({ vacuum: true, analyze: true });
    // Never counted: a few pages are not worth it, more are.
    const never = { ...quiet, tuples: -1, pagesCounted: 0 };
    expect(upkeepOf({ ...never, pagesNow: UPKEEP_RULES.basePages }).analyze).toBe(false);
    expect(upkeepOf({ ...never, pagesNow: UPKEEP_RULES.basePages + 1 }).analyze).toBe(true);
  });
});

/** Makes this connection's counters visible to `pg_stat_user_tables` now, not within a second. */
async function flushCounters(db: Db): Promise<void> {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
}

const probeStep = async (db: Db) => (await dueUpkeep(db)).find((step) => step.table === 'upkeep_probe');

describeEachDatabase('database upkeep', (use, kind) => {
  if (kind === 'postgres') {
    it('runs nothing on PostgreSQL, whose autovacuum keeps the tables', async () => {
      const { db } = use();
      await sql`create table upkeep_idle (id int primary key)`.execute(db);
      await sql`insert into upkeep_idle select g from generate_series(1, 5000) g`.execute(db);
      const onStep = vi.fn();
      const stop = startUpkeep(db, { idleMs: () => Number.POSITIVE_INFINITY, interval_ms: 10, onStep });
      await new Promise((resolve) => setTimeout(resolve, 150));
      await stop();
      expect(onStep).not.toHaveBeenCalled();
    });
    return;
  }

  it('finds a table by its counters, and after its step leaves it counted and analyzed', async () => {
    const { db } = use();
    await sql`create table upkeep_probe (id int primary key, note text not null)`.execute(db);
    await sql`insert into upkeep_probe select g, 'note ' || g from generate_series(1, 2000) g`.execute(db);
    await flushCounters(db);
    const step = await probeStep(db);
    expect(step).toEqual({ table: 'upkeep_probe', vacuum: true, analyze: true });
    await runUpkeepStep(db, step!);
    await flushCounters(db);
    expect(await probeStep(db)).toBeUndefined();
    const counted = await sql<{ tuples: number; vacuumed: boolean; analyzed: boolean; columns: number }>`
      select c.reltuples::int as tuples, s.last_vacuum is not null as vacuumed,
             s.last_analyze is not null as analyzed,
             (select count(*)::int from pg_stats p where p.tablename = 'upkeep_probe') as columns
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
       where c.relname = 'upkeep_probe'`.execute(db);
    expect(counted.rows).toEqual([{ tuples: 2000, vacuumed: true, analyzed: true, columns: 2 }]);

    // A quarter of the rows updated: their old versions to free, and statistics to take again.
    await sql`update upkeep_probe set note = note || '!' where id <= 500`.execute(db);
    await flushCounters(db);
    expect(await probeStep(db)).toEqual({ table: 'upkeep_probe', vacuum: true, analyze: true });
    await runUpkeepStep(db, { table: 'upkeep_probe', vacuum: true, analyze: true });
    await flushCounters(db);
    expect(await probeStep(db)).toBeUndefined();
  });

  it('finds a grown table after the counters were lost, as they are when the store opens again', async () => {
    const { db } = use();
    await sql`insert into upkeep_probe select g, 'note ' || g from generate_series(2001, 7000) g`.execute(db);
    await flushCounters(db);
    await sql`select pg_stat_reset()`.execute(db);
    expect(await probeStep(db)).toEqual({ table: 'upkeep_probe', vacuum: true, analyze: true });
  });

  it('waits for a quiet moment, and runs anyway once it has waited max_wait_ms', async () => {
    const { db } = use();
    const steps: string[] = [];
    const onStep = (step: { table: string }) => steps.push(step.table);
    let idle = 0;
    const busy = startUpkeep(db, { idleMs: () => idle, interval_ms: 10, onStep });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(steps).toEqual([]);
    idle = 60_000;
    await vi.waitFor(() => expect(steps).toContain('upkeep_probe'), { timeout: 5000 });
    await busy();
    await flushCounters(db);
    expect(await probeStep(db)).toBeUndefined();

    await sql`update upkeep_probe set note = note || '?'`.execute(db);
    await flushCounters(db);
    steps.length = 0;
    const overdue = startUpkeep(db, { idleMs: () => 0, interval_ms: 10, max_wait_ms: 0, onStep });
    await vi.waitFor(() => expect(steps).toContain('upkeep_probe'), { timeout: 5000 });
    await overdue();
  });

  it('carries the counters from one run of the store to the next, until the table is vacuumed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-upkeep-'));
    const open = () => openDatabase({ kind: 'pglite', dataDir });
    const carryStep = async (db: Db, carried?: Awaited<ReturnType<typeof carriedCounts>>) =>
      (await dueUpkeep(db, carried)).find((step) => step.table === 'upkeep_carry');
    try {
      let store = await open();
      await sql`create table upkeep_carry (id int primary key, note text not null)`.execute(store.db);
      await sql`insert into upkeep_carry select g, 'note ' || g from generate_series(1, 2000) g`.execute(
        store.db,
      );
      await flushCounters(store.db);
      await sql`vacuum (analyze) upkeep_carry`.execute(store.db);
      // Each run updates 300 of 2,000 rows: under the 450 dead rows (50 + a fifth) that make a
      // vacuum due, and over the 250 changes (50 + a tenth) that make an analysis due.
      const run = async () => {
        await sql`update upkeep_carry set note = note || '!' where id <= 300`.execute(store.db);
        await flushCounters(store.db);
      };
      await run();
      expect(await carryStep(store.db)).toEqual({ table: 'upkeep_carry', vacuum: false, analyze: true });
      const first = startUpkeep(store.db, { idleMs: () => 0, interval_ms: 60_000 });
      await first();
      await store.close();

      store = await open();
      // A run that changes nothing writes nothing: what it would keep is what is kept.
      const keptRows = () => sql<{ xmin: string }>`select xmin::text from upkeep_counts`.execute(store.db);
      const before = (await keptRows()).rows;
      expect(before.length).toBeGreaterThan(0);
      const idle = startUpkeep(store.db, { idleMs: () => 0, interval_ms: 10 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await idle();
      expect((await keptRows()).rows).toEqual(before);
      await run();
      // Counted from zero again, the second run's 300 dead rows would not make a vacuum due.
      expect(await carryStep(store.db)).toEqual({ table: 'upkeep_carry', vacuum: false, analyze: true });
      const carried = await carriedCounts(store.db);
      expect(carried.get('upkeep_carry')).toMatchObject({ dead: 300, changed: 300 });
      expect(await carryStep(store.db, carried)).toEqual({
        table: 'upkeep_carry',
        vacuum: true,
        analyze: true,
      });

      // Once vacuumed and analyzed in this run, what earlier runs counted is done with.
      await runUpkeepStep(store.db, { table: 'upkeep_carry', vacuum: true, analyze: true });
      await flushCounters(store.db);
      expect(await carryStep(store.db, carried)).toBeUndefined();
      const second = startUpkeep(store.db, { idleMs: () => 0, interval_ms: 60_000 });
      await second();
      expect((await carriedCounts(store.db)).get('upkeep_carry')).toBeUndefined();
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
