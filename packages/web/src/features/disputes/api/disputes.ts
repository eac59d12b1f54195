import { disputes, type QueryOf } from '@paydesk/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { disputesKeys } from '../../../lib/query-keys/index.ts';

export type DisputesListRequest = QueryOf<typeof disputes.listDisputes>;
export type DisputesFilters = QueryOf<typeof disputes.disputesSummary>;

/** GET {base}/disputes: one page; the previous page stays shown while the next loads. */
export function useDisputes(request: DisputesListRequest) {
  return useQuery({
    queryKey: disputesKeys.list(request),
    queryFn: ({ signal }) => apiFetch(disputes.listDisputes, { query: request, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/disputes/summary: the count, and the currencies for the currency filter. */
export function useDisputesSummary(filters: DisputesFilters) {
  return useQuery({
    queryKey: disputesKeys.summary(filters),
    queryFn: ({ signal }) => apiFetch(disputes.disputesSummary, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/disputes/outcomes: won and lost by reason, among the disputes the filters select. */
export function useDisputeOutcomes(filters: DisputesFilters) {
  return useQuery({
    queryKey: disputesKeys.outcomes(filters),
    queryFn: ({ signal }) => apiFetch(disputes.disputeOutcomes, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/disputes/{id}; nothing is asked without an id. */
export function useDispute(id: string) {
  return useQuery({
    queryKey: disputesKeys.one(id),
    queryFn: ({ signal }) => apiFetch(disputes.getDispute, { params: { id }, signal }),
    enabled: id !== '',
    retry: false,
  });
}
