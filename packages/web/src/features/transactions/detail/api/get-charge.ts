import { paymentDetail } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/charges/{id}: one charge (ch_… or py_…). */
export const chargeQuery = (id: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.charge(id),
    queryFn: ({ signal }) => apiFetch(paymentDetail.getCharge, { params: { id }, signal }),
  });

export function useCharge(id: string, enabled: boolean) {
  return useQuery({ ...chargeQuery(id), enabled });
}
