/** The multi-currency endpoints (`{base}/multi-currency/…`). */
export const multiCurrencyKeys = {
  all: ['multi-currency'] as const,
  currencies: () => [...multiCurrencyKeys.all, 'currencies'] as const,
  currency: (code: string) => [...multiCurrencyKeys.all, 'currency', code] as const,
  settings: () => [...multiCurrencyKeys.all, 'settings'] as const,
};
