import { inbox } from '@paydesk/domain/contracts';
import { INBOX_PAGE_SIZE, NOTE_SOURCE, NOTE_TYPES } from '@paydesk/domain/inbox/notes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetchPage } from '../../../../lib/api-page.ts';
import { inboxKeys } from '../../../../lib/query-keys/index.ts';

/**
 * GET /wc-analytics/admin/notes: this product's unactioned notes of every type, newest first
 * (the notes store), a page of INBOX_PAGE_SIZE at a time; the X-WP-TotalPages header
 * tells whether "Show more" has more to show.
 */
export const inboxNotesQuery = () =>
  infiniteQueryOptions({
    queryKey: inboxKeys.notes(),
    queryFn: ({ signal, pageParam }) =>
      apiFetchPage(inbox.notesList, {
        query: {
          page: pageParam,
          per_page: INBOX_PAGE_SIZE,
          status: ['unactioned'],
          type: [...NOTE_TYPES],
          orderby: 'date',
          order: 'desc',
          source: NOTE_SOURCE,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (page < last.totalPages ? page + 1 : undefined),
  });

export function useInboxNotes(enabled: boolean) {
  return useInfiniteQuery({ ...inboxNotesQuery(), enabled });
}
