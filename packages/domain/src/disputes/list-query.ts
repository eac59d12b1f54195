/**
 * The disputes list's state in the page's URL: `paged`, `per_page`, `orderby`, `order`, the
 * filters under the names the request sends (`status_is`, `status_is_not`, `store_currency_is`,
 * `match`, `date_before`, `date_after`, `date_between[0]`/`[1]`), and `filter=awaiting_response`,
 * which the request sends as the two statuses that await a response. A value a hand-edited
 * address gets wrong is left out rather than sent.
 */
import { DAY_MS, HOUR_MS } from '../time.ts';
import { isCalendarDay, readList } from '../transactions/filters.ts';
import { listPosition } from '../transactions/list-query.ts';
import {
  AWAITING_RESPONSE_STATUSES,
  DISPUTE_STATUSES,
  type DisputeStatus,
  isDisputeStatus,
} from '../transactions/status.ts';

export { AWAITING_RESPONSE_STATUSES, isAwaitingResponse } from '../transactions/status.ts';
export const AWAITING_RESPONSE_FILTER = 'awaiting_response';

/** Columns the page sorts by, as the request names them; the default is newest first. */
export const DISPUTE_SORTABLE = ['created', 'due_by', 'amount'] as const;
export type DisputeSortKey = (typeof DISPUTE_SORTABLE)[number];
export const DEFAULT_DISPUTE_SORT = { sort: 'created', direction: 'desc' } as const;

/** The user preference of the list's hidden columns, and the columns hidden until chosen. */
export const DISPUTES_HIDDEN_COLUMNS_PREFERENCE = 'wc_payments_disputes_hidden_columns';
export const DISPUTE_COLUMNS_HIDDEN_BY_DEFAULT = [
  'currency',
  'customer_email',
  'customer_country',
  'created',
];

type Query = Readonly<Record<string, string>>;

export interface DisputeFilterRequest {
  match?: 'all' | 'any';
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
  status_is?: DisputeStatus;
  status_is_not?: DisputeStatus;
  store_currency_is?: string;
  search?: string[];
}

export function disputeListPosition(query: Query) {
  return listPosition(query, DISPUTE_SORTABLE, DEFAULT_DISPUTE_SORT);
}

/** The filters the list, its summary and its export send for the page's query. */
export function disputeFilterRequest(query: Query): DisputeFilterRequest {
  const request: DisputeFilterRequest = {};
  if (isCalendarDay(query.date_before)) request.date_before = query.date_before;
  if (isCalendarDay(query.date_after)) request.date_after = query.date_after;
  const between = readList(query, 'date_between');
  if (between.length === 2 && between.every(isCalendarDay))
    request.date_between = [between[0], between[1]].sort() as [string, string];
  if (query.status_is && isDisputeStatus(query.status_is)) request.status_is = query.status_is;
  if (query.status_is_not && isDisputeStatus(query.status_is_not))
    request.status_is_not = query.status_is_not;
  if (query.store_currency_is && /^[A-Za-z]{3}$/.test(query.store_currency_is))
    request.store_currency_is = query.store_currency_is.toLowerCase();
  if (query.filter === AWAITING_RESPONSE_FILTER) request.search = [...AWAITING_RESPONSE_STATUSES];
  if (query.match === 'any') request.match = 'any';
  return request;
}

export function hasDisputeFilters(request: DisputeFilterRequest): boolean {
  return Object.entries(request).some(([key, value]) => key !== 'match' && value !== undefined);
}

/** Every status, for the status filter. */
export const DISPUTE_STATUS_OPTIONS: readonly DisputeStatus[] = DISPUTE_STATUSES;

/**
 * How urgent a response is, for a dispute that awaits one: the last day when under 24 hours
 * remain, the days left when under 72 hours remain (both shown as alerts), else nothing.
 */
export function responseUrgency(
  due_by_ms: number,
  now_ms: number,
): { kind: 'last_day' } | { kind: 'days_left'; days: number } | null {
  const left = due_by_ms - now_ms;
  if (left <= 0) return null;
  if (left < 24 * HOUR_MS) return { kind: 'last_day' };
  if (left < 3 * DAY_MS) return { kind: 'days_left', days: Math.ceil(left / DAY_MS) };
  return null;
}
