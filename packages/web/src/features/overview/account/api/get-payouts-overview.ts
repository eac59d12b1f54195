import { payouts } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { payoutsKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/deposits/overview-all: balances per currency and the payout schedule. */
export const depositsOverviewQuery = () =>
  queryOptions({
    queryKey: payoutsKeys.overview(),
    queryFn: ({ signal }) => apiFetch(payouts.overviewAll, { signal }),
  });

export function useDepositsOverview() {
  return useQuery({ ...depositsOverviewQuery(), enabled: getSettings().isAccountConnected });
}
