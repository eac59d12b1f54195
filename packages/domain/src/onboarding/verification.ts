/**
 * Business verification: the details the embedded verification form collects, how they are
 * checked for completeness, how the sandbox processor verifies them (the documented test values
 * of docs/test-cards.md raise each verification error), and the friendly message of each
 * verification error code.
 */
import { SUPPORTED_COUNTRIES } from '../countries.ts';
import { MINUTE_MS } from '../time.ts';

/** How long an account session's client secret (the embedded verification form's) works. */
export const ACCOUNT_SESSION_TTL_MS = 30 * MINUTE_MS;

/** The verification error codes and the message the pages show for each. */
export const VERIFICATION_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  invalid_address_city_state_postal_code:
    'The combination of the city, state, and postal code in the provided address could not be validated.',
  invalid_street_address: 'The street name and/or number for the provided address could not be validated.',
  invalid_tos_acceptance:
    'The existing terms of service signature has been invalidated because the account’s tax ID has changed. The account needs to accept the terms of service again. For more information, see this documentation.',
  invalid_representative_country:
    'The representative must have an address in the same country as the company.',
  verification_document_address_mismatch:
    'The address on the document did not match the address on the account. Upload a document with a matching address or update the address on the account.',
  verification_document_address_missing:
    'The company address was missing on the document. Upload a document that includes the address.',
  verification_document_corrupt:
    'The uploaded file for the document was invalid or corrupt. Upload a new file of the document.',
  verification_document_country_not_supported: 'The provided document was from an unsupported country.',
  verification_document_dob_mismatch:
    'The date of birth (DOB) on the document did not match the DOB on the account. Upload a document with a matching DOB or update the DOB on the account.',
  verification_document_duplicate_type:
    'The same type of document was used twice. Two unique types of documents are required for verification. Upload two different documents.',
  verification_document_expired:
    'The document could not be used for verification because it has expired. If it’s an identity document, its expiration date must be after the date the document was submitted. If it’s an address document, the issue date must be within the last six months.',
  verification_document_failed_copy:
    'The document could not be verified because it was detected as a copy (e.g., photo or scan). Upload the original document.',
  verification_document_failed_greyscale:
    'The document could not be used for verification because it was in greyscale. Upload a color copy of the document.',
  verification_document_failed_other:
    'The document could not be verified for an unknown reason. Ensure that the document follows the guidelines for document uploads',
  verification_document_failed_test_mode:
    'A test data helper was supplied to simulate verification failure. Refer to the documentation for test file tokens.',
  verification_document_fraudulent: 'The document was identified as altered or falsified.',
  verification_document_id_number_mismatch:
    'The company ID number on the account could not be verified. Correct any errors in the ID number field or upload a document that includes the ID number.',
  verification_document_id_number_missing:
    'The company ID number was missing on the document. Upload a document that includes the ID number.',
  verification_document_incomplete:
    'The document was cropped or missing important information. Upload a complete scan of the document.',
  verification_document_invalid:
    'The uploaded file was not one of the valid document types. Ensure that the document follows the guidelines for document uploads.',
  verification_document_issue_or_expiry_date_missing:
    'The issue or expiry date is missing on the document. Upload a document that includes the issue and expiry dates.',
  verification_document_manipulated: 'The document was identified as altered or falsified.',
  verification_document_missing_back:
    'The uploaded file was missing the back of the document. Upload a complete scan of the document.',
  verification_document_missing_front:
    'The uploaded file was missing the front of the document. Upload a complete scan of the document.',
  verification_document_name_mismatch:
    'The name on the document did not match the name on the account. Upload a document with a matching name or update the name on the account.',
  verification_document_name_missing:
    'The company name was missing on the document. Upload a document that includes the company name.',
  verification_document_nationality_mismatch:
    'The nationality on the document did not match the person’s stated nationality. Update the person’s stated nationality, or upload a document that matches it.',
  verification_document_not_readable:
    'The document could not be read. Ensure that the document follows the guidelines for document uploads.',
  verification_document_not_signed:
    'A valid signature is missing on the document. Upload a document that includes a valid signature.',
  verification_document_not_uploaded: 'No document was uploaded. Upload the document again.',
  verification_document_photo_mismatch: 'The document was identified as altered or falsified.',
  verification_document_too_large:
    'The uploaded file exceeded the 10 MB size limit. Resize the document and upload the new file.',
  verification_document_type_not_supported:
    'The provided document type was not accepted. Ensure that the document follows the guidelines for document uploads.',
  verification_failed_address_match:
    'The address on the account could not be verified. Correct any errors in the address field or upload a document that includes the address.',
  verification_failed_business_iec_number:
    'The Importer Exporter Code (IEC) number could not be verified. Correct any errors in the company’s IEC number field. (India only)',
  verification_failed_document_match:
    'The document could not be verified. Upload a document that includes the company name, ID number, and address fields.',
  verification_failed_id_number_match:
    'The company ID number on the account could not be verified. Correct any errors in the ID number field or upload a document that includes the ID number.',
  verification_failed_keyed_identity:
    'The person’s keyed-in identity information could not be verified. Correct any errors or upload a document that matches the identity fields (e.g., name and date of birth) entered.',
  verification_failed_keyed_match:
    'The keyed-in information on the account could not be verified. Correct any errors in the company name, ID number, or address fields. You can also upload a document that includes those fields.',
  verification_failed_name_match:
    'The company name on the account could not be verified. Correct any errors in the company name field or upload a document that includes the company name.',
  verification_failed_residential_address:
    'We could not verify that the person resides at the provided address. The address must be a valid physical address where the individual resides and cannot be a P.O. Box.',
  verification_failed_tax_id_match:
    'The tax ID on the account cannot be verified by the IRS. Either correct any possible errors in the company name or tax ID, or upload a document that contains those fields.',
  verification_failed_tax_id_not_issued:
    'The tax ID on the account was not recognized by the IRS. Refer to the support article for newly-issued tax ID numbers.',
  verification_failed_other:
    'Verification failed for an unknown reason. Correct any errors and resubmit the required fields.',
  verification_missing_owners:
    'We have identified owners that haven’t been added on the account. Add any missing owners to the account.',
  verification_missing_executives:
    'We have identified executives that haven’t been added on the account. Add any missing executives to the account.',
  verification_requires_additional_memorandum_of_associations:
    'We have identified holding companies with significant percentage ownership. Upload a Memorandum of Association for each of the holding companies.',
  invalid_dob_age_under_18: 'Underage. Age must be at least 18.',
};

/** A code the pages never show. */
export const IGNORED_VERIFICATION_CODES: readonly string[] = ['invalid_value_other'];

export interface RequirementError {
  code: string;
  reason: string;
}

/**
 * The messages to show for an account's requirement errors: the friendly message of a known
 * code, the processor's reason for an unknown one, nothing for an ignored one. Repeats are shown
 * once.
 */
export function verificationMessages(errors: readonly RequirementError[]): string[] {
  const messages: string[] = [];
  for (const { code, reason } of errors) {
    if (IGNORED_VERIFICATION_CODES.includes(code)) continue;
    const message = Object.hasOwn(VERIFICATION_ERROR_MESSAGES, code)
      ? VERIFICATION_ERROR_MESSAGES[code]!
      : reason;
    if (message && !messages.includes(message)) messages.push(message);
  }
  return messages;
}

/** What the verification form collects about the business and its representative. */
export interface BusinessDetails {
  legal_name: string;
  url: string;
  first_name: string;
  last_name: string;
  /** Date of birth, `YYYY-MM-DD`. */
  dob: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postal_code: string; country: string };
  /** The tax ID (EIN or SSN in the US), or the company registration number elsewhere. */
  id_number: string;
  tos_accepted: boolean;
}

export const DETAILS_FIELDS = [
  'legal_name',
  'url',
  'first_name',
  'last_name',
  'dob',
  'email',
  'phone',
  'address.line1',
  'address.city',
  'address.state',
  'address.postal_code',
  'address.country',
  'id_number',
  'tos_accepted',
] as const;
export type DetailsField = (typeof DETAILS_FIELDS)[number];

/** Size limits of the form's text fields. */
export const DETAILS_MAX_LENGTH = 200;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` as year, month, day, or undefined when it is no real date. */
export function parseDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_RE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** Full years between a date of birth and a day (both calendar dates, UTC). */
export function ageOn(dob: { year: number; month: number; day: number }, today: Date): number {
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthday = m > dob.month || (m === dob.month && d >= dob.day);
  return y - dob.year - (hadBirthday ? 0 : 1);
}

function fieldValue(details: BusinessDetails, field: DetailsField): string | boolean {
  if (field.startsWith('address.')) {
    return details.address[field.slice('address.'.length) as keyof BusinessDetails['address']];
  }
  return details[field as Exclude<DetailsField, `address.${string}`>];
}

/**
 * What is missing or malformed in the details before they can be verified, per field. The
 * form shows these beside the fields; the server refuses such details with the same reasons.
 */
export function detailsErrors(details: BusinessDetails, today: Date): Partial<Record<DetailsField, string>> {
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const field of DETAILS_FIELDS) {
    const value = fieldValue(details, field);
    if (field === 'tos_accepted') {
      if (value !== true) errors[field] = 'Please accept the terms of service';
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      errors[field] = 'Please provide a response';
    } else if (value.length > DETAILS_MAX_LENGTH) {
      errors[field] = 'This is too long';
    }
  }
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(details.email)) {
    errors.email = 'Please provide a valid email address';
  }
  if (!errors.phone && !/^\+?[\d\s().-]{6,20}$/.test(details.phone)) {
    errors.phone = 'Please provide a valid phone number';
  }
  if (!errors.url && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(details.url)) {
    errors.url = 'Please provide a valid website address';
  }
  if (!errors.dob) {
    const dob = parseDate(details.dob);
    if (!dob || ageOn(dob, today) > 130) errors.dob = 'Please provide a valid date of birth';
    else if (Date.UTC(dob.year, dob.month - 1, dob.day) > today.getTime()) {
      errors.dob = 'The date of birth cannot be in the future';
    }
  }
  if (!errors['address.country'] && !Object.hasOwn(SUPPORTED_COUNTRIES, details.address.country)) {
    errors['address.country'] = 'Please provide a country';
  }
  if (!errors.id_number && !/^[A-Za-z0-9 -]{4,20}$/.test(details.id_number)) {
    errors.id_number = 'Please provide a valid ID number';
  }
  return errors;
}

export interface VerificationIssue {
  code: string;
  /** The requirement the error is about, as the processor names it. */
  requirement: string;
}

/**
 * The sandbox processor's verification of complete details, answering the verification error
 * codes. Real checks
 * (age, the representative's country) apply to every value; the test values listed in
 * docs/test-cards.md "Test values for business verification" raise the other codes. Issues
 * come in the order of the form's fields.
 */
export function sandboxVerify(
  details: BusinessDetails,
  context: { country: string; today: Date },
): VerificationIssue[] {
  const issues: VerificationIssue[] = [];
  const name = details.legal_name.trim().toLowerCase();
  const byName: Record<string, VerificationIssue> = {
    'name mismatch': { code: 'verification_failed_name_match', requirement: 'company.name' },
    'missing owners': { code: 'verification_missing_owners', requirement: 'company.owners_provided' },
    'missing executives': {
      code: 'verification_missing_executives',
      requirement: 'company.executives_provided',
    },
    'holding company': {
      code: 'verification_requires_additional_memorandum_of_associations',
      requirement: 'documents.company_memorandum_of_association.files',
    },
    'verification failed': {
      code: 'verification_failed_other',
      requirement: 'company.verification.document',
    },
  };
  const nameIssue = byName[name];
  if (nameIssue) issues.push(nameIssue);

  const dob = parseDate(details.dob);
  if (dob && ageOn(dob, context.today) < 18) {
    issues.push({ code: 'invalid_dob_age_under_18', requirement: 'representative.dob.day' });
  } else if (details.dob === '1902-01-01') {
    issues.push({
      code: 'verification_failed_keyed_identity',
      requirement: 'representative.verification.document',
    });
  }

  const line1 = details.address.line1.trim().toLowerCase();
  if (line1 === 'address_no_match') {
    issues.push({ code: 'verification_failed_address_match', requirement: 'company.address.line1' });
  } else if (line1 === 'invalid_street') {
    issues.push({ code: 'invalid_street_address', requirement: 'company.address.line1' });
  } else if (line1 === 'po box 1') {
    issues.push({
      code: 'verification_failed_residential_address',
      requirement: 'representative.address.line1',
    });
  }
  if (details.address.postal_code.trim() === '00000') {
    issues.push({
      code: 'invalid_address_city_state_postal_code',
      requirement: 'company.address.postal_code',
    });
  }
  if (details.address.country !== context.country) {
    issues.push({ code: 'invalid_representative_country', requirement: 'representative.address.country' });
  }

  const idNumber = details.id_number.replace(/[\s-]/g, '');
  const byIdNumber: Record<string, VerificationIssue> = {
    '111111111': { code: 'verification_failed_tax_id_match', requirement: 'company.tax_id' },
    '222222222': { code: 'verification_failed_tax_id_not_issued', requirement: 'company.tax_id' },
    '333333333': { code: 'verification_failed_id_number_match', requirement: 'company.tax_id' },
    '444444444': { code: 'verification_failed_keyed_match', requirement: 'company.tax_id' },
  };
  const idIssue = byIdNumber[idNumber];
  if (idIssue) issues.push(idIssue);
  return issues;
}
