import { type BodyOf, settings, store } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { settingsKeys } from '../../../lib/query-keys/index.ts';

type SettingsUpdate = BodyOf<typeof settings.updateSettings>;
type StoreSettingsUpdate = BodyOf<typeof store.storeSettingsUpdate>;

export const paymentsSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.payments(),
    queryFn: ({ signal }) => apiFetch(settings.getSettings, { signal }),
  });

export const storeSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.store(),
    queryFn: ({ signal }) => apiFetch(store.storeSettingsGet, { signal }),
  });

/** GET {base}/settings: the protection level and the saved rules. */
export function usePaymentsSettings() {
  return useQuery(paymentsSettingsQuery());
}

/** GET /wc/v3/settings/general: where the store sells and its currency. */
export function useStoreSettings() {
  return useQuery(storeSettingsQuery());
}

/** POST {base}/settings; the answer replaces the cached settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => apiFetch(settings.updateSettings, { body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.payments(), saved),
  });
}

/** POST /wc/v3/settings/general: where the store sells. */
export function useSaveSellingLocations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSettingsUpdate) => apiFetch(store.storeSettingsUpdate, { body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.store(), saved),
  });
}
