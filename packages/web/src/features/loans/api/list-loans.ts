import { capital } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { loansKeys } from './query-keys.ts';

/** GET {base}/capital/loans; the page reads `data`. */
export const loansQuery = () =>
  queryOptions({
    queryKey: loansKeys.list(),
    queryFn: async ({ signal }) => (await apiFetch(capital.loans, { signal })).data,
  });

export function useLoans() {
  return useQuery(loansQuery());
}
