import { onboarding } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { accountKeys } from '../../../../lib/query-keys/index.ts';

/**
 * GET {base}/accounts: status, requirements, progressive onboarding and creation date, for the
 * task list and the payment activity (which share this query).
 */
export const accountStatusQuery = () =>
  queryOptions({
    queryKey: accountKeys.current(),
    queryFn: ({ signal }) => apiFetch(onboarding.accountsGet, { signal }),
  });

export function useAccountStatus() {
  return useQuery({ ...accountStatusQuery(), enabled: getSettings().isAccountConnected });
}
