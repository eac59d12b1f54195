import { type BodyOf, payments } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, newIdempotencyKey } from '../../../../lib/api.ts';
import { invalidatePaymentViews } from '../../payment-views.ts';

/*
 * The money-moving POSTs of the detail page. Each call carries a fresh Idempotency-Key made when
 * the merchant acts, so a request the network repeats is applied once; each invalidates the
 * page's reads, since a refund, capture or cancel changes the charge, intent and timeline.
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

export interface AuthorizationInput {
  orderId: number;
  paymentIntentId: string;
}

/** POST {base}/orders/{orderId}/capture_authorization with payment_intent_id. */
export function useCaptureAuthorization() {
  const invalidate = useInvalidateDetail();
  return useMutation({
    mutationFn: ({ orderId, paymentIntentId }: AuthorizationInput) =>
      apiFetch(payments.captureAuthorization, {
        params: { orderId },
        body: { payment_intent_id: paymentIntentId },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: invalidate,
  });
}

/** POST {base}/orders/{orderId}/cancel_authorization with payment_intent_id. */
export function useCancelAuthorization() {
  const invalidate = useInvalidateDetail();
  return useMutation({
    mutationFn: ({ orderId, paymentIntentId }: AuthorizationInput) =>
      apiFetch(payments.cancelAuthorization, {
        params: { orderId },
        body: { payment_intent_id: paymentIntentId },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: invalidate,
  });
}
