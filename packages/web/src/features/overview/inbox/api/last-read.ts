import { store } from '@paydesk/domain/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { inboxKeys } from './query-keys.ts';

/** The user's preferences (user meta), read for the inbox's last-read time. */
export function useInboxLastRead(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.preferences(),
    queryFn: ({ signal }) => apiFetch(store.preferencesGet, { signal }),
    select: (preferences) => preferences.activity_panel_inbox_last_read,
    enabled,
    // The time read when the inbox opened marks what is new during this visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves now as the inbox's last-read time. */
export function useMarkInboxRead() {
  return useMutation({
    mutationFn: (read_ms: number) =>
      apiFetch(store.preferencesUpdate, { body: { activity_panel_inbox_last_read: read_ms } }),
  });
}
