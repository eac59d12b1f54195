import { inbox } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { inboxKeys } from '../../../../lib/query-keys/index.ts';

/** POST /notes/{id}/action/{action_id}: follows an action; the note takes the action's status. */
export function useNoteAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action_id: number }) => apiFetch(inbox.noteAction, { params: input }),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.notes() }),
  });
}
