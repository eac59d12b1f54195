import { paymentDetail } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/payment_intents/{id}: the intent with its latest charge, order and fraud outcome. */
export const paymentIntentQuery = (id: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.intent(id),
    queryFn: ({ signal }) => apiFetch(paymentDetail.getPaymentIntent, { params: { id }, signal }),
  });

export function usePaymentIntent(id: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQuery(id), enabled });
}
