import { assert } from '@paydesk/domain';
import { type VatCountry, vatNumberPrefix } from '@paydesk/domain/documents/vat';
import { onFirstUse } from '../../first-use.ts';

/** A number's check: `format` and check digit of one country (docs/vat.md). */
type Validator = { validate: (value: string) => { isValid: boolean; compact?: string } };

/**
 * The validator of each prefix a number is written with, as stdnum's country and validator
 * names. They come from `stdnum`, a port of python-stdnum, which implements each country's
 * published format and check digit.
 */
const VALIDATOR_NAMES: Readonly<Record<string, { country: VatCountry; stdnum: [string, string] }>> = {
  AT: { country: 'AT', stdnum: ['AT', 'uid'] },
  BE: { country: 'BE', stdnum: ['BE', 'vat'] },
  BG: { country: 'BG', stdnum: ['BG', 'vat'] },
  CY: { country: 'CY', stdnum: ['CY', 'vat'] },
  CZ: { country: 'CZ', stdnum: ['CZ', 'dic'] },
  DE: { country: 'DE', stdnum: ['DE', 'vat'] },
  DK: { country: 'DK', stdnum: ['DK', 'cvr'] },
  EE: { country: 'EE', stdnum: ['EE', 'kmkr'] },
  EL: { country: 'GR', stdnum: ['GR', 'vat'] },
  ES: { country: 'ES', stdnum: ['ES', 'nif'] },
  FI: { country: 'FI', stdnum: ['FI', 'alv'] },
  FR: { country: 'FR', stdnum: ['FR', 'tva'] },
  HR: { country: 'HR', stdnum: ['HR', 'oib'] },
  HU: { country: 'HU', stdnum: ['HU', 'anum'] },
  IE: { country: 'IE', stdnum: ['IE', 'vat'] },
  IT: { country: 'IT', stdnum: ['IT', 'iva'] },
  LT: { country: 'LT', stdnum: ['LT', 'pvm'] },
  LU: { country: 'LU', stdnum: ['LU', 'tva'] },
  LV: { country: 'LV', stdnum: ['LV', 'pvn'] },
  MT: { country: 'MT', stdnum: ['MT', 'vat'] },
  NL: { country: 'NL', stdnum: ['NL', 'btw'] },
  PL: { country: 'PL', stdnum: ['PL', 'nip'] },
  PT: { country: 'PT', stdnum: ['PT', 'nif'] },
  RO: { country: 'RO', stdnum: ['RO', 'cif'] },
  SE: { country: 'SE', stdnum: ['SE', 'vat'] },
  SI: { country: 'SI', stdnum: ['SI', 'ddv'] },
  SK: { country: 'SK', stdnum: ['SK', 'dph'] },
  GB: { country: 'GB', stdnum: ['GB', 'vat'] },
  CHE: { country: 'CH', stdnum: ['CH', 'vat'] },
  NO: { country: 'NO', stdnum: ['NO', 'mva'] },
};

/** Japan's corporate numbers, which have no prefix. */
const JAPAN: [string, string] = ['JP', 'cn'];

interface Validators {
  byPrefix: Readonly<Record<string, { country: VatCountry; validator: Validator }>>;
  japan: Validator;
}

/**
 * stdnum and its validators, loaded when the first number is checked rather than when the server
 * starts: its modules cost start time and memory that only VAT numbers need (docs/performance.md).
 */
const validators = onFirstUse<Validators>(() =>
  import('stdnum').then(({ stdnum }) => {
    /** One of stdnum's validators, which must exist: a missing one is a broken installation. */
    const validatorOf = ([country, name]: [string, string]): Validator => {
      const validator = (stdnum as Record<string, Record<string, Validator | undefined> | undefined>)[
        country
      ]?.[name];
      assert(validator, `stdnum has no ${country}.${name} validator`);
      return validator;
    };
    const byPrefix = Object.fromEntries(
      Object.entries(VALIDATOR_NAMES).map(([prefix, entry]) => [
        prefix,
        { country: entry.country, validator: validatorOf(entry.stdnum) },
      ]),
    );
    return { byPrefix, japan: validatorOf(JAPAN) };
  }),
);

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
export async function checkVatNumber(input: string, country: string): Promise<VatNumberCheck> {
  const { byPrefix, japan } = await validators();
  const text = input.toUpperCase().replace(/[\s.\-/]/g, '');
  const code = country.toUpperCase();
  if (code === 'JP') {
    return /^\d{13}$/.test(text) && japan.validate(text).isValid
      ? { valid: true, country: 'JP', number: text }
      : { valid: false, reason: 'invalid' };
  }
  const prefix = vatNumberPrefix(code).trim();
  const entry = byPrefix[prefix];
  if (!entry || entry.country !== code) return { valid: false, reason: 'unsupported_country' };
  const written = text.startsWith(prefix) ? text : `${prefix}${text}`;
  const result = entry.validator.validate(written);
  if (!result.isValid || !result.compact) return { valid: false, reason: 'invalid' };
  const compact = result.compact.startsWith(prefix) ? result.compact.slice(prefix.length) : result.compact;
  return { valid: true, country: entry.country, number: `${prefix}${compact}` };
}
