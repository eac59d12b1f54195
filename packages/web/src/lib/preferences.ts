import { type ResponseOf, store } from '@paydesk/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api.ts';
import { preferencesKeys } from './query-keys/index.ts';

export type Preferences = ResponseOf<typeof store.preferencesGet>;

/**
 * GET /wc-admin/users/me/preferences: the signed-in user's preferences, read once per visit.
 * They change only when this user saves them here, and each save puts the answer in the cache.
 */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKeys.current(),
    queryFn: ({ signal }) => apiFetch(store.preferencesGet, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
