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
