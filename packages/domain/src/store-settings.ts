import { z } from 'zod';
import { isKnownCurrency } from './currencies.ts';

/**
 * The store's own settings, kept as named options. Keys are the platform's option names so that
 * `store:set --key blogname --value "My shop"` reads as it would on the platform.
 */
const zCountryList = z
  .string()
  .trim()
  .toUpperCase()
  .max(1000)
  .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/, 'Two-letter country codes joined by commas, such as US,CA');

export const ZStoreSettings = z.object({
  blogname: z.string().trim().min(1).max(200),
  home: z.string().url().max(2000),
  woocommerce_default_country: z
    .string()
    .regex(/^[A-Z]{2}(:[A-Z0-9-]{1,10})?$/, 'A country code such as US, or US:CA with a state'),
  woocommerce_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'A three-letter currency code such as USD')
    .refine(isKnownCurrency, 'An unsupported currency'),
  timezone_string: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'An IANA time zone such as America/New_York'),
  locale: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A locale such as en_US'),
  date_format: z.string().min(1).max(50),
  time_format: z.string().min(1).max(50),
  woocommerce_store_industry: z.string().max(100),
  /** Where the store sells: everywhere, everywhere but some countries, or only some. */
  woocommerce_allowed_countries: z.enum(['all', 'all_except', 'specific']),
  /** Country codes joined by commas, e.g. `RU,BY`. */
  woocommerce_all_except_countries: zCountryList,
  woocommerce_specific_allowed_countries: zCountryList,
  /** The documents page and its menu entry: '1' on (the default), '0' off. */
  _wcpay_feature_documents: z.enum(['0', '1']),
});
export type TStoreSettings = z.infer<typeof ZStoreSettings>;
export type StoreSettingKey = keyof TStoreSettings;

export const STORE_SETTING_DEFAULTS: TStoreSettings = {
  blogname: 'My Store',
  home: 'http://localhost:8080',
  woocommerce_default_country: 'US:CA',
  woocommerce_currency: 'USD',
  timezone_string: 'UTC',
  locale: 'en_US',
  date_format: 'F j, Y',
  time_format: 'g:i a',
  woocommerce_store_industry: '',
  woocommerce_allowed_countries: 'all',
  woocommerce_all_except_countries: '',
  woocommerce_specific_allowed_countries: '',
  _wcpay_feature_documents: '1',
};

export const STORE_SETTING_KEYS = Object.keys(STORE_SETTING_DEFAULTS) as StoreSettingKey[];

export function isStoreSettingKey(key: string): key is StoreSettingKey {
  return (STORE_SETTING_KEYS as string[]).includes(key);
}

/** The two-letter store country from `woocommerce_default_country` (`US:CA` → `US`). */
export function storeCountry(settings: Pick<TStoreSettings, 'woocommerce_default_country'>): string {
  return settings.woocommerce_default_country.slice(0, 2);
}
