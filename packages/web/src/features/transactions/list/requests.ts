import {
  hasTransactionFilters,
  readSearchTerms,
  transactionFilterRequest,
} from '@paydesk/domain/transactions/filters';
import type { AuthorizationsQuery, BlockedQuery, TransactionsQuery } from './use-list-queries.ts';
import { readListPosition } from './use-list-state.ts';

/**
 * The requests each tab sends for a URL query. The lists and the page's preload both build
 * them here, so a preloaded answer is found under the key the list asks for.
 */

/** Sort keys of the transactions endpoint that have a column. */
export const TRANSACTION_SORTABLE = [
  'date',
  'type',
  'channel',
  'amount',
  'fees',
  'net',
  'source',
  'customer_name',
  'customer_email',
  'customer_country',
  'customer_amount',
  'risk_level',
  'available_on',
];
/** Sort keys of the authorizations endpoint; the capture deadline sorts by creation time. */
export const AUTHORIZATION_SORTABLE = ['created', 'amount', 'customer_name', 'risk_level'];
export const AUTHORIZATION_SORT_ALIASES = { capture_by: 'created' };
export const BLOCKED_SORTABLE = ['created', 'amount', 'customer_name'];

type Query = Readonly<Record<string, string>>;

export function transactionsRequests(query: Query): {
  list: TransactionsQuery;
  summary: TransactionsQuery;
  filtered: boolean;
} {
  const position = readListPosition('transactions-page', query, TRANSACTION_SORTABLE);
  const filters = transactionFilterRequest(query);
  return {
    list: {
      page: position.page,
      pagesize: position.perPage,
      sort: position.sort.sort as TransactionsQuery['sort'],
      direction: position.sort.direction,
      ...filters,
    },
    summary: filters,
    filtered: hasTransactionFilters(filters),
  };
}

export function authorizationsRequest(query: Query): AuthorizationsQuery {
  const position = readListPosition(
    'uncaptured-page',
    query,
    AUTHORIZATION_SORTABLE,
    AUTHORIZATION_SORT_ALIASES,
  );
  return {
    page: position.page,
    pagesize: position.perPage,
    sort: position.sort.sort as AuthorizationsQuery['sort'],
    direction: position.sort.direction,
  };
}

export function blockedRequests(query: Query): { list: BlockedQuery; summary: BlockedQuery } {
  const position = readListPosition('blocked-page', query, BLOCKED_SORTABLE);
  const terms = readSearchTerms(query);
  const filters: BlockedQuery = { status: 'block', ...(terms.length > 0 ? { search: terms } : {}) };
  return {
    list: {
      page: position.page,
      pagesize: position.perPage,
      sort: position.sort.sort as BlockedQuery['sort'],
      direction: position.sort.direction,
      ...filters,
    },
    summary: filters,
  };
}
