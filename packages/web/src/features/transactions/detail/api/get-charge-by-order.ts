import { paymentDetail } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/charges/order/{id}: a store order's latest charge, by numeric order id. */
export const chargeByOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.chargeByOrder(orderId),
    queryFn: ({ signal }) => apiFetch(paymentDetail.getChargeByOrder, { params: { id: orderId }, signal }),
  });

export function useChargeByOrder(orderId: string, enabled: boolean) {
  return useQuery({ ...chargeByOrderQuery(orderId), enabled });
}
