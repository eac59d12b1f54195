/**
 * The wizard's rules and its store preview's address. A
 * module of its own that imports nothing, so neither the app's route table nor the wizard's page
 * carries more than it needs.
 */

/** The currencies the wizard recommends, in this order. */
export const RECOMMENDED_CURRENCIES = ['USD', 'EUR', 'JPY', 'GBP', 'AUD', 'CAD', 'INR'] as const;

/** Search matches symbol, code and name, case-insensitively. */
export function matchesCurrencySearch(
  currency: { code: string; name: string; symbol: string },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [currency.symbol, currency.code, currency.name].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/**
 * What the add-currencies button reads — 'Add N currencies' with a selection,
 * 'Continue' when other currencies are already enabled, else 'Add currencies'.
 */
export function addCurrenciesButton(
  selectedCount: number,
  enabledCount: number,
): { kind: 'add_n'; count: number } | { kind: 'continue' } | { kind: 'add' } {
  if (selectedCount > 0) return { kind: 'add_n', count: selectedCount };
  return enabledCount > 1 ? { kind: 'continue' } : { kind: 'add' };
}

/** Continue is disabled when only the default currency is enabled and none selected. */
export function canContinueAddCurrencies(selectedCount: number, enabledCount: number): boolean {
  return selectedCount > 0 || enabledCount > 1;
}

/** The preview's query parameters (docs/multi-currency.md). */
export interface StorePreviewQuery {
  currency?: string;
  country?: string;
  is_mc_onboarding_simulation?: '1';
  enable_storefront_switcher?: 'true' | 'false';
  enable_auto_currency?: 'true' | 'false';
}

/** The preview's address with `query`, as the wizard's iframe loads it. */
export function storePreviewUrl(storeUrl: string, query: StorePreviewQuery): string {
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value as string)}`)
    .join('&');
  return text ? `${storeUrl}?${text}` : storeUrl;
}
