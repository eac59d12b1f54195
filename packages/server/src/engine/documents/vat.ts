import { assert } from '@paydesk/domain';
import { type VatCountry, vatNumberPrefix } from '@paydesk/domain/documents/vat';
import { stdnum } from 'stdnum';

/** A number's check: `format` and check digit of one country (docs/vat.md). */
type Validator = { validate: (value: string) => { isValid: boolean; compact?: string } };

/** One of stdnum's validators, which must exist: a missing one is a broken installation. */
function validatorOf(country: string, name: string): Validator {
  const validator = (stdnum as Record<string, Record<string, Validator | undefined> | undefined>)[country]?.[
    name
  ];
  assert(validator, `stdnum has no ${country}.${name} validator`);
  return validator;
}

/**
 * The validator of each prefix a number is written with. They come from `stdnum`, a port of
 * python-stdnum, which implements each country's published format and check digit.
 */
const VALIDATORS: Readonly<Record<string, { country: VatCountry; validator: Validator }>> = {
  AT: { country: 'AT', validator: validatorOf('AT', 'uid') },
  BE: { country: 'BE', validator: validatorOf('BE', 'vat') },
  BG: { country: 'BG', validator: validatorOf('BG', 'vat') },
  CY: { country: 'CY', validator: validatorOf('CY', 'vat') },
  CZ: { country: 'CZ', validator: validatorOf('CZ', 'dic') },
  DE: { country: 'DE', validator: validatorOf('DE', 'vat') },
  DK: { country: 'DK', validator: validatorOf('DK', 'cvr') },
  EE: { country: 'EE', validator: validatorOf('EE', 'kmkr') },
  EL: { country: 'GR', validator: validatorOf('GR', 'vat') },
  ES: { country: 'ES', validator: validatorOf('ES', 'nif') },
  FI: { country: 'FI', validator: validatorOf('FI', 'alv') },
  FR: { country: 'FR', validator: validatorOf('FR', 'tva') },
  HR: { country: 'HR', validator: validatorOf('HR', 'oib') },
  HU: { country: 'HU', validator: validatorOf('HU', 'anum') },
  IE: { country: 'IE', validator: validatorOf('IE', 'vat') },
  IT: { country: 'IT', validator: validatorOf('IT', 'iva') },
  LT: { country: 'LT', validator: validatorOf('LT', 'pvm') },
  LU: { country: 'LU', validator: validatorOf('LU', 'tva') },
  LV: { country: 'LV', validator: validatorOf('LV', 'pvn') },
  MT: { country: 'MT', validator: validatorOf('MT', 'vat') },
  NL: { country: 'NL', validator: validatorOf('NL', 'btw') },
  PL: { country: 'PL', validator: validatorOf('PL', 'nip') },
  PT: { country: 'PT', validator: validatorOf('PT', 'nif') },
  RO: { country: 'RO', validator: validatorOf('RO', 'cif') },
  SE: { country: 'SE', validator: validatorOf('SE', 'vat') },
  SI: { country: 'SI', validator: validatorOf('SI', 'ddv') },
  SK: { country: 'SK', validator: validatorOf('SK', 'dph') },
  GB: { country: 'GB', validator: validatorOf('GB', 'vat') },
  CHE: { country: 'CH', validator: validatorOf('CH', 'vat') },
  NO: { country: 'NO', validator: validatorOf('NO', 'mva') },
};

export type VatNumberCheck =
  | { valid: true; country: VatCountry; number: string }
  | { valid: false; reason: 'invalid' | 'unsupported_country' };

/**
 * Checks a VAT number of a business in `country` offline: format and check digit of that
 * country's numbers (docs/vat.md). The number may be written with its prefix or without it, as
 * the wizard sends it; spaces, dots, dashes and slashes are ignored. Japan's 13-digit corporate
 * numbers have no prefix. A valid number is answered as `PREFIX` + its compact form, e.g.
 * `DE136695976`, `EL094259216`, `CHE116281710MWST`, `5835678256246`.
 */
export function checkVatNumber(input: string, country: string): VatNumberCheck {
  const text = input.toUpperCase().replace(/[\s.\-/]/g, '');
  const code = country.toUpperCase();
  if (code === 'JP') {
    return /^\d{13}$/.test(text) && validatorOf('JP', 'cn').validate(text).isValid
      ? { valid: true, country: 'JP', number: text }
      : { valid: false, reason: 'invalid' };
  }
  const prefix = vatNumberPrefix(code).trim();
  const entry = VALIDATORS[prefix];
  if (!entry || entry.country !== code) return { valid: false, reason: 'unsupported_country' };
  const written = text.startsWith(prefix) ? text : `${prefix}${text}`;
  const result = entry.validator.validate(written);
  if (!result.isValid || !result.compact) return { valid: false, reason: 'invalid' };
  const compact = result.compact.startsWith(prefix) ? result.compact.slice(prefix.length) : result.compact;
  return { valid: true, country: entry.country, number: `${prefix}${compact}` };
}
