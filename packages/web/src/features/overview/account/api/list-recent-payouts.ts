import { payouts } from '@paydesk/domain/contracts';
import { RECENT_PAYOUTS_SHOWN } from '@paydesk/domain/overview/payouts-widget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { payoutsKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/deposits: the 3 most recent payouts of a currency. */
export const recentPayoutsQuery = (currency: string) =>
  queryOptions({
    queryKey: payoutsKeys.recent(currency),
    queryFn: ({ signal }) =>
      apiFetch(payouts.listDeposits, {
        query: {
          store_currency_is: currency,
          sort: 'date',
          direction: 'desc',
          pagesize: RECENT_PAYOUTS_SHOWN,
        },
        signal,
      }),
  });

export function useRecentPayouts(currency: string | undefined) {
  return useQuery({ ...recentPayoutsQuery(currency ?? ''), enabled: !!currency });
}
