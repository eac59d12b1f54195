import { z } from 'zod';
import { EXCHANGE_RATE_MAX_DECIMALS, isValidExchangeRate } from '../money/format.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * Multi-currency: the currencies the store offers besides its own, each one's rate,
 * rounding and charm pricing, and the storefront's automatic-currency and switcher settings.
 * Field names are the ones the admin client reads (`available`, `enabled`, `default`, the
 * `wcpay_multi_currency_*` settings).
 */

const BASE = `${PAYMENTS_BASE}/multi-currency`;

/** A three-letter code; either case is accepted, the answers write it upper case. */
const zCurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code such as EUR')
  .transform((code) => code.toUpperCase());

/** A positive exchange rate as a decimal string (never a float: the rate prices money). */
const zRate = z
  .string()
  .max(32)
  .refine(
    isValidExchangeRate,
    `A positive decimal such as 0.92, with at most ${EXCHANGE_RATE_MAX_DECIMALS} decimal places`,
  );

export const ZCurrency = z
  .object({
    id: z.string().describe('The code in lower case.'),
    code: z.string(),
    name: z.string(),
    symbol: z.string(),
    symbol_position: z.enum(['left', 'right', 'left_space', 'right_space']),
    flag: z.string().describe('An emoji flag, empty when the currency has no one country.'),
    rate: z
      .string()
      .describe('Major units of this currency per major unit of the store currency (manual or automatic).'),
    is_default: z.boolean(),
    is_zero_decimal: z.boolean(),
    last_updated: z.number().int().describe('When the automatic rate was quoted, Unix seconds.'),
  })
  .meta({ id: 'MultiCurrencyCurrency' });
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZCurrencies = z.object({
  available: z.record(z.string(), ZCurrency),
  enabled: z.record(z.string(), ZCurrency),
  default: ZCurrency,
});
export type TCurrencies = z.infer<typeof ZCurrencies>;

export const getCurrencies = defineEndpoint({
  method: 'GET',
  path: `${BASE}/currencies`,
  summary: 'The currencies the store can offer, the ones it offers, and its own (default) currency.',
  tags: ['multi-currency'],
  response: ZCurrencies,
});

export const updateEnabledCurrencies = defineEndpoint({
  method: 'POST',
  path: `${BASE}/update-enabled-currencies`,
  summary:
    'Replaces the enabled currencies; the store currency stays enabled. Unknown codes are refused by name.',
  tags: ['multi-currency'],
  body: z.object({ enabled: z.array(zCurrencyCode).max(200) }).strict(),
  response: ZCurrencies,
});

export const ZCurrencySettings = z.object({
  exchange_rate_type: z.enum(['automatic', 'manual']),
  manual_rate: z.string().nullable(),
  price_rounding: z.string(),
  price_charm: z.string(),
});
export type TCurrencySettings = z.infer<typeof ZCurrencySettings>;

const currencyParams = z.object({ code: zCurrencyCode }).strict();

export const getCurrencySettings = defineEndpoint({
  method: 'GET',
  path: `${BASE}/currencies/:code`,
  summary: "One currency's rate type, manual rate, price rounding and charm pricing.",
  tags: ['multi-currency'],
  params: currencyParams,
  response: ZCurrencySettings,
  errors: ['wcpay_multi_currency_currency_not_found'],
});

/** Rounding and charm are checked against the currency's own list on the server. */
const zOptionValue = z.union([z.string().max(16), z.number()]);

export const updateCurrencySettings = defineEndpoint({
  method: 'POST',
  path: `${BASE}/currencies/:code`,
  summary:
    "Saves one currency's settings. A manual rate is a positive decimal string, required for `manual`; rounding and charm are one of the currency's choices.",
  tags: ['multi-currency'],
  params: currencyParams,
  body: z
    .object({
      exchange_rate_type: z.enum(['automatic', 'manual']),
      manual_rate: zRate.nullable().optional(),
      price_rounding: zOptionValue,
      price_charm: zOptionValue,
    })
    .strict(),
  response: ZCurrencySettings,
  errors: ['wcpay_multi_currency_currency_not_found'],
});

const zYesNo = z.enum(['yes', 'no']);

export const ZMultiCurrencySettings = z.object({
  wcpay_multi_currency_enable_auto_currency: z.boolean(),
  wcpay_multi_currency_enable_storefront_switcher: z.boolean(),
  site_theme: z.string(),
  date_format: z.string(),
  time_format: z.string(),
  store_url: z.string().describe('The storefront preview, a path on this server.'),
});
export type TMultiCurrencySettings = z.infer<typeof ZMultiCurrencySettings>;

export const getSettings = defineEndpoint({
  method: 'GET',
  path: `${BASE}/get-settings`,
  summary: 'The multi-currency store settings, with the storefront preview address.',
  tags: ['multi-currency'],
  response: ZMultiCurrencySettings,
});

export const updateSettings = defineEndpoint({
  method: 'POST',
  path: `${BASE}/update-settings`,
  summary: "Turns automatic currency switching and the storefront switcher on ('yes') or off ('no').",
  tags: ['multi-currency'],
  body: z
    .object({
      wcpay_multi_currency_enable_auto_currency: zYesNo,
      wcpay_multi_currency_enable_storefront_switcher: zYesNo,
    })
    .strict(),
  response: ZMultiCurrencySettings,
});
