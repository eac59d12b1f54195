import { payouts } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../../lib/api.ts';
import { overviewKeys } from '../../account/api/query-keys.ts';

/**
 * POST {base}/deposits with type instant. The key is made once per confirmation, so
 * a request the network repeats pays out once; balances and recent payouts are read again after.
 */
export function useInstantPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) =>
      apiFetch(payouts.createInstantDeposit, {
        body: { type: 'instant', currency },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: overviewKeys.all }),
  });
}
