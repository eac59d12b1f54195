import { capital } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode } from '../../../lib/api.ts';
import { capitalKeys } from '../../../lib/query-keys/index.ts';

/**
 * GET {base}/capital/active_loan_summary. No active loan (wcpay_capital_no_active_loan) is an
 * answer, not a failure: the page then shows no overview card.
 */
export const activeLoanSummaryQuery = () =>
  queryOptions({
    queryKey: capitalKeys.activeLoanSummary(),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch(capital.activeLoanSummary, { signal });
      } catch (error) {
        if (hasErrorCode(error, 'wcpay_capital_no_active_loan')) return null;
        throw error;
      }
    },
  });

export function useActiveLoanSummary() {
  return useQuery(activeLoanSummaryQuery());
}
