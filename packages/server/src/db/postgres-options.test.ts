import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, POSTGRES_SESSION_OPTIONS, postgresOptions } from './database.ts';

describe('the options of a PostgreSQL connection', () => {
  const url = 'postgres://paydesk@db.example:5432/paydesk';

  it('are ours, then the operator’s, then the schema', () => {
    expect(postgresOptions(url, undefined, {})).toBe(POSTGRES_SESSION_OPTIONS);
    expect(postgresOptions(url, 'test_1', { PGOPTIONS: '-c jit=on' })).toBe(
      `${POSTGRES_SESSION_OPTIONS} -c jit=on -c search_path=test_1`,
    );
    // Options in the URL are the operator's, as libpq reads them, in place of PGOPTIONS.
    expect(
      postgresOptions(`${url}?options=-c%20statement_timeout%3D5s`, undefined, { PGOPTIONS: '-c jit=on' }),
    ).toBe(`${POSTGRES_SESSION_OPTIONS} -c statement_timeout=5s`);
    expect(postgresOptions('host=/var/run/postgresql dbname=paydesk', undefined, { PGOPTIONS: '' })).toBe(
      POSTGRES_SESSION_OPTIONS,
    );
  });
});

const testUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testUrl !== undefined)('a PostgreSQL connection', () => {
  const saved = process.env.PGOPTIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = saved;
  });

  const jitOf = async () => {
    const handle = await openDatabase({ kind: 'postgres', url: testUrl!, poolSize: 1 }, { migrate: false });
    try {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(handle.db);
      return rows[0]!.jit;
    } finally {
      await handle.close();
    }
  };

  it('compiles nothing just in time, unless the operator says so', async () => {
    delete process.env.PGOPTIONS;
    expect(await jitOf()).toBe('off');
    process.env.PGOPTIONS = '-c jit=on';
    expect(await jitOf()).toBe('on');
  });
});
