/**
 * The payouts list's state in the page's URL: `paged`, `per_page`, `orderby`,
 * `order`, and the filters under the names the request sends (`date_before`, `date_after`,
 * `date_between[0]`/`[1]`, `status_is`, `status_is_not`, `store_currency_is`, `match`). A value a
 * hand-edited address gets wrong is left out rather than sent.
 */

import { isCalendarDay, readList } from '../transactions/filters.ts';
import { listPosition, type SortDirection } from '../transactions/list-query.ts';
import { PAYOUT_STATUSES, type PayoutStatus } from '../transactions/status.ts';

/** Sort keys of `GET {base}/deposits` (payouts by date descending by default). */
export const PAYOUT_SORTABLE = ['date', 'amount', 'status'] as const;
export type PayoutSortKey = (typeof PAYOUT_SORTABLE)[number];
export const DEFAULT_PAYOUT_SORT = { sort: 'date', direction: 'desc' } as const;

/** The user preference of the payouts list's hidden columns. */
export const PAYOUTS_HIDDEN_COLUMNS_PREFERENCE = 'wc_payments_payouts_hidden_columns';

export interface PayoutFilterRequest {
  match?: 'all' | 'any';
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
  status_is?: PayoutStatus;
  status_is_not?: PayoutStatus;
  store_currency_is?: string;
}

export interface PayoutListPosition {
  page: number;
  perPage: number;
  sort: { sort: PayoutSortKey; direction: SortDirection };
}

type Query = Readonly<Record<string, string>>;

const isStatus = (value: string | undefined): value is PayoutStatus =>
  value !== undefined && (PAYOUT_STATUSES as readonly string[]).includes(value);

export function payoutListPosition(query: Query): PayoutListPosition {
  return listPosition(query, PAYOUT_SORTABLE, DEFAULT_PAYOUT_SORT);
}

/** The filters the list, its summary and its export send for the page's query. */
export function payoutFilterRequest(query: Query): PayoutFilterRequest {
  const request: PayoutFilterRequest = {};
  if (isCalendarDay(query.date_before)) request.date_before = query.date_before;
  if (isCalendarDay(query.date_after)) request.date_after = query.date_after;
  const between = readList(query, 'date_between');
  if (between.length === 2 && between.every(isCalendarDay))
    request.date_between = [between[0], between[1]] as [string, string];
  if (isStatus(query.status_is)) request.status_is = query.status_is;
  if (isStatus(query.status_is_not)) request.status_is_not = query.status_is_not;
  if (query.store_currency_is && /^[A-Za-z]{3}$/.test(query.store_currency_is))
    request.store_currency_is = query.store_currency_is.toLowerCase();
  const rules = ['date_before', 'date_after', 'date_between', 'status_is', 'status_is_not'] as const;
  if (query.match === 'any' && rules.filter((key) => request[key] !== undefined).length > 1)
    request.match = 'any';
  return request;
}

/** Whether a request narrows the list, so an export of it needs no confirmation. */
export function hasPayoutFilters(request: PayoutFilterRequest): boolean {
  return Object.entries(request).some(([key, value]) => key !== 'match' && value !== undefined);
}

/** The URL keys the filter bar owns, all cleared by "Clear filters". */
export const PAYOUT_FILTER_QUERY_KEYS = [
  'match',
  'date_before',
  'date_after',
  'date_between[0]',
  'date_between[1]',
  'status_is',
  'status_is_not',
  'store_currency_is',
] as const;
