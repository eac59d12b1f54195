import { describe, expect, it } from 'vitest';
import { formatCount, localeSeparators } from './locale.ts';

describe('localeSeparators', () => {
  it.each([
    ['fr_FR', ' ', ','],
    ['pl_PL', ' ', ','],
    ['de_CH', "'", '.'],
    ['de_DE', '.', ','],
    ['nl_NL', '.', ','],
    ['it_IT', '.', ','],
    ['es_ES', '.', ','],
    ['pt_BR', '.', ','],
    ['en_US', ',', '.'],
    ['ja', ',', '.'],
  ])('%s uses %j for thousands and %j for decimals', (locale, thousands, decimals) => {
    expect(localeSeparators(locale)).toEqual({ thousandSeparator: thousands, decimalSeparator: decimals });
  });
});

describe('formatCount', () => {
  it.each([
    [0, 'en_US', '0'],
    [999, 'en_US', '999'],
    [1000, 'en_US', '1,000'],
    [10_000_001, 'en_US', '10,000,001'],
    [400_001, 'de_DE', '400.001'],
    [1_234_567, 'fr_FR', '1 234 567'],
    [1_234_567, 'de_CH', "1'234'567"],
    [Number.MAX_SAFE_INTEGER, 'en_US', '9,007,199,254,740,991'],
  ])('%d in %s is %j', (count, locale, text) => {
    expect(formatCount(count, locale)).toBe(text);
  });

  it('groups by the store default, en_US, when no locale is given', () => {
    expect(formatCount(9_580_400)).toBe('9,580,400');
  });
});
