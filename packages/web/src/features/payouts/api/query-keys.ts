/** Query keys of the payouts pages, from one root. */
export const PAYOUTS_QUERY_ROOT = ['payouts'] as const;

export const payoutsKeys = {
  list: (request: object) => [...PAYOUTS_QUERY_ROOT, 'list', request] as const,
  summary: (request: object) => [...PAYOUTS_QUERY_ROOT, 'summary', request] as const,
  detail: (id: string) => [...PAYOUTS_QUERY_ROOT, 'detail', id] as const,
  reconciliation: (id: string) => [...PAYOUTS_QUERY_ROOT, 'reconciliation', id] as const,
  overview: () => [...PAYOUTS_QUERY_ROOT, 'overview-all'] as const,
  account: () => [...PAYOUTS_QUERY_ROOT, 'account'] as const,
  options: () => [...PAYOUTS_QUERY_ROOT, 'options'] as const,
};
