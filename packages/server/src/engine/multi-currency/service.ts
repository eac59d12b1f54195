import { appError, CURRENCIES, invalidParams, isZeroDecimal } from '@paydesk/domain';
import type { BodyOf, multiCurrency } from '@paydesk/domain/contracts';
import { STORE_PREVIEW_PATH } from '@paydesk/domain/multi-currency/paths';
import {
  type CurrencySettings,
  charmOptions,
  currencyFlag,
  defaultCurrencySettings,
  matchOption,
  roundingOptions,
  SHIPPED_RATES_UNIX,
} from '@paydesk/domain/multi-currency/rules';
import type { Db } from '../../db/database.ts';
import { getOptions, getStoreSettings, setOptions } from '../../store/options.ts';
import { crossRate, loadRates, type RateTable } from '../rates.ts';

type TCurrency = multiCurrency.TCurrency;
type TCurrencies = multiCurrency.TCurrencies;

/**
 * The store's multi-currency state lives in named options (no table of its own): which
 * currencies are enabled, each one's settings, and the two storefront switches. Automatic rates
 * are the shipped `exchange_rates` table, crossed from the store currency.
 */
export const MC_OPTIONS = {
  enabled: 'wcpay_multi_currency_enabled_currencies',
  currencySettings: 'wcpay_multi_currency_currency_settings',
  autoCurrency: 'wcpay_multi_currency_enable_auto_currency',
  storefrontSwitcher: 'wcpay_multi_currency_enable_storefront_switcher',
} as const;

/** The preview's theme name, which the settings answer as `site_theme`. */
export const STORE_PREVIEW_THEME = 'Paydesk sample store';

export interface MultiCurrencyState {
  storeCurrency: string;
  /** Enabled codes, the store currency first. */
  enabled: string[];
  /** Codes the store can offer: known currencies with a shipped rate, in code order. */
  available: string[];
  settings: Record<string, CurrencySettings>;
  autoCurrency: boolean;
  storefrontSwitcher: boolean;
  rates: RateTable;
}

const asCodeList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];

const asSettingsMap = (value: unknown): Record<string, CurrencySettings> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, CurrencySettings>)
    : {};

export async function loadMultiCurrency(db: Db): Promise<MultiCurrencyState> {
  const [store, options, rates] = await Promise.all([
    getStoreSettings(db),
    getOptions(db, Object.values(MC_OPTIONS)),
    loadRates(db),
  ]);
  const storeCurrency = store.woocommerce_currency;
  const available = Object.keys(CURRENCIES)
    .filter((code) => rates.has(code.toLowerCase()))
    .sort();
  const stored = asCodeList(options[MC_OPTIONS.enabled]).filter((code) => available.includes(code));
  return {
    storeCurrency,
    enabled: [storeCurrency, ...stored.filter((code) => code !== storeCurrency)],
    available,
    settings: asSettingsMap(options[MC_OPTIONS.currencySettings]),
    autoCurrency: options[MC_OPTIONS.autoCurrency] === 'yes',
    storefrontSwitcher: options[MC_OPTIONS.storefrontSwitcher] === 'yes',
    rates,
  };
}

/** A currency's saved settings, or its defaults. */
export function settingsOf(state: MultiCurrencyState, code: string): CurrencySettings {
  return { ...defaultCurrencySettings(code), ...state.settings[code] };
}

/** The rate from the store currency to `code`: the manual one when chosen, else the shipped one. */
export function rateOf(state: MultiCurrencyState, code: string): string {
  if (code === state.storeCurrency) return '1';
  const settings = settingsOf(state, code);
  if (settings.exchange_rate_type === 'manual' && settings.manual_rate) return settings.manual_rate;
  return crossRate(state.rates, state.storeCurrency, code);
}

function currencyOf(state: MultiCurrencyState, code: string): TCurrency {
  const info = CURRENCIES[code]!;
  return {
    id: code.toLowerCase(),
    code,
    name: info.name,
    symbol: info.symbol,
    symbol_position: info.symbolPosition,
    flag: currencyFlag(code),
    rate: rateOf(state, code),
    is_default: code === state.storeCurrency,
    is_zero_decimal: isZeroDecimal(code),
    last_updated: SHIPPED_RATES_UNIX,
  };
}

export function currenciesOf(state: MultiCurrencyState): TCurrencies {
  const byCode = (codes: readonly string[]) =>
    Object.fromEntries(codes.map((code) => [code, currencyOf(state, code)]));
  return {
    available: byCode(state.available),
    enabled: byCode(state.enabled),
    default: currencyOf(state, state.storeCurrency),
  };
}

export async function updateEnabledCurrencies(db: Db, codes: readonly string[]): Promise<TCurrencies> {
  const state = await loadMultiCurrency(db);
  const unknown = [...new Set(codes.filter((code) => !state.available.includes(code)))];
  if (unknown.length > 0) throw invalidParams({ enabled: `Unknown currency codes: ${unknown.join(', ')}.` });
  const enabled = [...new Set(codes)].filter((code) => code !== state.storeCurrency);
  await setOptions(db, { [MC_OPTIONS.enabled]: enabled });
  return currenciesOf(await loadMultiCurrency(db));
}

function requireAvailable(state: MultiCurrencyState, code: string): void {
  if (!state.available.includes(code))
    throw appError('wcpay_multi_currency_currency_not_found', { args: [code] });
}

export async function getCurrencySettings(db: Db, code: string): Promise<CurrencySettings> {
  const state = await loadMultiCurrency(db);
  requireAvailable(state, code);
  return settingsOf(state, code);
}

export async function updateCurrencySettings(
  db: Db,
  code: string,
  body: BodyOf<typeof multiCurrency.updateCurrencySettings>,
): Promise<CurrencySettings> {
  const state = await loadMultiCurrency(db);
  requireAvailable(state, code);
  const rounding = matchOption(roundingOptions(code), body.price_rounding);
  const charm = matchOption(charmOptions(code), body.price_charm);
  const reasons: Record<string, string> = {};
  if (rounding === null) reasons.price_rounding = `One of ${roundingOptions(code).join(', ')}.`;
  if (charm === null) reasons.price_charm = `One of ${charmOptions(code).join(', ')}.`;
  const manualRate = body.manual_rate ?? settingsOf(state, code).manual_rate;
  if (body.exchange_rate_type === 'manual' && !manualRate) {
    reasons.manual_rate = 'A manual rate is required when the exchange rate type is manual.';
  }
  if (Object.keys(reasons).length > 0) throw invalidParams(reasons);
  const saved: CurrencySettings = {
    exchange_rate_type: body.exchange_rate_type,
    manual_rate: manualRate,
    price_rounding: rounding!,
    price_charm: charm!,
  };
  await setOptions(db, { [MC_OPTIONS.currencySettings]: { ...state.settings, [code]: saved } });
  return saved;
}

export async function getMultiCurrencySettings(db: Db): Promise<multiCurrency.TMultiCurrencySettings> {
  const [state, store] = await Promise.all([loadMultiCurrency(db), getStoreSettings(db)]);
  return {
    wcpay_multi_currency_enable_auto_currency: state.autoCurrency,
    wcpay_multi_currency_enable_storefront_switcher: state.storefrontSwitcher,
    site_theme: STORE_PREVIEW_THEME,
    date_format: store.date_format,
    time_format: store.time_format,
    store_url: STORE_PREVIEW_PATH,
  };
}

export async function updateMultiCurrencySettings(
  db: Db,
  body: BodyOf<typeof multiCurrency.updateSettings>,
): Promise<multiCurrency.TMultiCurrencySettings> {
  await setOptions(db, {
    [MC_OPTIONS.autoCurrency]: body.wcpay_multi_currency_enable_auto_currency,
    [MC_OPTIONS.storefrontSwitcher]: body.wcpay_multi_currency_enable_storefront_switcher,
  });
  return getMultiCurrencySettings(db);
}
