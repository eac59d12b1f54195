import { minorFromAggregate } from '@paydesk/domain';
import { type Expression, sql } from 'kysely';
import type { Executor } from '../ledger.ts';

/**
 * Where the row at `position` of an ordered list falls, from counts of its rows per period (an
 * hour or a day of the rollups or the cubes): walking `periods` (each `start` with its `rows`)
 * in `direction`, the first whose running count passes `position`, and how many of the list's
 * rows in that period come before it. Undefined past the last row.
 */
export async function periodOfPosition(
  db: Executor,
  periods: Expression<{ start: Date; rows: unknown }>,
  direction: 'asc' | 'desc',
  position: number,
): Promise<{ start: Date; skip: number } | undefined> {
  const order = sql.raw(direction);
  const result = await sql<{ start: Date; before: string }>`
    select start, (running - rows)::text as before from (
      select start, rows, sum(rows) over (order by start ${order} rows unbounded preceding) as running
      from (${periods}) as periods
    ) as walk
    where running > ${position}
    order by start ${order}
    limit 1`.execute(db);
  const row = result.rows[0];
  return row ? { start: new Date(row.start), skip: position - minorFromAggregate(row.before) } : undefined;
}
