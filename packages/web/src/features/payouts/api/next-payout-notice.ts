import { store } from '@paydesk/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { optionsKeys } from '../../../lib/query-keys/index.ts';

const OPTION = 'wcpay_next_deposit_notice_dismissed';

/** Whether the merchant dismissed the next-payout notice, from the store's options. */
export function useNextPayoutNoticeDismissed() {
  return useQuery({
    queryKey: optionsKeys.named([OPTION]),
    queryFn: ({ signal }) => apiFetch(store.optionsGet, { query: { options: OPTION }, signal }),
    select: (options) => options[OPTION] === true,
  });
}

/** Dismisses the next-payout notice for good; the page hides it with the answer. */
export function useDismissNextPayoutNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(store.optionsUpdate, { body: { [OPTION]: true } }),
    onSuccess: () => {
      client.setQueryData(optionsKeys.named([OPTION]), (current: Record<string, unknown> | undefined) => ({
        ...current,
        [OPTION]: true,
      }));
    },
  });
}
