import type { TWritableOptions } from '@paydesk/domain';
import { store } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { optionsKeys } from '../../../../lib/query-keys/index.ts';

/** The store options the Overview's modals and banner remember their dismissal in. */
export const OVERVIEW_OPTIONS = [
  'wcpay_connection_success_modal_dismissed',
  'wcpay_onboarding_eligibility_modal_dismissed',
  'wcpay_frt_discover_banner_settings',
] as const;

export const overviewOptionsQuery = () =>
  queryOptions({
    queryKey: optionsKeys.named(OVERVIEW_OPTIONS),
    queryFn: ({ signal }) =>
      apiFetch(store.optionsGet, { query: { options: OVERVIEW_OPTIONS.join(',') }, signal }),
  });

/** GET /wc-admin/options for the Overview's dismissal options. */
export function useOverviewOptions() {
  return useQuery(overviewOptionsQuery());
}

/**
 * POST /wc-admin/options. The page hides what was dismissed at once; the cached options are
 * updated with the answer so a later render agrees without another read.
 */
export function useUpdateOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWritableOptions) => apiFetch(store.optionsUpdate, { body }),
    onSuccess: (_answer, body) => {
      client.setQueryData(overviewOptionsQuery().queryKey, (current) => ({ ...current, ...body }));
    },
  });
}
