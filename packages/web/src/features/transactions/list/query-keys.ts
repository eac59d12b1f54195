/**
 * Query keys of the transactions lists, from one root, so a capture or cancel refreshes every
 * list, count and summary it may have changed.
 */
export const TRANSACTIONS_QUERY_ROOT = ['transactions'] as const;

export const transactionsKeys = {
  settings: () => ['payments-settings'] as const,
  list: (request: object) => [...TRANSACTIONS_QUERY_ROOT, 'list', request] as const,
  summary: (request: object) => [...TRANSACTIONS_QUERY_ROOT, 'summary', request] as const,
  authorizations: (request: object) => [...TRANSACTIONS_QUERY_ROOT, 'authorizations', request] as const,
  authorizationsSummary: () => [...TRANSACTIONS_QUERY_ROOT, 'authorizations-summary'] as const,
  blocked: (request: object) => [...TRANSACTIONS_QUERY_ROOT, 'blocked', request] as const,
  blockedSummary: (request: object) => [...TRANSACTIONS_QUERY_ROOT, 'blocked-summary', request] as const,
  search: (list: string, term: string) => [...TRANSACTIONS_QUERY_ROOT, 'search', list, term] as const,
};
