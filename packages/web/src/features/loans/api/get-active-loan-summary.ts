import { capital } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode } from '../../../lib/api.ts';
import { loansKeys } from './query-keys.ts';

/**
 * GET {base}/capital/active_loan_summary. No active loan (wcpay_capital_no_active_loan) is an
 * answer, not a failure: the page then shows no overview card.
 */
export const activeLoanSummaryQuery = () =>
  queryOptions({
    queryKey: loansKeys.activeLoanSummary(),
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
