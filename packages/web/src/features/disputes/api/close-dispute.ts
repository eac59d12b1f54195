import { disputes } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../lib/api.ts';
import { disputesKeys } from '../../../lib/query-keys/index.ts';

/** POST {base}/disputes/{id}/close: accepts the dispute (it is lost) or closes the inquiry. */
export function useCloseDispute(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(disputes.closeDispute, { params: { id }, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (dispute) => client.setQueryData(disputesKeys.one(id), dispute),
    onSettled: () => client.invalidateQueries({ queryKey: disputesKeys.all }),
  });
}
