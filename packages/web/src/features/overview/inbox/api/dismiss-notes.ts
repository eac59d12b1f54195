import { inbox } from '@paydesk/domain/contracts';
import { NOTE_SOURCE } from '@paydesk/domain/inbox/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { inboxKeys } from '../../../../lib/query-keys/index.ts';

/** DELETE /notes/delete/{id}: dismisses one note (it is marked deleted, so it can come back). */
export function useDismissNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(inbox.noteDelete, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.notes() }),
  });
}

/** DELETE /notes/delete/all: dismisses every note the inbox lists; answers them for the undo. */
export function useDismissAllNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(inbox.notesDeleteAll, { query: { status: 'unactioned', source: NOTE_SOURCE } }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.notes() }),
  });
}

/** PUT /notes/update with is_deleted false: the undo of a dismissal, for one note or several. */
export function useRestoreNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteIds: number[]) =>
      apiFetch(inbox.notesBatchUpdate, { body: { noteIds, is_deleted: false } }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.notes() }),
  });
}
