import { store } from '@paydesk/domain/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { preferencesQuery } from '../../../../lib/preferences.ts';

/** The user's preferences (user meta), read for the inbox's last-read time. */
export function useInboxLastRead(enabled: boolean) {
  return useQuery({
    ...preferencesQuery(),
    select: (preferences) => preferences.activity_panel_inbox_last_read,
    // The time read when the inbox opened marks what is new during this visit: the preferences
    // are read once per visit.
    enabled,
  });
}

/** Saves now as the inbox's last-read time. */
export function useMarkInboxRead() {
  return useMutation({
    mutationFn: (read_ms: number) =>
      apiFetch(store.preferencesUpdate, { body: { activity_panel_inbox_last_read: read_ms } }),
  });
}
