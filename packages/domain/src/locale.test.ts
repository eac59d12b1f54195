import { describe, expect, it } from 'vitest';
import { localeSeparators } from './locale.ts';

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
