import { type BodyOf, payments } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../../lib/api.ts';
import { invalidatePaymentViews } from '../../payment-views.ts';

/*
 * The refund of the detail page (capture and cancel: ../../api/authorization-action.ts). Each
 * call carries a fresh Idempotency-Key made when the merchant acts, so a request the network
 * repeats is applied once; it invalidates the page's reads, since a refund changes the charge,
 * intent and timeline.
 */

/** The page's reads and the transactions lists: a refund, capture or cancel changes both. */
function useInvalidateDetail() {
  const client = useQueryClient();
  return () => invalidatePaymentViews(client);
}

/** POST {base}/refund with charge_id, amount, reason and order_id. */
export function useRefund() {
  const invalidate = useInvalidateDetail();
  return useMutation({
    mutationFn: (body: BodyOf<typeof payments.refund>) =>
      apiFetch(payments.refund, { body, idempotencyKey: newIdempotencyKey() }),
    onSettled: invalidate,
  });
}
