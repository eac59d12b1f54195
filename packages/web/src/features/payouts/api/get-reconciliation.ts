import { payouts } from '@paydesk/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { payoutsKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/deposits/{id}/reconciliation: the movements a payout swept, by type. */
export function useReconciliation(id: string) {
  return useQuery({
    queryKey: payoutsKeys.reconciliation(id),
    queryFn: ({ signal }) => apiFetch(payouts.depositReconciliation, { params: { id }, signal }),
  });
}
