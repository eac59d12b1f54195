import type { TAuditLogFilters, TAuditLogListQuery, TAuditLogRow } from '@paydesk/domain/contracts/audit-log';
import { AUDIT_LOG_CSV_COLUMNS } from '@paydesk/domain/contracts/audit-log';
import { formatUtcDateTime } from '@paydesk/domain/date-format';
import { csvRecord, numberCell, textCell } from '@paydesk/domain/exports/csv';
import { epochSeconds } from '@paydesk/domain/time';
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { dateRanges } from '../transactions/query.ts';

/**
 * Reading the audit log (docs/audit-log.md): the list, its count and its CSV, newest first.
 * Each filter is served by an index under the same sort (migration 0032).
 */

type AuditEb = ExpressionBuilder<Database, 'audit_log'>;
type AuditRow = Selectable<Database['audit_log']> & { answered: number | null };

/** Rows read per query while streaming the CSV. */
const CSV_BATCH_ROWS = 500;

function filterConditions(eb: AuditEb, filters: TAuditLogFilters): Expression<SqlBool> {
  const rules: Expression<SqlBool>[] = dateRanges(filters).map((range) =>
    eb.and([
      ...(range.from ? [eb('audit_log.created_at', '>=', range.from)] : []),
      ...(range.to ? [eb('audit_log.created_at', '<', range.to)] : []),
    ]),
  );
  if (filters.user !== undefined) {
    // A number names a user by id; anything else a username, as typed at sign-in.
    rules.push(
      /^\d{1,15}$/.test(filters.user)
        ? eb('audit_log.user_id', '=', Number(filters.user))
        : eb(sql`lower(audit_log.username)`, '=', filters.user.toLowerCase()),
    );
  }
  if (filters.action !== undefined) rules.push(eb('audit_log.action', '=', filters.action));
  if (filters.object_id !== undefined) rules.push(eb('audit_log.object_id', '=', filters.object_id));
  if (filters.outcome !== undefined) rules.push(eb('audit_log.outcome', '=', filters.outcome));
  return eb.and(rules);
}

function selectRows(db: Db, filters: TAuditLogFilters) {
  return db
    .selectFrom('audit_log')
    .leftJoin('audit_log_status', 'audit_log_status.audit_id', 'audit_log.id')
    .selectAll('audit_log')
    .select('audit_log_status.status as answered')
    .where((eb) => filterConditions(eb as unknown as AuditEb, filters));
}

function rowView(row: AuditRow): TAuditLogRow {
  return {
    id: row.id,
    created: epochSeconds(new Date(row.created_at)),
    user_id: row.user_id,
    username: row.username,
    credential: row.credential,
    ip: row.ip,
    method: row.method,
    action: row.action,
    object_id: row.object_id,
    status: row.status ?? row.answered,
    outcome: row.outcome,
    change: row.change ?? null,
    request_id: row.request_id,
  };
}

export async function listAuditLog(db: Db, query: TAuditLogListQuery): Promise<TAuditLogRow[]> {
  const { page, pagesize, direction, ...filters } = query;
  const order = direction === 'asc' ? 'asc' : 'desc';
  const rows = await selectRows(db, filters)
    .orderBy('audit_log.created_at', order)
    .orderBy('audit_log.id', order)
    .limit(pagesize)
    .offset((page - 1) * pagesize)
    .execute();
  return rows.map(rowView);
}

export async function countAuditLog(db: Db, filters: TAuditLogFilters): Promise<number> {
  const { n } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => filterConditions(eb, filters))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A row of the CSV, every text cell neutralised against formulas. */
export function auditCsvRecord(row: TAuditLogRow): string {
  return csvRecord([
    textCell(formatUtcDateTime(row.created * 1000)),
    row.user_id === null ? '' : numberCell(String(row.user_id)),
    textCell(row.username),
    textCell(row.credential),
    textCell(row.ip),
    textCell(row.method),
    textCell(row.action),
    textCell(row.object_id),
    textCell(row.outcome),
    row.status === null ? '' : numberCell(String(row.status)),
    textCell(row.change === null ? '' : JSON.stringify(row.change)),
    textCell(row.request_id),
  ]);
}

/**
 * The CSV of the rows the filters select, newest first: its header, then the rows read in keyset
 * batches after the last row of the batch before, so memory stays bounded however long the log.
 */
export async function* auditLogCsv(
  db: Db,
  filters: TAuditLogFilters,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<string> {
  yield csvRecord(AUDIT_LOG_CSV_COLUMNS.map((name) => textCell(name)));
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const cursor = after;
    let query = selectRows(db, filters).select(sql<string>`audit_log.created_at::text`.as('cursor_at'));
    if (cursor) {
      query = query.where(
        (eb) =>
          sql<SqlBool>`(${eb.ref('audit_log.created_at')}, ${eb.ref('audit_log.id')}) < (${cursor.at}::timestamptz, ${cursor.id})`,
      );
    }
    const rows = await query
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(batchRows)
      .execute();
    if (rows.length > 0) yield rows.map((row) => auditCsvRecord(rowView(row))).join('');
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) return;
    after = { at: last.cursor_at, id: last.id };
  }
}
