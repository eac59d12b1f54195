import type { TStoreSettings } from './store-settings.ts';

/** The countries a store sells to, as the fraud filters read them. */
export function sellingCountries(
  settings: Pick<
    TStoreSettings,
    | 'woocommerce_allowed_countries'
    | 'woocommerce_all_except_countries'
    | 'woocommerce_specific_allowed_countries'
  >,
): { mode: TStoreSettings['woocommerce_allowed_countries']; countries: string[] } {
  const mode = settings.woocommerce_allowed_countries;
  const list =
    mode === 'all_except'
      ? settings.woocommerce_all_except_countries
      : mode === 'specific'
        ? settings.woocommerce_specific_allowed_countries
        : '';
  return { mode, countries: list.split(',').filter(Boolean) };
}
