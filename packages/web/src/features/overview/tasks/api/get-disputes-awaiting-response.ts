import { reporting } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { getSettings } from '../../../../lib/bootstrap.ts';
import { disputesKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/reporting/disputes_awaiting_response: the disputes the task list asks to answer. */
export const disputesAwaitingResponseQuery = () =>
  queryOptions({
    queryKey: disputesKeys.awaitingResponse(),
    queryFn: ({ signal }) => apiFetch(reporting.disputesAwaitingResponse, { signal }),
  });

export function useDisputesAwaitingResponse() {
  return useQuery({ ...disputesAwaitingResponseQuery(), enabled: getSettings().isAccountConnected });
}
