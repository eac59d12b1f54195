import { onboarding } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { accountKeys } from '../../../lib/query-keys/index.ts';

/**
 * GET {base}/accounts: the wizard reads progressive onboarding from it, which locks the methods
 * while it is pending.
 */
export function useAccountStatus() {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.current(),
      queryFn: ({ signal }) => apiFetch(onboarding.accountsGet, { signal }),
    }),
  );
}
