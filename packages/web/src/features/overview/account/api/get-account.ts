import { onboarding } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { accountKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/accounts: the account's status, onboarding, volume and payout state. */
export const accountQuery = () =>
  queryOptions({
    queryKey: accountKeys.current(),
    queryFn: ({ signal }) => apiFetch(onboarding.accountsGet, { signal }),
  });

/** The account; not fetched before the store is connected, since there is nothing to read. */
export function useAccount() {
  return useQuery({ ...accountQuery(), enabled: getSettings().isAccountConnected });
}
