import { payouts, type QueryOf } from '@paydesk/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { payoutsKeys } from '../../../lib/query-keys/index.ts';

export type PayoutsListRequest = QueryOf<typeof payouts.listDeposits>;

/** GET {base}/deposits: one page of payouts; the previous page stays shown while the next loads. */
export function usePayouts(request: PayoutsListRequest) {
  return useQuery({
    queryKey: payoutsKeys.list(request),
    queryFn: ({ signal }) => apiFetch(payouts.listDeposits, { query: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/deposits/summary: count and total of the payouts the same filters select. */
export function usePayoutsSummary(request: PayoutsListRequest) {
  return useQuery({
    queryKey: payoutsKeys.summary(request),
    queryFn: ({ signal }) => apiFetch(payouts.depositsSummary, { query: request, signal }),
  });
}
