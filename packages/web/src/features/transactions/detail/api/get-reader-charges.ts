import { cardReaders } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/readers/charges/{id}: per-reader stats of a card reader fee (txn_… or its charge id). */
export const readerChargesQuery = (id: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.readerCharges(id),
    queryFn: ({ signal }) => apiFetch(cardReaders.charges, { params: { id }, signal }),
  });

export function useReaderCharges(id: string) {
  return useQuery(readerChargesQuery(id));
}
