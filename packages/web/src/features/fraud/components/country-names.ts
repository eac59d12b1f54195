import { useMemo } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';

export type SellingMode = 'all' | 'all_except' | 'specific';

/** Country names in the merchant's language, from the browser. */
export function useCountryNames(): (code: string) => string {
  return useMemo(() => {
    const locale = getSettings().locale.replace('_', '-');
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, []);
}
