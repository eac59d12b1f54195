import { groupDecimalText } from './money/decimal.ts';

/**
 * Number separators by locale: space for fr and pl, apostrophe for de-CH, dot for
 * de, nl, it, es and pt, otherwise comma. The decimal separator is a comma wherever the
 * thousands separator is a dot or a space, otherwise a point.
 */
export function localeSeparators(locale: string): { thousandSeparator: string; decimalSeparator: string } {
  const normalized = locale.replace('_', '-');
  const language = normalized.split('-')[0]!.toLowerCase();
  if (normalized.toLowerCase() === 'de-ch') return { thousandSeparator: "'", decimalSeparator: '.' };
  if (language === 'fr' || language === 'pl') return { thousandSeparator: ' ', decimalSeparator: ',' };
  if (['de', 'nl', 'it', 'es', 'pt'].includes(language))
    return { thousandSeparator: '.', decimalSeparator: ',' };
  return { thousandSeparator: ',', decimalSeparator: '.' };
}

/**
 * A count as the locale groups its digits: 10000001 → "10,000,001" (en), "10.000.001" (de),
 * "10 000 001" (fr). For counts shown on their own or through a `%s`; a string whose
 * placeholder is `%d` takes the number as it is.
 */
export function formatCount(count: number, locale = 'en_US'): string {
  return groupDecimalText(String(count), localeSeparators(locale));
}
