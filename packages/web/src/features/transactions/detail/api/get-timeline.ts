import { paymentDetail } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/timeline/{id}: the payment's events, newest first (the page reads `data`). */
export const timelineQuery = (id: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.timeline(id),
    queryFn: async ({ signal }) =>
      (await apiFetch(paymentDetail.getTimeline, { params: { id }, signal })).data,
  });

export function useTimeline(id: string) {
  return useQuery(timelineQuery(id));
}
