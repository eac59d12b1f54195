/**
 * The business step of the onboarding wizard: which fields show and in
 * what order, what a change clears, the required messages, the initial values, and the
 * progressive-onboarding eligibility the server decides with. The page and the server both use
 * these functions, so the form and the REST API agree on what is valid.
 */
import { SUPPORTED_COUNTRIES } from '../countries.ts';
import { isKnownMcc, mccFromIndustry } from './mcc.ts';

export const ANNUAL_REVENUE_OPTIONS = [
  'less_than_250k',
  'from_250k_to_1m',
  'from_1m_to_20m',
  'from_20m_to_100m',
  'more_than_100m',
] as const;
export type AnnualRevenue = (typeof ANNUAL_REVENUE_OPTIONS)[number];

export const GO_LIVE_TIMEFRAME_OPTIONS = [
  'already_live',
  'within_1month',
  'from_1_to_3months',
  'from_3_to_6months',
  'more_than_6months',
] as const;
export type GoLiveTimeframe = (typeof GO_LIVE_TIMEFRAME_OPTIONS)[number];

/** Labels of the options, in English; the page translates them. */
export const ANNUAL_REVENUE_LABELS: Record<AnnualRevenue, string> = {
  less_than_250k: 'Less than $250k',
  from_250k_to_1m: '$250k - $1M',
  from_1m_to_20m: '$1M - $20M',
  from_20m_to_100m: '$20M - $100M',
  more_than_100m: 'More than $100M',
};

export const GO_LIVE_TIMEFRAME_LABELS: Record<GoLiveTimeframe, string> = {
  already_live: 'My store is already live',
  within_1month: 'Within 1 month',
  from_1_to_3months: '1 – 3 months',
  from_3_to_6months: '3 – 6 months',
  more_than_6months: '6+ months',
};

export interface BusinessStructure {
  key: string;
  name: string;
}

export interface BusinessType {
  key: 'company' | 'individual' | 'non_profit';
  name: string;
  description: string;
  structures: readonly BusinessStructure[];
}

/**
 * Business types with their legal structures. Only the United States asks for a structure; other
 * countries offer the three types alone. Company comes first everywhere.
 */
const US_TYPES: readonly BusinessType[] = [
  {
    key: 'company',
    name: 'Company',
    description: 'A business registered with the state or federal government.',
    structures: [
      { key: 'sole_proprietorship', name: 'Sole proprietorship' },
      { key: 'single_member_llc', name: 'Single-member LLC' },
      { key: 'multi_member_llc', name: 'Multi-member LLC' },
      { key: 'private_partnership', name: 'Private partnership' },
      { key: 'private_corporation', name: 'Private corporation' },
      { key: 'unincorporated_association', name: 'Unincorporated association' },
      { key: 'public_partnership', name: 'Public partnership' },
      { key: 'public_corporation', name: 'Public corporation' },
    ],
  },
  {
    key: 'individual',
    name: 'Individual',
    description: 'You run the business on your own and are self-employed.',
    structures: [],
  },
  {
    key: 'non_profit',
    name: 'Non-profit',
    description: 'An organisation with tax-exempt status.',
    structures: [
      { key: 'incorporated_non_profit', name: 'Incorporated non-profit' },
      { key: 'unincorporated_non_profit', name: 'Unincorporated non-profit' },
    ],
  },
];

const GENERIC_TYPES: readonly BusinessType[] = US_TYPES.map((type) => ({ ...type, structures: [] }));

/** The business types of a country; Puerto Rico uses those of the United States. */
export function businessTypesFor(country: string | null | undefined): readonly BusinessType[] {
  if (!country || !Object.hasOwn(SUPPORTED_COUNTRIES, country)) return [];
  return country === 'US' || country === 'PR' ? US_TYPES : GENERIC_TYPES;
}

export function structuresFor(
  country: string | null | undefined,
  businessType: string | null | undefined,
): readonly BusinessStructure[] {
  return businessTypesFor(country).find((type) => type.key === businessType)?.structures ?? [];
}

/** The fields of the business step, in the order they appear. */
export const BUSINESS_FIELDS = [
  'country',
  'business_type',
  'company.structure',
  'mcc',
  'annual_revenue',
  'go_live_timeframe',
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

export type BusinessData = Partial<Record<BusinessField, string>>;

/**
 * The fields shown for the answers so far: each appears once those before it are answered, a
 * structure only for a type that has structures, and annual revenue and go-live timeframe
 * together once the MCC is chosen.
 */
export function visibleFields(data: BusinessData): BusinessField[] {
  const fields: BusinessField[] = ['country'];
  if (!data.country) return fields;
  fields.push('business_type');
  if (!data.business_type) return fields;
  if (structuresFor(data.country, data.business_type).length > 0) {
    fields.push('company.structure');
    if (!data['company.structure']) return fields;
  }
  fields.push('mcc');
  if (!data.mcc) return fields;
  fields.push('annual_revenue', 'go_live_timeframe');
  return fields;
}

/**
 * The answers after one field changes: a new country clears the business type (and with it the
 * structure), a new business type clears the structure. Choosing the same value
 * again clears nothing.
 */
export function changeField(data: BusinessData, field: BusinessField, value: string): BusinessData {
  if (data[field] === value) return data;
  const next: BusinessData = { ...data, [field]: value };
  if (field === 'country') {
    delete next.business_type;
    delete next['company.structure'];
  }
  if (field === 'business_type') delete next['company.structure'];
  return next;
}

export const REQUIRED_MESSAGES: Record<BusinessField, string> = {
  country: 'Please provide a country',
  business_type: 'Please provide a business type',
  'company.structure': 'Please provide a response',
  mcc: 'Please provide a type of goods or services',
  annual_revenue: 'Please provide a response',
  go_live_timeframe: 'Please provide a response',
};

/** Whether a value is one the field offers for these answers. */
function isAllowed(field: BusinessField, value: string, data: BusinessData): boolean {
  switch (field) {
    case 'country':
      return Object.hasOwn(SUPPORTED_COUNTRIES, value);
    case 'business_type':
      return businessTypesFor(data.country).some((type) => type.key === value);
    case 'company.structure':
      return structuresFor(data.country, data.business_type).some((structure) => structure.key === value);
    case 'mcc':
      return isKnownMcc(value);
    case 'annual_revenue':
      return (ANNUAL_REVENUE_OPTIONS as readonly string[]).includes(value);
    case 'go_live_timeframe':
      return (GO_LIVE_TIMEFRAME_OPTIONS as readonly string[]).includes(value);
  }
}

/** The error of one field: its required message when empty or not one of its options. */
export function fieldError(field: BusinessField, data: BusinessData): string | undefined {
  const value = data[field];
  return value && isAllowed(field, value, data) ? undefined : REQUIRED_MESSAGES[field];
}

/**
 * The errors the page shows: only for fields the merchant has touched, and only for
 * fields that are on screen.
 */
export function visibleErrors(
  data: BusinessData,
  touched: ReadonlySet<BusinessField>,
): Partial<Record<BusinessField, string>> {
  const errors: Partial<Record<BusinessField, string>> = {};
  for (const field of visibleFields(data)) {
    const error = touched.has(field) ? fieldError(field, data) : undefined;
    if (error) errors[field] = error;
  }
  return errors;
}

/** Every error of the step as if all fields were touched; empty when the step is complete. */
export function businessErrors(data: BusinessData): Partial<Record<BusinessField, string>> {
  return visibleErrors(data, new Set(BUSINESS_FIELDS));
}

export function isBusinessStepComplete(data: BusinessData): boolean {
  const fields = visibleFields(data);
  return fields.includes('go_live_timeframe') && Object.keys(businessErrors(data)).length === 0;
}

/**
 * The fields of the Overview onboarding flow's steps: its business step asks about the business,
 * its store step about revenue and timing, in the same order as the wizard.
 */
export const OVERVIEW_STEP_FIELDS = {
  business: ['country', 'business_type', 'company.structure', 'mcc'],
  store: ['annual_revenue', 'go_live_timeframe'],
} as const satisfies Record<string, readonly BusinessField[]>;

/** Whether every field of a group that applies to these answers has a valid value. */
export function fieldsComplete(data: BusinessData, fields: readonly BusinessField[]): boolean {
  return fields
    .filter(
      (field) => field !== 'company.structure' || structuresFor(data.country, data.business_type).length > 0,
    )
    .every((field) => fieldError(field, data) === undefined);
}

/** The test URL used for stores on localhost, which the processor cannot reach. */
export const LOCALHOST_TEST_URL = 'https://wcpay.test';

export interface HomeUrlInput {
  homeUrl: string;
  /** The store is in coming-soon mode… */
  comingSoon?: boolean;
  /** …and shares a private link, whose key visitors need to see the store. */
  privateLink?: boolean;
  shareKey?: string;
}

/**
 * The business URL the form starts with: the home URL, with the share key when the
 * store is in coming-soon mode behind a private link, and a fixed test URL on localhost.
 */
export function initialBusinessUrl(input: HomeUrlInput): string {
  // Domain code runs without the DOM's URL class, so the parts are read with a pattern.
  const match = /^([a-z][a-z0-9+.-]*:\/\/)(\[[^\]]*\]|[^/?#:]*)(:\d+)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(
    input.homeUrl.trim(),
  );
  if (!match) return input.homeUrl;
  const host = (match[2] ?? '').toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')) {
    return LOCALHOST_TEST_URL;
  }
  if (!(input.comingSoon && input.privateLink && input.shareKey)) return input.homeUrl.trim();
  const [, scheme, , port = '', path, search = '', hash = ''] = match;
  const share = `woo-share=${encodeURIComponent(input.shareKey)}`;
  const query = search.length > 1 ? `${search}&${share}` : `?${share}`;
  return `${scheme}${match[2]}${port}${path || '/'}${query}${hash}`;
}

export interface InitialValuesInput extends HomeUrlInput {
  siteTitle: string;
  /** `woocommerce_store_industry`: the industries chosen at store set-up, first one first. */
  industry: string;
  /** connect.country of the settings object. */
  connectCountry: string;
}

export interface InitialValues {
  business_name: string;
  url: string;
  data: BusinessData;
}

/** The values the wizard starts with. */
export function initialValues(input: InitialValuesInput): InitialValues {
  const data: BusinessData = {};
  if (Object.hasOwn(SUPPORTED_COUNTRIES, input.connectCountry)) data.country = input.connectCountry;
  const mcc = mccFromIndustry(input.industry);
  if (mcc) data.mcc = mcc;
  return { business_name: input.siteTitle, url: initialBusinessUrl(input), data };
}

/** What the wizard sends to the server about the business (kyc/session's self_assessment). */
export interface SelfAssessment {
  country: string;
  business_type: string;
  structure?: string;
  mcc: string;
  annual_revenue: string;
  go_live_timeframe: string;
  business_name?: string;
  url?: string;
}

export function toSelfAssessment(
  data: BusinessData,
  extra: { business_name?: string; url?: string } = {},
): SelfAssessment {
  return {
    country: data.country ?? '',
    business_type: data.business_type ?? '',
    ...(data['company.structure'] ? { structure: data['company.structure'] } : {}),
    mcc: data.mcc ?? '',
    annual_revenue: data.annual_revenue ?? '',
    go_live_timeframe: data.go_live_timeframe ?? '',
    ...(extra.business_name ? { business_name: extra.business_name } : {}),
    ...(extra.url ? { url: extra.url } : {}),
  };
}

/** Per-field reasons a self-assessment is refused; empty when it is complete and consistent. */
export function selfAssessmentErrors(assessment: SelfAssessment): Record<string, string> {
  const data: BusinessData = {
    country: assessment.country,
    business_type: assessment.business_type,
    mcc: assessment.mcc,
    annual_revenue: assessment.annual_revenue,
    go_live_timeframe: assessment.go_live_timeframe,
    ...(assessment.structure ? { 'company.structure': assessment.structure } : {}),
  };
  const errors: Record<string, string> = {};
  for (const field of BUSINESS_FIELDS) {
    if (field === 'company.structure') {
      const needsStructure = structuresFor(data.country, data.business_type).length > 0;
      if (!needsStructure && assessment.structure) errors.structure = 'This business type has no structure.';
      if (needsStructure && fieldError(field, data)) errors.structure = REQUIRED_MESSAGES[field];
      continue;
    }
    const error = fieldError(field, data);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Countries where a business may start selling before full verification. */
export const PROGRESSIVE_ONBOARDING_COUNTRIES: readonly string[] = [
  'US',
  'PR',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
];

/** Categories that always need full verification before the first payment. */
const FULL_VERIFICATION_MCCS: readonly string[] = ['charities', 'digital_games'];

export interface PoEligibilityInput {
  business: { country: string; type: string; mcc: string };
  store: { annual_revenue: string; go_live_timeframe: string };
}

/**
 * Whether the business may start selling first and verify later (po_eligible): a company or an
 * individual in a country that offers it, selling goods that need no upfront review, expecting
 * less than $250k a year, and going live within three months.
 */
export function poEligibility(input: PoEligibilityInput): 'eligible' | 'not_eligible' {
  const { business, store } = input;
  const eligible =
    PROGRESSIVE_ONBOARDING_COUNTRIES.includes(business.country) &&
    (business.type === 'company' || business.type === 'individual') &&
    isKnownMcc(business.mcc) &&
    !FULL_VERIFICATION_MCCS.includes(business.mcc) &&
    store.annual_revenue === 'less_than_250k' &&
    ['already_live', 'within_1month', 'from_1_to_3months'].includes(store.go_live_timeframe);
  return eligible ? 'eligible' : 'not_eligible';
}
