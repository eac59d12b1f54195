import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

/**
 * Tables a refused request may legitimately write: the idempotency record of its refusal, its
 * audit row (docs/audit-log.md), and its count against the rate limits (on PostgreSQL).
 */
export const WRITTEN_BY_REFUSALS: ReadonlySet<string> = new Set([
  'idempotency_keys',
  'schema_migrations',
  'audit_log',
  'audit_log_status',
  'rate_limit_hits',
]);

/** The schema's tables, less those a refused request may write. */
export async function tablesRefusalsLeave(database: DatabaseHandle): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    database.db,
  );
  return result.rows.map((row) => row.table_name).filter((name) => !WRITTEN_BY_REFUSALS.has(name));
}

/** The row counts of `tables` in one string, to see whether anything was written between two reads. */
export async function rowCounts(database: DatabaseHandle, tables: readonly string[]): Promise<string> {
  const parts = tables.map((table) => sql`(select count(*) from ${sql.table(table)})::text`);
  const row = await sql<{ counts: string }>`select concat_ws(',', ${sql.join(parts)}) as counts`.execute(
    database.db,
  );
  return row.rows[0]?.counts ?? '';
}
