import type { TWritableOptions } from '@paydesk/domain';
import { store } from '@paydesk/domain/contracts';
import { TASK_OPTION_NAMES } from '@paydesk/domain/overview/tasks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { optionsKeys } from '../../../../lib/query-keys/index.ts';

/** GET /wc-admin/options for the tasks the merchant dismissed, deleted or snoozed. */
export const taskOptionsQuery = () =>
  queryOptions({
    queryKey: optionsKeys.named(TASK_OPTION_NAMES),
    queryFn: ({ signal }) =>
      apiFetch(store.optionsGet, { query: { options: TASK_OPTION_NAMES.join(',') }, signal }),
  });

export function useTaskOptions() {
  return useQuery({ ...taskOptionsQuery(), enabled: getSettings().isAccountConnected });
}

/**
 * POST /wc-admin/options. The list changes at once (the cached options take the new values
 * before the call); a failed call puts the previous values back.
 */
export function useUpdateTaskOptions() {
  const client = useQueryClient();
  const key = taskOptionsQuery().queryKey;
  return useMutation({
    mutationFn: (body: TWritableOptions) => apiFetch(store.optionsUpdate, { body }),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      client.setQueryData(key, (current) => ({ ...current, ...(body as Record<string, never>) }));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
  });
}
