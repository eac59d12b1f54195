/**
 * The payouts (`{base}/deposits…`): the list and its summary, one payout and its reconciliation,
 * the balances and schedule (`overview-all`, read by the Overview and the payouts page alike)
 * and the Overview's most recent payouts of a currency.
 */
export const payoutsKeys = {
  all: ['payouts'] as const,
  list: (request: object) => [...payoutsKeys.all, 'list', request] as const,
  summary: (request: object) => [...payoutsKeys.all, 'summary', request] as const,
  detail: (id: string) => [...payoutsKeys.all, 'detail', id] as const,
  reconciliation: (id: string) => [...payoutsKeys.all, 'reconciliation', id] as const,
  overview: () => [...payoutsKeys.all, 'overview-all'] as const,
  recent: (currency: string) => [...payoutsKeys.all, 'recent', currency] as const,
};
