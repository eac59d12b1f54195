import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export { DAY_MS } from '@paydesk/domain/time';

/**
 * One clock for the engine: the wall clock plus an offset kept in the database, so sandbox
 * time can be moved forward (`clock:advance`) and every process sees the same time.
 */
export async function clockNow(db: Db): Promise<Date> {
  const row = await db.selectFrom('clock').select('offset_ms').executeTakeFirstOrThrow();
  return new Date(Date.now() + row.offset_ms);
}

export async function advanceClock(db: Db, by_ms: number): Promise<Date> {
  if (!Number.isSafeInteger(by_ms) || by_ms <= 0)
    throw new Error('The clock moves forward by a positive whole number of ms');
  const row = await db
    .updateTable('clock')
    .set({ offset_ms: sql`offset_ms + ${by_ms}` })
    .returning('offset_ms')
    .executeTakeFirstOrThrow();
  return new Date(Date.now() + row.offset_ms);
}
