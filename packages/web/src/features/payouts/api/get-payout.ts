import { payouts } from '@paydesk/domain/contracts';
import { isFetchablePayoutId } from '@paydesk/domain/payouts/display';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode } from '../../../lib/api.ts';
import { payoutsKeys } from '../../../lib/query-keys/index.ts';

/**
 * GET {base}/deposits/{id}. An id with a non-word character is never fetched; an
 * unknown payout is not retried.
 */
export function usePayout(id: string | undefined) {
  const fetchable = isFetchablePayoutId(id);
  return useQuery({
    queryKey: payoutsKeys.detail(fetchable ? id : ''),
    queryFn: ({ signal }) => apiFetch(payouts.getDeposit, { params: { id: id ?? '' }, signal }),
    enabled: fetchable,
    retry: (count, error) => !hasErrorCode(error, 'wcpay_deposit_not_found') && count < 2,
  });
}
