import { type BodyOf, disputes } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../lib/api.ts';
import { disputesKeys } from '../../../lib/query-keys/index.ts';

export type DisputeUpdate = BodyOf<typeof disputes.updateDispute>;

/**
 * POST {base}/disputes/{id}: saves the evidence, or submits it (final) with `submit`. The answer
 * is the dispute as saved; the lists read again, since a submission moves it out of "awaiting".
 */
export function useUpdateDispute(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeUpdate) =>
      apiFetch(disputes.updateDispute, { params: { id }, body, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (dispute) => client.setQueryData(disputesKeys.one(id), dispute),
    onSettled: () => client.invalidateQueries({ queryKey: disputesKeys.all }),
  });
}
