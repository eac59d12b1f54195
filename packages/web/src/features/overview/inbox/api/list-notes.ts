import { inbox } from '@paydesk/domain/contracts';
import { NOTE_SOURCE } from '@paydesk/domain/inbox/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { inboxKeys } from './query-keys.ts';

/**
 * GET /wc-analytics/admin/notes: this product's unactioned notes, newest first, one default
 * page (spec 1 §7 "Notes store").
 */
export const inboxNotesQuery = () =>
  queryOptions({
    queryKey: inboxKeys.notes(),
    queryFn: ({ signal }) =>
      apiFetch(inbox.notesList, {
        query: { status: 'unactioned', source: NOTE_SOURCE, sort: 'date', direction: 'desc' },
        signal,
      }),
  });

export function useInboxNotes(enabled: boolean) {
  return useQuery({ ...inboxNotesQuery(), enabled });
}
