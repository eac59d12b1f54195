import { onboarding, payouts } from '@paydesk/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { getSettings } from '../../../lib/bootstrap.ts';
import { accountKeys, payoutsKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/deposits/overview-all: balances per currency, bank accounts and the schedule. */
export function useDepositsOverview() {
  return useQuery({
    queryKey: payoutsKeys.overview(),
    queryFn: ({ signal }) => apiFetch(payouts.overviewAll, { signal }),
    enabled: getSettings().isAccountConnected,
  });
}

/** GET {base}/accounts: the payouts state, restrictions and minimums. */
export function useAccountStatus() {
  return useQuery({
    queryKey: accountKeys.current(),
    queryFn: ({ signal }) => apiFetch(onboarding.accountsGet, { signal }),
    enabled: getSettings().isAccountConnected,
  });
}
