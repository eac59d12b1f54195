import { type BodyOf, settings } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { settingsKeys } from '../../../lib/query-keys/settings.ts';

export type SettingsUpdate = BodyOf<typeof settings.updateSettings>;

/** GET {base}/settings: the whole settings object (spec 3 §3). */
export function useSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.payments(),
      queryFn: ({ signal }) => apiFetch(settings.getSettings, { signal }),
    }),
  );
}

/** POST {base}/settings with every editable field; the answer replaces the cached settings. */
export function useSaveAllSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => apiFetch(settings.updateSettings, { body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.payments(), saved),
  });
}
