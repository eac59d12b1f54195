import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL ending the server's connections (a restart, a crash, an operator's
 * pg_terminate_backend): the process goes on, the queries that were running on them fail, and the
 * next ones run on new connections. crash.test.ts kills a whole PostgreSQL under a running server;
 * this ends single connections of the shared one. An 'error' the pool or a client emits with no
 * one listening would end the process, which Vitest reports as an unhandled error.
 */
describe.skipIf(!url)('connections PostgreSQL ends', () => {
  let database: DatabaseHandle;
  let admin: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 2 }, { migrate: false });
    admin = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1 }, { migrate: false });
  });
  afterAll(async () => {
    await database?.close();
    await admin?.close();
  });

  const backendPid = async (db: DatabaseHandle['db']) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  /** Ends the backends and waits until PostgreSQL no longer lists them. */
  async function terminate(pids: number[]): Promise<void> {
    await sql`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`.execute(admin.db);
    for (let attempt = 0; attempt < 100; attempt++) {
      const left = await sql`select 1 from pg_stat_activity where pid = any(${pids}::int[])`.execute(
        admin.db,
      );
      if (left.rows.length === 0) return;
      await sleep(20);
    }
    throw new Error(`backends ${pids.join(', ')} did not end`);
  }

  it('drops an idle connection that was ended and answers the next query on a new one', async () => {
    const idle = await backendPid(database.db);
    await terminate([idle]);
    // Give the idle client's socket time to report the end before the pool hands it out again.
    await sleep(100);
    const next = await backendPid(database.db);
    expect(next).not.toBe(idle);
  });

  it('fails the transaction whose connection was ended, and serves the next one', async () => {
    const failed = database.db.transaction().execute(async (trx) => {
      const held = await backendPid(trx);
      await terminate([held]);
      await sleep(100);
      await sql`select 1`.execute(trx);
    });
    await expect(failed).rejects.toThrow();
    expect(await backendPid(database.db)).toBeGreaterThan(0);
  });
});
