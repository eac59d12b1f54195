import { describe, expect, it } from 'vitest';
import { splitSql } from './split-sql.ts';

describe('splitSql', () => {
  it('splits at top-level semicolons only', () => {
    const script = `
      -- a comment; with a semicolon
      create table a (x text default 'a;b');
      /* block; comment */
      create function f() returns int as $$ select 1; $$ language sql;
      create table "we;ird" (y int);
      insert into a values ('it''s; fine')`;
    expect(splitSql(script)).toEqual([
      "create table a (x text default 'a;b')",
      'create function f() returns int as $$ select 1; $$ language sql',
      'create table "we;ird" (y int)',
      "insert into a values ('it''s; fine')",
    ]);
  });

  it('keeps dollar-quoted bodies whole whatever their tag', () => {
    const script = `
      create function f1() returns int as $fn1$ select 1; $fn1$ language sql;
      create function f2() returns int as $_body$ select 2; $_body$ language sql;
      select $1`;
    expect(splitSql(script)).toEqual([
      'create function f1() returns int as $fn1$ select 1; $fn1$ language sql',
      'create function f2() returns int as $_body$ select 2; $_body$ language sql',
      'select $1',
    ]);
  });

  it('returns nothing for an empty script', () => {
    expect(splitSql('  -- only a comment\n')).toEqual([]);
  });
});
