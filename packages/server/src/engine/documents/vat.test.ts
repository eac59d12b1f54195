import { describe, expect, it } from 'vitest';
import { checkVatNumber } from './vat.ts';

describe('checkVatNumber', () => {
  it.each([
    ['DE 136695976', 'DE', 'DE136695976'],
    ['de136 695 976', 'DE', 'DE136695976'],
    ['136695976', 'DE', 'DE136695976'],
    ['FR40303265045', 'FR', 'FR40303265045'],
    ['40 303 265 045', 'FR', 'FR40303265045'],
    ['EL 094259216', 'GR', 'EL094259216'],
    ['094259216', 'GR', 'EL094259216'],
    ['CHE-116.281.710 MWST', 'CH', 'CHE116281710MWST'],
    ['116.281.710 TVA', 'CH', 'CHE116281710TVA'],
    ['GB 980 7806 84', 'GB', 'GB980780684'],
    ['980780684', 'GB', 'GB980780684'],
    ['5835678256246', 'JP', '5835678256246'],
    ['NO 995 525 828 MVA', 'NO', 'NO995525828MVA'],
    ['ATU16381975', 'AT', 'ATU16381975'],
    ['NL011584026B01', 'NL', 'NL011584026B01'],
    ['ESA96323977', 'ES', 'ESA96323977'],
  ])('accepts %s as a number of %s', async (input, country, number) => {
    expect(await checkVatNumber(input, country)).toEqual({ valid: true, country, number });
  });

  it.each([
    ['DE 136695977', 'DE', 'a wrong check digit'],
    ['DE 13669597', 'DE', 'a digit short'],
    ['FR41303265045', 'FR', 'a wrong key'],
    ['EL 094259217', 'GR', 'a wrong check digit'],
    ['GR 094259216', 'GR', 'the ISO code instead of EL'],
    ['CHE-116.281.711', 'CH', 'a wrong check digit'],
    ['GB 980780685', 'GB', 'a wrong check digit'],
    ['5835678256247', 'JP', 'a wrong check digit'],
    ['583567825624', 'JP', 'twelve digits'],
    ['JP5835678256246', 'JP', 'a prefix Japan does not use'],
    ['DE136695976', 'FR', "another country's number"],
    ['', 'DE', 'nothing'],
  ])('refuses %s for %s (%s)', async (input, country) => {
    expect(await checkVatNumber(input, country)).toEqual({ valid: false, reason: 'invalid' });
  });

  it('cannot check numbers of a country outside the list', async () => {
    expect(await checkVatNumber('123456789', 'US')).toEqual({ valid: false, reason: 'unsupported_country' });
  });
});
