import { appError, minorFromAggregate } from '@paydesk/domain';
import type { TDocument, TDocumentFilters } from '@paydesk/domain/contracts/documents';
import { formatUtcDateTime } from '@paydesk/domain/date-format';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import { fileBytes } from '../../db/file-content.ts';
import type { Database } from '../../db/schema.ts';
import { ownedBy } from '../../db/scope.ts';
import type { Executor } from '../ledger.ts';
import { dateRanges } from '../transactions/query.ts';

type DocumentRow = Selectable<Database['documents']>;
type DocEb = ExpressionBuilder<Database, 'documents'>;

/** A document as the list answers it: the period's last second is its end. */
export function documentView(
  row: Pick<DocumentRow, 'id' | 'type' | 'issued_at' | 'period_from' | 'period_to'>,
): TDocument {
  return {
    document_id: row.id,
    type: row.type,
    date: formatUtcDateTime(new Date(row.issued_at).getTime()),
    period_from: formatUtcDateTime(new Date(row.period_from).getTime()),
    period_to: formatUtcDateTime(new Date(row.period_to).getTime() - 1000),
  };
}

/**
 * The filters as conditions: the date and type rules combine as `match` says; the document a
 * link names (`document_id`, `document_type`) always narrows.
 */
function filterConditions(eb: DocEb, filters: TDocumentFilters): Expression<SqlBool> {
  const rules: Expression<SqlBool>[] = dateRanges(filters).map((range) =>
    eb.and([
      ...(range.from ? [eb('issued_at', '>=', range.from)] : []),
      ...(range.to ? [eb('issued_at', '<', range.to)] : []),
    ]),
  );
  if (filters.type_is) rules.push(eb('type', '=', filters.type_is));
  if (filters.type_is_not) rules.push(eb('type', '<>', filters.type_is_not));
  const always: Expression<SqlBool>[] = [];
  if (filters.document_id) always.push(eb('id', '=', filters.document_id));
  if (filters.document_type) always.push(eb('type', '=', filters.document_type));
  if (rules.length > 0) always.push(filters.match === 'any' ? eb.or(rules) : eb.and(rules));
  return eb.and(always);
}

export interface DocumentListRequest {
  filters: TDocumentFilters;
  page: number;
  pagesize: number;
  sort: 'date' | 'type';
  direction: 'asc' | 'desc';
}

/** A page of the account's documents; ties in the sort break by id, in the same direction. */
export async function listDocuments(
  db: Executor,
  accountId: string,
  request: DocumentListRequest,
): Promise<{ data: TDocument[] }> {
  const column = request.sort === 'type' ? 'type' : 'issued_at';
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'type', 'issued_at', 'period_from', 'period_to'])
    .where('account_id', '=', accountId)
    .where((eb) => filterConditions(eb, request.filters))
    .orderBy(column, request.direction)
    .orderBy('id', request.direction)
    .limit(request.pagesize)
    .offset((request.page - 1) * request.pagesize)
    .execute();
  return { data: rows.map(documentView) };
}

export async function countDocuments(
  db: Executor,
  accountId: string,
  filters: TDocumentFilters,
): Promise<{ count: number }> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .where((eb) => filterConditions(eb, filters))
    .executeTakeFirstOrThrow();
  return { count: minorFromAggregate(row.count) };
}

/** A document's PDF, of the current account only. */
export async function readDocumentFile(
  db: Executor,
  accountId: string,
  id: string,
): Promise<{ filename: string; mimeType: string; content: Buffer }> {
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('files as f', 'f.id', 'd.file_id')
    .select(['f.id', 'f.filename', 'f.mime_type'])
    .where('d.id', '=', id)
    .where(ownedBy(accountId, 'd'))
    .executeTakeFirst();
  if (!row) throw appError('wcpay_document_not_found');
  return { filename: row.filename, mimeType: row.mime_type, content: await fileBytes(db, row.id) };
}
