import { describe, expect, it } from 'vitest';
import {
  autoCurrencyFor,
  charmOptions,
  currencyFlag,
  defaultCurrencySettings,
  matchOption,
  roundingOptions,
  SHIPPED_RATES_UNIX,
} from './rules.ts';
import {
  addCurrenciesButton,
  canContinueAddCurrencies,
  matchesCurrencySearch,
  storePreviewUrl,
} from './wizard.ts';

const euro = { code: 'EUR', name: 'Euro', symbol: '€' };
const yen = { code: 'JPY', name: 'Japanese yen', symbol: '¥' };

describe('multi-currency rules', () => {
  it('searches symbol, code and name case-insensitively', () => {
    expect(matchesCurrencySearch(euro, 'eu')).toBe(true);
    expect(matchesCurrencySearch(euro, '€')).toBe(true);
    expect(matchesCurrencySearch(yen, 'YEN')).toBe(true);
    expect(matchesCurrencySearch(yen, 'jp')).toBe(true);
    expect(matchesCurrencySearch(yen, 'euro')).toBe(false);
    expect(matchesCurrencySearch(yen, '  ')).toBe(true);
  });

  it("labels the add button 'Add N currencies', 'Continue' or 'Add currencies'", () => {
    expect(addCurrenciesButton(2, 1)).toEqual({ kind: 'add_n', count: 2 });
    expect(addCurrenciesButton(0, 3)).toEqual({ kind: 'continue' });
    expect(addCurrenciesButton(0, 1)).toEqual({ kind: 'add' });
  });

  it('disables Continue only with the default currency alone and nothing selected', () => {
    expect(canContinueAddCurrencies(0, 1)).toBe(false);
    expect(canContinueAddCurrencies(1, 1)).toBe(true);
    expect(canContinueAddCurrencies(0, 2)).toBe(true);
  });

  it('offers the rounding and charm lists of decimal and zero-decimal currencies', () => {
    expect(roundingOptions('EUR')).toEqual(['0', '0.25', '0.50', '1.00', '5.00', '10.00']);
    expect(roundingOptions('JPY')).toEqual(['1', '10', '25', '50', '100', '500', '1000']);
    expect(charmOptions('usd')).toEqual(['0.00', '-0.01', '-0.05']);
    expect(charmOptions('KRW')).toContain('-100');
    expect(defaultCurrencySettings('EUR').price_rounding).toBe('1.00');
    expect(defaultCurrencySettings('JPY').price_rounding).toBe('100');
  });

  it('matches a value to its option by value, never by text alone', () => {
    expect(matchOption(roundingOptions('EUR'), '1')).toBe('1.00');
    expect(matchOption(roundingOptions('EUR'), 0.5)).toBe('0.50');
    expect(matchOption(roundingOptions('EUR'), '0.00')).toBe('0');
    expect(matchOption(charmOptions('EUR'), '-0.010')).toBe('-0.01');
    expect(matchOption(roundingOptions('EUR'), '2')).toBeNull();
    expect(matchOption(roundingOptions('JPY'), '0.25')).toBeNull();
    expect(matchOption(roundingOptions('EUR'), 'abc')).toBeNull();
    expect(matchOption(roundingOptions('EUR'), Number.NaN)).toBeNull();
    expect(matchOption(charmOptions('EUR'), '1e-2')).toBeNull();
  });

  it("picks a visitor's currency only when the store offers it", () => {
    expect(autoCurrencyFor('DE', ['USD', 'EUR'])).toBe('EUR');
    expect(autoCurrencyFor('fr', ['USD', 'EUR'])).toBe('EUR');
    expect(autoCurrencyFor('JP', ['USD', 'JPY'])).toBe('JPY');
    expect(autoCurrencyFor('GB', ['USD', 'GBP'])).toBe('GBP');
    expect(autoCurrencyFor('DE', ['USD', 'JPY'])).toBeNull();
    expect(autoCurrencyFor('EU', ['USD', 'EUR'])).toBeNull();
    expect(autoCurrencyFor('<s>', ['USD'])).toBeNull();
  });

  it('draws flags from the country, the EU for the euro, none for a regional franc', () => {
    expect(currencyFlag('USD')).toBe('🇺🇸');
    expect(currencyFlag('EUR')).toBe('🇪🇺');
    expect(currencyFlag('XOF')).toBe('');
  });

  it('dates the shipped rates', () => {
    expect(new Date(SHIPPED_RATES_UNIX * 1000).toISOString()).toBe('2024-04-15T00:00:00.000Z');
  });

  it('builds the preview address the wizard loads', () => {
    expect(
      storePreviewUrl('/store/', {
        is_mc_onboarding_simulation: '1',
        enable_storefront_switcher: 'true',
        enable_auto_currency: 'false',
      }),
    ).toBe(
      '/store/?is_mc_onboarding_simulation=1&enable_storefront_switcher=true&enable_auto_currency=false',
    );
    expect(storePreviewUrl('/store/', {})).toBe('/store/');
  });
});
