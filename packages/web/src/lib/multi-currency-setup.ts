import { store } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api.ts';
import { optionsKeys } from './query-keys/index.ts';

/**
 * The store option saying the multi-currency setup wizard was finished. The
 * wizard reads and sets it; the payments settings page reads it to link to the wizard or to the
 * multi-currency settings tab. One key, whichever page reads it.
 */
const SETUP_COMPLETED = 'wcpay_multi_currency_setup_completed';
const setupCompletedQuery = () =>
  queryOptions({
    queryKey: optionsKeys.named([SETUP_COMPLETED]),
    queryFn: ({ signal }) => apiFetch(store.optionsGet, { query: { options: SETUP_COMPLETED }, signal }),
  });

/** GET /wc-admin/options: whether the wizard was finished ('yes'). */
export function useMultiCurrencySetupCompleted() {
  return useQuery({ ...setupCompletedQuery(), select: (options) => options[SETUP_COMPLETED] === 'yes' });
}

/** POST /wc-admin/options with wcpay_multi_currency_setup_completed=yes. */
export function useMarkMultiCurrencySetupCompleted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(store.optionsUpdate, { body: { [SETUP_COMPLETED]: 'yes' } }),
    onSuccess: () =>
      client.setQueryData(setupCompletedQuery().queryKey, (current) => ({
        ...current,
        [SETUP_COMPLETED]: 'yes',
      })),
  });
}
