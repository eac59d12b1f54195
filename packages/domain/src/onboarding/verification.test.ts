import { describe, expect, it } from 'vitest';
import {
  ageOn,
  type BusinessDetails,
  detailsErrors,
  parseDate,
  sandboxVerify,
  VERIFICATION_ERROR_MESSAGES,
  verificationMessages,
} from './verification.ts';

const today = new Date('2026-06-15T12:00:00Z');
const good: BusinessDetails = {
  legal_name: 'Bean Shop LLC',
  url: 'https://beans.example',
  first_name: 'Ada',
  last_name: 'Lovelace',
  dob: '1980-02-29',
  email: 'ada@beans.example',
  phone: '+1 555 010 0000',
  address: { line1: '1 Main St', city: 'Springfield', state: 'CA', postal_code: '94110', country: 'US' },
  id_number: '000000000',
  tos_accepted: true,
};
const verify = (changes: Partial<BusinessDetails>, country = 'US') =>
  sandboxVerify({ ...good, ...changes }, { country, today }).map((issue) => issue.code);

describe('verification messages', () => {
  it('maps known codes to friendly messages, ignores invalid_value_other and shows the reason of unknown codes', () => {
    expect(
      verificationMessages([
        { code: 'invalid_dob_age_under_18', reason: 'dob' },
        { code: 'invalid_value_other', reason: 'ignored' },
        { code: 'brand_new_code', reason: 'The processor says no.' },
        { code: 'invalid_dob_age_under_18', reason: 'again' },
      ]),
    ).toEqual(['Underage. Age must be at least 18.', 'The processor says no.']);
    expect(VERIFICATION_ERROR_MESSAGES.invalid_representative_country).toBe(
      'The representative must have an address in the same country as the company.',
    );
  });
});

describe('business details', () => {
  it('reads calendar dates and ages by full years', () => {
    expect(parseDate('2026-02-29')).toBeUndefined();
    expect(parseDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('1990-1-1')).toBeUndefined();
    expect(ageOn({ year: 2008, month: 6, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 6, day: 16 }, today)).toBe(17);
  });

  it('accepts complete details and names each missing or malformed field', () => {
    expect(detailsErrors(good, today)).toEqual({});
    const errors = detailsErrors(
      {
        ...good,
        legal_name: ' ',
        email: 'nope',
        phone: 'x',
        url: 'beans',
        dob: '2030-01-01',
        id_number: '!',
        tos_accepted: false,
        address: { ...good.address, country: 'XX', city: '' },
      },
      today,
    );
    expect(errors).toEqual({
      legal_name: 'Please provide a response',
      email: 'Please provide a valid email address',
      phone: 'Please provide a valid phone number',
      url: 'Please provide a valid website address',
      dob: 'The date of birth cannot be in the future',
      id_number: 'Please provide a valid ID number',
      tos_accepted: 'Please accept the terms of service',
      'address.city': 'Please provide a response',
      'address.country': 'Please provide a country',
    });
    expect(detailsErrors({ ...good, dob: '1800-01-01' }, today).dob).toBe(
      'Please provide a valid date of birth',
    );
    expect(detailsErrors({ ...good, legal_name: 'x'.repeat(201) }, today).legal_name).toBe(
      'This is too long',
    );
  });
});

describe('sandbox verification', () => {
  it('verifies ordinary details without issues', () => {
    expect(verify({})).toEqual([]);
  });

  it('refuses a representative under 18, whatever the date', () => {
    expect(verify({ dob: '2008-06-16' })).toEqual(['invalid_dob_age_under_18']);
    expect(verify({ dob: '2008-06-15' })).toEqual([]);
    expect(verify({ dob: '2020-01-01' })).toEqual(['invalid_dob_age_under_18']);
  });

  it('raises each documented code from its test value', () => {
    expect(verify({ dob: '1902-01-01' })).toEqual(['verification_failed_keyed_identity']);
    expect(verify({ legal_name: 'Name Mismatch' })).toEqual(['verification_failed_name_match']);
    expect(verify({ legal_name: 'missing owners' })).toEqual(['verification_missing_owners']);
    expect(verify({ legal_name: 'Missing Executives' })).toEqual(['verification_missing_executives']);
    expect(verify({ legal_name: 'Holding Company' })).toEqual([
      'verification_requires_additional_memorandum_of_associations',
    ]);
    expect(verify({ legal_name: 'Verification Failed' })).toEqual(['verification_failed_other']);
    expect(verify({ address: { ...good.address, line1: 'address_no_match' } })).toEqual([
      'verification_failed_address_match',
    ]);
    expect(verify({ address: { ...good.address, line1: 'invalid_street' } })).toEqual([
      'invalid_street_address',
    ]);
    expect(verify({ address: { ...good.address, line1: 'PO Box 1' } })).toEqual([
      'verification_failed_residential_address',
    ]);
    expect(verify({ address: { ...good.address, postal_code: '00000' } })).toEqual([
      'invalid_address_city_state_postal_code',
    ]);
    expect(verify({ address: { ...good.address, country: 'CA' } })).toEqual([
      'invalid_representative_country',
    ]);
    expect(verify({ id_number: '111-11-1111' })).toEqual(['verification_failed_tax_id_match']);
    expect(verify({ id_number: '222222222' })).toEqual(['verification_failed_tax_id_not_issued']);
    expect(verify({ id_number: '333333333' })).toEqual(['verification_failed_id_number_match']);
    expect(verify({ id_number: '444444444' })).toEqual(['verification_failed_keyed_match']);
  });

  it('raises several issues at once, and every code it raises has a friendly message', () => {
    const codes = verify({ dob: '2015-01-01', id_number: '222222222', legal_name: 'Name Mismatch' });
    expect(codes).toEqual([
      'verification_failed_name_match',
      'invalid_dob_age_under_18',
      'verification_failed_tax_id_not_issued',
    ]);
    for (const code of codes) expect(VERIFICATION_ERROR_MESSAGES[code]).toBeDefined();
  });
});
