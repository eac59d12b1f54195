import { payouts } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../../lib/api.ts';
import { accountKeys, payoutsKeys } from '../../../../lib/query-keys/index.ts';

/**
 * POST {base}/deposits with type instant. The key is made once per confirmation, so
 * a request the network repeats pays out once; balances, payouts and the account are read again after.
 */
export function useInstantPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) =>
      apiFetch(payouts.createInstantDeposit, {
        body: { type: 'instant', currency },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: payoutsKeys.all }),
        client.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  });
}
