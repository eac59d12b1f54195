/**
 * VAT details on fee invoices. The wizard writes a number with its country's prefix; the server
 * checks its format and check digit offline (docs/vat.md).
 */

/**
 * The prefix a VAT number is written with for a store country: none for Japan (13 digits),
 * EL for Greece, CHE for Switzerland, otherwise the country code and a space.
 */
export function vatNumberPrefix(country: string): string {
  const code = country.toUpperCase();
  if (code === 'JP') return '';
  if (code === 'GR') return 'EL ';
  if (code === 'CH') return 'CHE ';
  return `${code} `;
}

/** The number as typed, kept starting with the country's prefix (the wizard's field). */
export function withVatPrefix(country: string, typed: string): string {
  const prefix = vatNumberPrefix(country);
  if (!prefix) return typed;
  const bare = prefix.trim();
  const rest = typed.toUpperCase().startsWith(bare) ? typed.slice(bare.length).replace(/^\s+/, '') : typed;
  return `${prefix}${rest}`;
}

/** Whether the field holds only the prefix, so the wizard cannot go on yet. */
export function isOnlyVatPrefix(country: string, value: string): boolean {
  return value.trim() === vatNumberPrefix(country).trim();
}

/** The countries whose numbers are checked: the EU's, Great Britain, Switzerland, Norway, Japan. */
export const VAT_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'GR',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
  'CH',
  'NO',
  'JP',
] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];

/** Whether numbers of businesses in `country` are checked (and so asked for). */
export function isVatCountry(country: string): country is VatCountry {
  return (VAT_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

/** What the number is called: Japan's is a corporate number. */
export function vatNumberName(country: string): string {
  return country.toUpperCase() === 'JP' ? 'Corporate number' : 'VAT number';
}

/** The wizard's help text under the number. */
export function vatNumberHelp(country: string): string {
  return country.toUpperCase() === 'JP'
    ? 'Your 13-digit corporate number, such as 5835678256246.'
    : `8 to 12 digits after the ${vatNumberPrefix(country).trim()} prefix, such as ${vatNumberPrefix(country)}123456789.`;
}
