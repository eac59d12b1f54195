import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/db.ts';
import { copyInOf, copyText, pinConnection } from './copy-in.ts';
import type { DatabaseHandle } from './database.ts';

describe('COPY text', () => {
  it('escapes what COPY reads as syntax, writes null as \\N and splits into pieces of whole rows', () => {
    const rows = [
      { a: 'tab\there', b: null, c: { k: 'line\nfeed \\ "q"' } },
      { a: 'back\\slash\r', b: true, c: '{"raw":1}' },
      { a: '', b: false, c: undefined },
    ];
    const text = [...copyText(rows, ['a', 'b', 'c'], new Set(['c']))].join('');
    expect(text).toBe(
      'tab\\there\t\\N\t{"k":"line\\\\nfeed \\\\\\\\ \\\\"q\\\\""}\n' +
        'back\\\\slash\\r\tt\t{"raw":1}\n' +
        '\tf\t\\N\n',
    );
    const many = Array.from({ length: 1201 }, (_, i) => ({ n: i }));
    const pieces = [...copyText(many, ['n'], new Set())];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.endsWith('\n'))).toBe(true);
    expect(pieces.join('').split('\n').slice(0, -1)).toEqual(many.map((row) => String(row.n)));
  });

  it('refuses what it cannot write as the text of its column', () => {
    expect(() => [...copyText([{ a: Number.NaN }], ['a'], new Set())]).toThrow(/finite/);
    expect(() => [...copyText([{ a: { x: 1 } }], ['a'], new Set())]).toThrow(/JSON column/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('COPY into a table on a pinned connection [postgres]', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await sql`create table copy_probe (
      id serial primary key, t text, j jsonb, d timestamptz, n bigint, b boolean)`.execute(database.db);
  });
  afterAll(() => database.close());

  const hostile = [
    'plain',
    'tab\tnew\nline\rreturn',
    'back\\slash \\N \\. end',
    '\\.',
    'ünïcødé 🧾 €',
    '',
    'quote " and , comma',
  ];

  it('stores the same values as an insert, inside the transaction, and rolls back with it', async () => {
    const rows = hostile.map((t, i) => ({
      t,
      j: i % 2 === 0 ? { note: t, list: [t, i] } : JSON.stringify({ note: t }),
      d: new Date(Date.UTC(2026, 0, 1, 0, 0, i, 123)),
      n: 2 ** 53 - 1 - i,
      b: i % 2 === 0,
    }));
    const expected = rows.map((row) => ({
      ...row,
      j: typeof row.j === 'string' ? JSON.parse(row.j) : row.j,
      n: row.n,
    }));
    const pinned = await pinConnection(database.pool!);
    try {
      expect(copyInOf(database.db)).toBeUndefined();
      await pinned.db.transaction().execute(async (trx) => {
        const copyIn = copyInOf(trx);
        expect(copyIn).toBeDefined();
        await copyIn!(
          'copy_probe',
          ['t', 'j', 'd', 'n', 'b'],
          copyText(rows, ['t', 'j', 'd', 'n', 'b'], new Set(['j'])),
        );
        const inside = await sql<{ n: number }>`select count(*)::int as n from copy_probe`.execute(trx);
        expect(inside.rows[0]!.n).toBe(rows.length);
      });
      const stored = await sql<
        Record<string, unknown>
      >`select t, j, d, n, b from copy_probe order by id`.execute(database.db);
      expect(stored.rows).toEqual(expected);

      await expect(
        pinned.db.transaction().execute(async (trx) => {
          await copyInOf(trx)!('copy_probe', ['t'], copyText([{ t: 'rolled back' }], ['t'], new Set()));
          throw new Error('abandon');
        }),
      ).rejects.toThrow('abandon');
      const count = await sql<{ n: number }>`select count(*)::int as n from copy_probe`.execute(database.db);
      expect(count.rows[0]!.n).toBe(rows.length);
    } finally {
      pinned.release();
    }
  });

  it('fails the statement on a value its column refuses, leaving the connection usable', async () => {
    const pinned = await pinConnection(database.pool!);
    try {
      await expect(
        pinned.db.transaction().execute(async (trx) => {
          await copyInOf(trx)!('copy_probe', ['n'], copyText([{ n: 'not a number' }], ['n'], new Set()));
        }),
      ).rejects.toThrow(/bigint/);
      const after = await sql<{ one: number }>`select 1 as one`.execute(pinned.db);
      expect(after.rows[0]!.one).toBe(1);
    } finally {
      pinned.release();
    }
  });
});
