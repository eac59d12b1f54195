import {
  STORE_SETTING_DEFAULTS,
  STORE_SETTING_KEYS,
  type TStoreSettings,
  ZStoreSettings,
} from '@paydesk/domain/store-settings';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export async function getOptions(db: Db, names: readonly string[]): Promise<Record<string, unknown>> {
  if (names.length === 0) return {};
  const rows = await db.selectFrom('options').select(['name', 'value']).where('name', 'in', names).execute();
  const found = new Map(rows.map((r) => [r.name, r.value]));
  return Object.fromEntries(names.map((name) => [name, found.get(name) ?? null]));
}

export async function getOption<T>(db: Db, name: string): Promise<T | undefined> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function setOptions(db: Db, values: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  await db
    .insertInto('options')
    .values(entries.map(([name, value]) => ({ name, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`excluded.value`, updated_at: new Date() }))
    .execute();
}

/** The store settings with defaults for any not set yet. */
export async function getStoreSettings(db: Db): Promise<TStoreSettings> {
  const stored = await getOptions(db, STORE_SETTING_KEYS);
  const merged: Record<string, string> = { ...STORE_SETTING_DEFAULTS };
  for (const key of STORE_SETTING_KEYS) {
    const value = stored[key];
    if (typeof value === 'string') merged[key] = value;
  }
  return ZStoreSettings.parse(merged);
}
