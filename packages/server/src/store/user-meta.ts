import { store } from '@paydesk/domain/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A user's saved `woocommerce_meta` names (docs/compatibility.md). */
export async function getUserMeta(db: Db, userId: number): Promise<store.TWoocommerceMeta> {
  const rows = await db
    .selectFrom('user_meta')
    .select(['meta_key', 'meta_value'])
    .where('user_id', '=', userId)
    .where('meta_key', 'in', store.WOOCOMMERCE_META_KEYS)
    .orderBy('meta_key')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.meta_key, row.meta_value]));
}

/** Saves the given names; names left out keep their values. */
export async function setUserMeta(db: Db, userId: number, values: store.TWoocommerceMeta): Promise<void> {
  const entries = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (entries.length === 0) return;
  await db
    .insertInto('user_meta')
    .values(entries.map(([meta_key, meta_value]) => ({ user_id: userId, meta_key, meta_value })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'meta_key'])
        .doUpdateSet({ meta_value: sql`excluded.meta_value`, updated_at: sql`now()` }),
    )
    .execute();
}
