import { type TUserPreferences, ZUserPreferences } from '@paydesk/domain/options';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export async function getPreferences(db: Db, userId: number): Promise<TUserPreferences> {
  const rows = await db
    .selectFrom('user_preferences')
    .select(['name', 'value'])
    .where('user_id', '=', userId)
    .execute();
  // Stored values were validated on the way in; parsing again drops names a later version retired.
  const parsed = ZUserPreferences.safeParse(
    Object.fromEntries(rows.filter((r) => r.name in ZUserPreferences.shape).map((r) => [r.name, r.value])),
  );
  if (!parsed.success) throw new Error(`Stored preferences of user ${userId} do not match their schema`);
  return parsed.data;
}

export async function setPreferences(db: Db, userId: number, values: TUserPreferences): Promise<void> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  await db
    .insertInto('user_preferences')
    .values(entries.map(([name, value]) => ({ user_id: userId, name, value: JSON.stringify(value) })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'name']).doUpdateSet({ value: sql`excluded.value`, updated_at: new Date() }),
    )
    .execute();
}
