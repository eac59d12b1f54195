import { type BodyOf, multiCurrency } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { multiCurrencyKeys } from '../../../lib/query-keys/index.ts';

/**
 * The multi-currency endpoints (docs/multi-currency.md), one hook per call. The setup-completed
 * store option is read by the settings page too: lib/multi-currency-setup.ts.
 */

/** GET {base}/multi-currency/currencies: `available`, `enabled`, `default`. */
export function useCurrencies() {
  return useQuery(
    queryOptions({
      queryKey: multiCurrencyKeys.currencies(),
      queryFn: ({ signal }) => apiFetch(multiCurrency.getCurrencies, { signal }),
    }),
  );
}

/** POST {base}/multi-currency/update-enabled-currencies; the answer replaces the cached list. */
export function useUpdateEnabledCurrencies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: string[]) => apiFetch(multiCurrency.updateEnabledCurrencies, { body: { enabled } }),
    onSuccess: (answer) => client.setQueryData(multiCurrencyKeys.currencies(), answer),
  });
}

/** GET {base}/multi-currency/get-settings: the store settings with `store_url`. */
export function useMultiCurrencySettings() {
  return useQuery(
    queryOptions({
      queryKey: multiCurrencyKeys.settings(),
      queryFn: ({ signal }) => apiFetch(multiCurrency.getSettings, { signal }),
    }),
  );
}

/** POST {base}/multi-currency/update-settings with 'yes' or 'no' for each switch. */
export function useUpdateMultiCurrencySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof multiCurrency.updateSettings>) =>
      apiFetch(multiCurrency.updateSettings, { body }),
    onSuccess: (answer) => client.setQueryData(multiCurrencyKeys.settings(), answer),
  });
}

/** GET {base}/multi-currency/currencies/{code}. */
export function useCurrencySettings(code: string) {
  return useQuery(
    queryOptions({
      queryKey: multiCurrencyKeys.currency(code),
      queryFn: ({ signal }) => apiFetch(multiCurrency.getCurrencySettings, { params: { code }, signal }),
    }),
  );
}

/** POST {base}/multi-currency/currencies/{code}; a rate change refreshes the currency list. */
export function useSaveCurrencySettings(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof multiCurrency.updateCurrencySettings>) =>
      apiFetch(multiCurrency.updateCurrencySettings, { params: { code }, body }),
    onSuccess: (answer) => {
      client.setQueryData(multiCurrencyKeys.currency(code), answer);
      void client.invalidateQueries({ queryKey: multiCurrencyKeys.currencies() });
    },
  });
}
