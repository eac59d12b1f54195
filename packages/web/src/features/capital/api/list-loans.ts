import { capital } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { capitalKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/capital/loans; the page reads `data`. */
export const loansQuery = () =>
  queryOptions({
    queryKey: capitalKeys.loans(),
    queryFn: async ({ signal }) => (await apiFetch(capital.loans, { signal })).data,
  });

export function useLoans() {
  return useQuery(loansQuery());
}
