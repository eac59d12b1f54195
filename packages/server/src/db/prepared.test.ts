import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/db.ts';
import type { DatabaseHandle } from './database.ts';
import { MAX_PREPARED, preparedName } from './prepared.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements kept prepared [postgres]', () => {
  let handle: DatabaseHandle;
  let client: pg.PoolClient;
  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    client = await handle.pool!.connect();
  }, 60_000);
  afterAll(async () => {
    client?.release();
    await handle?.close();
  });

  const kept = async () => {
    const result = await client.query<{ name: string }>(
      "select name from pg_prepared_statements where name like 'paydesk\\_%'",
    );
    return result.rows.map((row) => row.name);
  };

  it('keep a statement sent a second time on its connection, answering as before', async () => {
    const text = 'select $1::int + 1 as next, current_schema() as schema';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await client.query(text, [i])).rows[0]);
    expect(answers.map((row) => row.next)).toEqual([1, 2, 3, 4]);
    expect(new Set(answers.map((row) => row.schema)).size).toBe(1);
    expect(await kept()).toContain(preparedName(text));
  });

  it('send unnamed a statement sent once, and one without parameters', async () => {
    const once = 'select $1::text as once';
    await client.query(once, ['a']);
    const bare = 'select 1 as bare';
    for (let i = 0; i < 3; i++) await client.query(bare, []);
    const names = await kept();
    expect(names).not.toContain(preparedName(once));
    expect(names).not.toContain(preparedName(bare));
  });

  it("fail once when a table's columns change under a kept statement, then send it unnamed", async () => {
    await client.query('create temporary table prepared_probe (a int)');
    await client.query('insert into prepared_probe values (1)');
    const text = 'select * from prepared_probe where a >= $1';
    for (let i = 0; i < 2; i++) expect((await client.query(text, [0])).rows).toEqual([{ a: 1 }]);
    expect(await kept()).toContain(preparedName(text));
    await client.query('alter table prepared_probe add column b int');
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(text, [0])).rows).toEqual([{ a: 1, b: null }]);
  });

  it('keep at most MAX_PREPARED statements on a connection', async () => {
    for (let i = 0; i < MAX_PREPARED + 10; i++) {
      const text = `select $1::int as n${i}`;
      await client.query(text, [i]);
      await client.query(text, [i]);
    }
    expect((await kept()).length).toBe(MAX_PREPARED);
  });
});
