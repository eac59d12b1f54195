import { dateFilterBounds, readAdvancedFilters } from '../transactions/filters.ts';
import { listPosition } from '../transactions/list-query.ts';
import { DOCUMENT_TYPES, type DocumentType } from './invoices.ts';

/** Sort keys of the documents list that have a column. */
export const DOCUMENT_SORTABLE = ['date', 'type'] as const;

const isDocumentType = (value: string | undefined): value is DocumentType =>
  (DOCUMENT_TYPES as readonly (string | undefined)[]).includes(value);

export interface DocumentsFilterRequest {
  match?: 'all' | 'any';
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
  type_is?: DocumentType;
  type_is_not?: DocumentType;
}

/**
 * The filters of the documents page's query: the date rule as on the transactions
 * list, and the type. Malformed values are left out rather than sent.
 */
export function documentsFilterRequest(query: Readonly<Record<string, string>>): DocumentsFilterRequest {
  const request: DocumentsFilterRequest = {};
  const date = readAdvancedFilters(query).find((filter) => filter.key === 'date');
  if (date?.key === 'date') Object.assign(request, dateFilterBounds(date));
  if (isDocumentType(query.type_is)) request.type_is = query.type_is;
  if (isDocumentType(query.type_is_not)) request.type_is_not = query.type_is_not;
  if (Object.keys(request).length > 0) request.match = query.match === 'any' ? 'any' : 'all';
  return request;
}

/** The page's position (`paged`, `per_page`, `orderby`, `order`) as the list request sends it. */
export function documentsListRequest(query: Readonly<Record<string, string>>) {
  const position = listPosition(query, DOCUMENT_SORTABLE, { sort: 'date', direction: 'desc' });
  return {
    page: position.page,
    pagesize: position.perPage,
    sort: position.sort.sort,
    direction: position.sort.direction,
    ...documentsFilterRequest(query),
  };
}
