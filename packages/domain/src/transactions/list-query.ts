/**
 * The transactions page keeps its list state in the URL: the tab, the page
 * and its size, the sort, the search terms and the advanced filters. These functions read that
 * state back safely, whatever was typed into the address bar, and turn it into list requests.
 */

export const DEFAULT_PAGED = 1;
export const DEFAULT_PER_PAGE = 25;
/** The largest page the list endpoints serve. */
export const MAX_PER_PAGE = 100;
/** No list is deeper than this many pages; the endpoints refuse more. */
export const MAX_PAGED = 1_000_000;

/** Reads a positive whole number, or undefined for anything else ("", "2x", "-1", "1.5"). */
function positiveInteger(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** `paged` is 1 when missing or not a number; it is never beyond the deepest page. */
export function sanitisePaged(value: string | null | undefined): number {
  const paged = positiveInteger(value);
  return paged === undefined ? DEFAULT_PAGED : Math.min(paged, MAX_PAGED);
}

/** `per_page` is 25 when missing or not a number, and at most the largest page. */
export function sanitisePerPage(value: string | null | undefined): number {
  const perPage = positiveInteger(value);
  return perPage === undefined ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE);
}

/**
 * A list page's position as its URL holds it (`paged`, `per_page`, `orderby`, `order`): the
 * sort is one of `sortable`, else the default's; the direction counts only with a known column.
 */
export function listPosition<S extends string>(
  query: Readonly<Record<string, string>>,
  sortable: readonly S[],
  fallback: { readonly sort: S; readonly direction: SortDirection },
): { page: number; perPage: number; sort: { sort: S; direction: SortDirection } } {
  const known = (sortable as readonly string[]).includes(query.orderby ?? '');
  const sort = known ? (query.orderby as S) : fallback.sort;
  const direction =
    known && (query.order === 'asc' || query.order === 'desc') ? query.order : fallback.direction;
  return {
    page: sanitisePaged(query.paged),
    perPage: sanitisePerPage(query.per_page),
    sort: { sort, direction },
  };
}

export const TRANSACTION_TABS = ['transactions-page', 'uncaptured-page', 'blocked-page'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];
export const DEFAULT_TRANSACTION_TAB: TransactionTab = 'transactions-page';

/** The tab named by `tab`; unknown values, and a tab that is not shown, open the default tab. */
export function transactionTabFromQuery(
  value: string | null | undefined,
  options: { uncapturedVisible: boolean },
): TransactionTab {
  const tab = (TRANSACTION_TABS as readonly string[]).includes(value ?? '')
    ? (value as TransactionTab)
    : DEFAULT_TRANSACTION_TAB;
  return tab === 'uncaptured-page' && !options.uncapturedVisible ? DEFAULT_TRANSACTION_TAB : tab;
}

export interface UncapturedTabInput {
  /** Whether the store can authorize now and capture later at all. */
  authAndCaptureEnabled: boolean;
  /** The merchant's "manual capture" setting. */
  manualCaptureEnabled: boolean;
  /** How many uncaptured authorizations there are. */
  uncapturedTotal: number;
}

/**
 * The uncaptured tab shows only when auth-and-capture is enabled and either manual
 * capture is on or some authorizations still wait for capture (from before it was turned off).
 */
export function isUncapturedTabVisible(input: UncapturedTabInput): boolean {
  return input.authAndCaptureEnabled && (input.manualCaptureEnabled || input.uncapturedTotal > 0);
}

/**
 * Changing tab starts the new list afresh: first page, 25 rows, default sort. The
 * search and filters of one list do not apply to another, so they are dropped as well; the
 * answer holds every query key to keep, all others are removed.
 */
export function tabChangeQuery(tab: TransactionTab): {
  tab: TransactionTab;
  paged: string;
  per_page: string;
} {
  return { tab, paged: String(DEFAULT_PAGED), per_page: String(DEFAULT_PER_PAGE) };
}

/** The user preference holding each tab's hidden columns. */
export const HIDDEN_COLUMNS_PREFERENCES = {
  'transactions-page': 'wc_payments_transactions_hidden_columns',
  'uncaptured-page': 'wc_payments_transactions_uncaptured_hidden_columns',
  'blocked-page': 'wc_payments_transactions_blocked_hidden_columns',
} as const satisfies Record<TransactionTab, string>;

export type SortDirection = 'asc' | 'desc';

/**
 * Default sorts: transactions by date descending, authorizations by created
 * ascending (the oldest must be captured first); blocked payments newest first.
 */
export const DEFAULT_SORTS: Record<TransactionTab, { sort: string; direction: SortDirection }> = {
  'transactions-page': { sort: 'date', direction: 'desc' },
  'uncaptured-page': { sort: 'created', direction: 'asc' },
  'blocked-page': { sort: 'created', direction: 'desc' },
};

/**
 * The sort a list request sends for the URL's `orderby` and `order`. A column the list cannot
 * sort by falls back to the tab's default sort; `capture_by` is sent as `created`,
 * because the capture deadline is the creation time plus seven days.
 */
export function listSort(
  tab: TransactionTab,
  orderby: string | null | undefined,
  order: string | null | undefined,
  sortable: readonly string[],
): { sort: string; direction: SortDirection } {
  const fallback = DEFAULT_SORTS[tab];
  const column = orderby === 'capture_by' ? 'created' : orderby;
  if (!column || !sortable.includes(column)) return fallback;
  const direction = order === 'asc' || order === 'desc' ? order : fallback.direction;
  return { sort: column, direction };
}
