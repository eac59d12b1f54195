import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../engine/ledger-check.ts';
import { BULK_TABLES } from '../engine/seed/bulk-load.ts';
import { seedHistory } from '../engine/seed/seed.ts';
import { describeEachDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from '../testing/db.ts';
import { type DatabaseHandle, type Db, openDatabase } from './database.ts';
import { listMigrations, migrate } from './migrate.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ oid: string | null }>`select to_regclass(${name})::text as oid`.execute(db);
  return rows[0]?.oid !== null;
}

async function recorded(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}

/**
 * A database with nothing in it, not even `schema_migrations`: an in-memory PGlite, or a new
 * schema on TEST_DATABASE_URL. `connections` opens that many separate handles on it, as that
 * many server processes would.
 */
async function emptyDatabase(
  kind: TestDatabaseKind,
  connections = 1,
): Promise<{ handles: DatabaseHandle[]; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined }, { migrate: false });
    return { handles: [handle], close: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 }, { migrate: false });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handles = await Promise.all(
    Array.from({ length: connections }, () =>
      openDatabase({ kind: 'postgres', url, schema, poolSize: 1 }, { migrate: false }),
    ),
  );
  return {
    handles,
    close: async () => {
      for (const handle of handles) await handle.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`migrating a fresh database [${kind}]`, () => {
    it('applies every migration once, records it, and applies nothing the second time', async () => {
      const empty = await emptyDatabase(kind);
      try {
        const db = empty.handles[0]!.db;
        const names = listMigrations().map((m) => m.name);
        expect(names[0]).toBe('0001_foundation');
        expect(await tableExists(db, 'users')).toBe(false);
        expect(await migrate(db)).toEqual(names);
        expect(await recorded(db)).toEqual(names);
        expect(await tableExists(db, 'users')).toBe(true);
        expect(await migrate(db)).toEqual([]);
        expect(await recorded(db)).toEqual(names);
      } finally {
        await empty.close();
      }
    });

    it.runIf(kind === 'postgres')(
      'lets several processes start at once on an empty database, applying each migration once',
      async () => {
        const names = listMigrations().map((m) => m.name);
        // A race shows up in some rounds only, so a few rounds make a regression all but certain to fail.
        for (let round = 0; round < 5; round++) {
          const empty = await emptyDatabase(kind, 8);
          try {
            const results = await Promise.all(empty.handles.map((handle) => migrate(handle.db)));
            expect(results.flat().sort()).toEqual([...names].sort());
            expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
            expect(await recorded(empty.handles[0]!.db)).toEqual(names);
          } finally {
            await empty.close();
          }
        }
      },
    );
  });
}

/**
 * A migration over a store that has history: a new database of `kind` migrated to just before
 * `name`, seeded by `seed`, then `test` with the handle and a function that applies the rest
 * (and checks that it applied `name` and those after it).
 */
async function withHistoryBefore(
  kind: TestDatabaseKind,
  name: string,
  seed: { transactions: number; days: number; seed: number },
  test: (handle: DatabaseHandle, migrateRest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const empty = await emptyDatabase(kind);
  try {
    const handle = empty.handles[0]!;
    const all = listMigrations();
    await migrate(
      handle.db,
      all.filter((m) => m.name < name),
    );
    await seedHistory(handle, { ...seed, end: new Date('2026-06-15T12:34:56Z') });
    await test(handle, async () => {
      expect(await migrate(handle.db, all)).toEqual(all.filter((m) => m.name >= name).map((m) => m.name));
    });
  } finally {
    await empty.close();
  }
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`migration 0053 [${kind}]`, () => {
    it("keeps every payment risk row, named by its ledger row's sequence number", async () => {
      await withHistoryBefore(
        kind,
        '0053',
        { transactions: 100, days: 5, seed: 3 },
        async (handle, migrateRest) => {
          const before = await sql<Record<string, unknown>>`
          select bt.seq, r.* from payment_risk r join balance_transactions bt on bt.id = r.balance_transaction_id
           order by bt.seq`.execute(handle.db);
          expect(before.rows.length).toBeGreaterThan(50);
          await migrateRest();
          const after = await sql<Record<string, unknown>>`select * from payment_risk order by seq`.execute(
            handle.db,
          );
          expect(after.rows).toEqual(before.rows.map(({ balance_transaction_id: _, ...row }) => row));
          const differ = await sql<{ n: number }>`
          select count(*)::int as n from (
            (select * from payment_risk except select * from payment_risk_source)
            union all
            (select * from payment_risk_source except select * from payment_risk)) d`.execute(handle.db);
          expect(differ.rows[0]!.n).toBe(0);
        },
      );
    }, 60_000);
  });

  describe(`migration 0055 [${kind}]`, () => {
    it("sums an existing store's unswept rows into their hours, which the triggers then keep", async () => {
      await withHistoryBefore(
        kind,
        '0055',
        { transactions: 300, days: 20, seed: 5 },
        async (handle, migrateRest) => {
          await migrateRest();
          const grouped = sql`
          select account_id, currency, date_trunc('hour', available_on, 'UTC') as hour,
                 count(*)::int as count, sum(net)::text as net
            from ledger_unswept group by 1, 2, 3 order by 1, 2, 3`;
          const cells = sql`
          select account_id, currency, hour, count::int as count, net::text as net
            from ledger_unswept_hours order by 1, 2, 3`;
          const rows = (await grouped.execute(handle.db)).rows;
          expect(rows.length).toBeGreaterThan(10);
          expect((await cells.execute(handle.db)).rows).toEqual(rows);
          // More history after the migration: its rows are added to the cells and the payouts'
          // sweeps take them out again, through the triggers.
          const swept = async () =>
            Number(
              (await sql<{ n: string }>`select count(*)::text as n from ledger_payouts`.execute(handle.db))
                .rows[0]!.n,
            );
          const sweptBefore = await swept();
          await seedHistory(handle, {
            transactions: 300,
            days: 5,
            seed: 6,
            end: new Date('2026-06-25T12:34:56Z'),
          });
          expect(await swept()).toBeGreaterThan(sweptBefore);
          expect((await cells.execute(handle.db)).rows).toEqual((await grouped.execute(handle.db)).rows);
          const checks = await checkLedger(handle.db);
          expect(checks.filter((check) => check.count > 0).map((check) => check.name)).toEqual([]);
        },
      );
    }, 60_000);
  });

  describe(`migration 0056 [${kind}]`, () => {
    it("sums an existing store's customers by their first letters, which the trigger then keeps", async () => {
      await withHistoryBefore(
        kind,
        '0056',
        { transactions: 300, days: 20, seed: 7 },
        async (handle, migrateRest) => {
          await migrateRest();
          // The ledger's rows with a customer, summed by the first letters of the name and e-mail.
          const grouped = sql`
          select account_id, left(lower(customer_name), 1) as n, left(lower(customer_email), 1) as e,
                 type, currency, customer_currency, customer_country, source,
                 count(*)::int as count, sum(amount)::text as amount, sum(fee)::text as fee, sum(net)::text as net
            from balance_transactions where customer_name is not null or customer_email is not null
           group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`;
          const letters = sql`
          select account_id, customer_name as n, customer_email as e,
                 type, currency, customer_currency, customer_country, source,
                 count::int as count, amount::text as amount, fee::text as fee, net::text as net
            from ledger_customer_letters order by 1, 2, 3, 4, 5, 6, 7, 8`;
          const rows = (await grouped.execute(handle.db)).rows;
          expect(rows.length).toBeGreaterThan(10);
          expect((await letters.execute(handle.db)).rows).toEqual(rows);
          // More history after the migration, with returning customers: its rows are added to
          // the letters' sums by the ledger's trigger.
          await seedHistory(handle, {
            transactions: 300,
            days: 5,
            seed: 8,
            end: new Date('2026-06-25T12:34:56Z'),
          });
          const after = (await grouped.execute(handle.db)).rows;
          expect(after).not.toEqual(rows);
          expect((await letters.execute(handle.db)).rows).toEqual(after);
          const checks = await checkLedger(handle.db);
          expect(checks.filter((check) => check.count > 0).map((check) => check.name)).toEqual([]);
        },
      );
    }, 60_000);
  });
}

describe('openDatabase', () => {
  it('migrates the database it opens unless told not to', async () => {
    const bare = await openDatabase({ kind: 'pglite', dataDir: undefined }, { migrate: false });
    expect(await tableExists(bare.db, 'schema_migrations')).toBe(false);
    await bare.close();
    const migrated = await openDatabase({ kind: 'pglite', dataDir: undefined });
    expect(await recorded(migrated.db)).toEqual(listMigrations().map((m) => m.name));
    await migrated.close();
  });
});

describeEachDatabase('migrations from a folder', (use) => {
  it('applies new files in name order, records each, and only the new ones on a later run', async () => {
    const db = use().db;
    const dir = migrationsDir({
      '9002_second.sql': "insert into mig_order (step) values ('second');",
      '9001_first.sql':
        "-- the table the others write to\ncreate table mig_order (id serial primary key, step text not null);\ninsert into mig_order (step) values ('first');",
      'README.md': 'not a migration',
    });
    expect(await migrate(db, listMigrations(dir))).toEqual(['9001_first', '9002_second']);
    expect(await migrate(db, listMigrations(dir))).toEqual([]);
    writeFileSync(join(dir, '9003_third.sql'), "insert into mig_order (step) values ('third');");
    expect(await migrate(db, listMigrations(dir))).toEqual(['9003_third']);
    const steps = await sql<{ step: string }>`select step from mig_order order by id`.execute(db);
    expect(steps.rows.map((r) => r.step)).toEqual(['first', 'second', 'third']);
    expect(await recorded(db)).toEqual(expect.arrayContaining(['9001_first', '9002_second', '9003_third']));
  });

  it('rolls a failing run back entirely: no table of it, no record, and it applies once fixed', async () => {
    const db = use().db;
    const before = await recorded(db);
    const dir = migrationsDir({
      '9101_ok.sql': 'create table mig_ok (x int);',
      '9102_bad.sql': 'create table mig_half (x int);\ninsert into mig_missing values (1);',
    });
    await expect(migrate(db, listMigrations(dir))).rejects.toThrow(/mig_missing/);
    expect(await tableExists(db, 'mig_ok')).toBe(false);
    expect(await tableExists(db, 'mig_half')).toBe(false);
    expect(await recorded(db)).toEqual(before);

    writeFileSync(join(dir, '9102_bad.sql'), 'create table mig_half (x int);');
    expect(await migrate(db, listMigrations(dir))).toEqual(['9101_ok', '9102_bad']);
    expect(await tableExists(db, 'mig_ok')).toBe(true);
    expect(await tableExists(db, 'mig_half')).toBe(true);
  });
});

describeEachDatabase('triggers', (use) => {
  it('fire in replica mode too, where the seeder writes its batches, each named for what it copies', async () => {
    const triggers = await sql<{ table: string; name: string; enabled: string }>`
      select c.relname as table, t.tgname as name, t.tgenabled as enabled
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
       order by 1, 2`.execute(use().db);
    const bulk = triggers.rows.filter((row) => (BULK_TABLES as readonly string[]).includes(row.table));
    expect(bulk.map((row) => `${row.table}.${row.name}`)).toEqual(
      expect.arrayContaining([
        'balance_transactions.balance_transactions_customers',
        'balance_transactions.balance_transactions_payment_risk',
        'balance_transactions.balance_transactions_unswept',
        'disputes.disputes_copies',
      ]),
    );
    // 'A': always. A trigger fired only in origin mode would skip the seeder's rows.
    for (const row of bulk) expect(row.enabled, `${row.table}.${row.name}`).toBe('A');
  });
});

describeEachDatabase('export files', (use, kind) => {
  it('are kept compressed with lz4 where the server has it, else as they are (migrations 0036, 0050)', async () => {
    const column = await sql<{ storage: string; compression: string }>`
      select a.attstorage as storage, a.attcompression as compression
        from pg_attribute a
       where a.attrelid = 'export_chunks'::regclass and a.attname = 'data'`.execute(use().db);
    // Debian's PostgreSQL has lz4; the embedded database has pglz alone, which stored a file at a
    // sixth of the speed it is written.
    if (kind === 'postgres') expect(column.rows[0]).toEqual({ storage: 'x', compression: 'l' });
    else expect(column.rows[0]).toEqual({ storage: 'e', compression: '' });
  });
});
