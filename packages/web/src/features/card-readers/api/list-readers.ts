import { CONNECTED_READERS_LIMIT } from '@paydesk/domain/card-readers/readers';
import { cardReaders } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { cardReadersKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/readers with `limit` 10: the connected readers, newest first. */
export const connectedReadersQuery = (limit = CONNECTED_READERS_LIMIT) =>
  queryOptions({
    queryKey: cardReadersKeys.connected(limit),
    queryFn: ({ signal }) => apiFetch(cardReaders.list, { query: { limit }, signal }),
  });

export function useConnectedReaders() {
  return useQuery(connectedReadersQuery());
}
