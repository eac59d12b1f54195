import {
  hasTransactionFilters,
  readSearchTerms,
  transactionFilterRequest,
} from '@paydesk/domain/transactions/filters';
import {
  AUTHORIZATION_SORTS,
  FRAUD_OUTCOME_SORTS,
  TRANSACTION_SORTS,
} from '@paydesk/domain/transactions/sorts';
import type { AuthorizationsQuery, BlockedQuery, TransactionsQuery } from './use-list-queries.ts';
import { readListPosition } from './use-list-state.ts';

/**
 * The requests each tab sends for a URL query. The lists and the route's prefetch both build
 * them here, so a prefetched answer is found under the key the list asks for.
 */

/** Sort keys of each list's endpoint (domain/transactions/sorts.ts). */
export const TRANSACTION_SORTABLE: readonly string[] = TRANSACTION_SORTS;
export const AUTHORIZATION_SORTABLE: readonly string[] = AUTHORIZATION_SORTS;
/** The authorizations' capture deadline sorts by creation time. */
export const AUTHORIZATION_SORT_ALIASES = { capture_by: 'created' };
export const BLOCKED_SORTABLE: readonly string[] = FRAUD_OUTCOME_SORTS;

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
