/**
 * The payments: the transactions lists with their counts and summaries, the uncaptured
 * authorizations, the blocked payments, and one payment's detail page. A refund, capture or
 * cancel invalidates `transactionsKeys.all` and `paymentDetailKeys.all`, which covers every one
 * of these views.
 */
export const transactionsKeys = {
  all: ['transactions'] as const,
  list: (request: object) => [...transactionsKeys.all, 'list', request] as const,
  summary: (request: object) => [...transactionsKeys.all, 'summary', request] as const,
  authorizations: (request: object) => [...transactionsKeys.all, 'authorizations', request] as const,
  authorizationsSummary: () => [...transactionsKeys.all, 'authorizations-summary'] as const,
  blocked: (request: object) => [...transactionsKeys.all, 'blocked', request] as const,
  blockedSummary: (request: object) => [...transactionsKeys.all, 'blocked-summary', request] as const,
  search: (list: string, term: string) => [...transactionsKeys.all, 'search', list, term] as const,
};

export const paymentDetailKeys = {
  all: ['payment-detail'] as const,
  intent: (id: string) => [...paymentDetailKeys.all, 'intent', id] as const,
  charge: (id: string) => [...paymentDetailKeys.all, 'charge', id] as const,
  chargeByOrder: (orderId: string) => [...paymentDetailKeys.all, 'charge-by-order', orderId] as const,
  timeline: (id: string) => [...paymentDetailKeys.all, 'timeline', id] as const,
  readerCharges: (id: string) => [...paymentDetailKeys.all, 'reader-charges', id] as const,
  authorization: (paymentIntentId: string) =>
    [...paymentDetailKeys.all, 'authorization', paymentIntentId] as const,
};
