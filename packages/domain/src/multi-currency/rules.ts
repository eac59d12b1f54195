import { isZeroDecimal } from '../currencies.ts';
import { parseDecimal } from '../money/decimal.ts';

/**
 * The multi-currency rules both the server and the admin pages follow (the setup wizard and the
 * per-currency settings; docs/multi-currency.md). No zod here: the admin pages load this at run
 * time.
 */

/**
 * The date of the exchange rates Paydesk ships (the `exchange_rates` table of migration 0002):
 * automatic rates come from that table, never from the network, so they are as of this day.
 */
export const SHIPPED_RATES_DATE = '2024-04-15';

/** `last_updated` of every automatic rate: SHIPPED_RATES_DATE as Unix seconds. */
export const SHIPPED_RATES_UNIX = Date.parse(`${SHIPPED_RATES_DATE}T00:00:00Z`) / 1000;

/** Rounding choices (major units of the currency), as the settings offer them. */
export const DECIMAL_ROUNDING_OPTIONS = ['0', '0.25', '0.50', '1.00', '5.00', '10.00'] as const;
export const ZERO_DECIMAL_ROUNDING_OPTIONS = ['1', '10', '25', '50', '100', '500', '1000'] as const;
/** Charm pricing choices, added after rounding. */
export const DECIMAL_CHARM_OPTIONS = ['0.00', '-0.01', '-0.05'] as const;
export const ZERO_DECIMAL_CHARM_OPTIONS = ['0.00', '-1', '-5', '-10', '-20', '-25', '-50', '-100'] as const;

/** The choice each list recommends and a currency starts with. */
export const RECOMMENDED_ROUNDING = { decimal: '1.00', zeroDecimal: '100' } as const;
export const NO_CHARM = '0.00';

export type ExchangeRateType = 'automatic' | 'manual';

/** One currency's settings, as `{base}/multi-currency/currencies/{code}` answers them. */
export interface CurrencySettings {
  exchange_rate_type: ExchangeRateType;
  /** A positive decimal string, or null when none was ever set. */
  manual_rate: string | null;
  price_rounding: string;
  price_charm: string;
}

export function roundingOptions(currency: string): readonly string[] {
  return isZeroDecimal(currency) ? ZERO_DECIMAL_ROUNDING_OPTIONS : DECIMAL_ROUNDING_OPTIONS;
}

export function charmOptions(currency: string): readonly string[] {
  return isZeroDecimal(currency) ? ZERO_DECIMAL_CHARM_OPTIONS : DECIMAL_CHARM_OPTIONS;
}

export function defaultCurrencySettings(currency: string): CurrencySettings {
  return {
    exchange_rate_type: 'automatic',
    manual_rate: null,
    price_rounding: isZeroDecimal(currency) ? RECOMMENDED_ROUNDING.zeroDecimal : RECOMMENDED_ROUNDING.decimal,
    price_charm: NO_CHARM,
  };
}

/**
 * The option of `options` equal in value to `value` ("1" is "1.00", 0.5 is "0.50"), written
 * the way the list writes it; null when the value is none of them or not a decimal at all.
 */
export function matchOption(options: readonly string[], value: string | number): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const wanted = parseDecimal(text);
  if (!wanted) return null;
  return (
    options.find((option) => {
      const have = parseDecimal(option)!;
      const scale = Math.max(have.scale, wanted.scale);
      return (
        have.units * 10n ** BigInt(scale - have.scale) === wanted.units * 10n ** BigInt(scale - wanted.scale)
      );
    }) ?? null
  );
}

/** Euro-area countries: a visitor from one of them is shown euros. */
const EURO_COUNTRIES = new Set('AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' '));

/** Currencies whose code does not start with their country's code. */
const COUNTRY_CURRENCY_EXCEPTIONS: Readonly<Record<string, string>> = { SN: 'XOF', CI: 'XOF', UK: 'GBP' };

/** The currency a visitor from `country` (two letters) would pay in, before checking it is offered. */
export function currencyOfCountry(country: string): string | null {
  const code = country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (EURO_COUNTRIES.has(code)) return 'EUR';
  return COUNTRY_CURRENCY_EXCEPTIONS[code] ?? null;
}

/**
 * The currency automatic switching shows a visitor from `country`: the country's own currency
 * when the store offers it, else null (the store currency stays).
 */
export function autoCurrencyFor(country: string, enabled: readonly string[]): string | null {
  const own = currencyOfCountry(country);
  if (own) return enabled.includes(own) ? own : null;
  const code = country.toUpperCase();
  return enabled.find((currency) => currency !== 'EUR' && currency.startsWith(code)) ?? null;
}

/** A currency's `flag`: its country's emoji, the EU's for the euro. */
export function currencyFlag(code: string): string {
  const country = code === 'EUR' ? 'EU' : code.slice(0, 2);
  if (code.startsWith('X') || !/^[A-Z]{2}$/.test(country)) return '';
  return String.fromCodePoint(...[...country].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** Query values of the storefront preview that read as on. */
export function isPreviewFlagOn(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}
