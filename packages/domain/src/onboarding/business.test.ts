import { describe, expect, it } from 'vitest';
import {
  ANNUAL_REVENUE_OPTIONS,
  type BusinessData,
  businessErrors,
  businessTypesFor,
  changeField,
  fieldsComplete,
  GO_LIVE_TIMEFRAME_OPTIONS,
  initialBusinessUrl,
  initialValues,
  isBusinessStepComplete,
  LOCALHOST_TEST_URL,
  OVERVIEW_STEP_FIELDS,
  poEligibility,
  selfAssessmentErrors,
  structuresFor,
  toSelfAssessment,
  visibleErrors,
  visibleFields,
} from './business.ts';
import { findMcc, INDUSTRY_TO_MCC, MCC_GROUPS, mccFromIndustry } from './mcc.ts';

const complete: BusinessData = {
  country: 'US',
  business_type: 'company',
  'company.structure': 'single_member_llc',
  mcc: 'software',
  annual_revenue: 'less_than_250k',
  go_live_timeframe: 'within_1month',
};

describe('onboarding business step', () => {
  it('shows fields in order country, business type, structure, mcc, then revenue and timeframe', () => {
    expect(visibleFields({})).toEqual(['country']);
    expect(visibleFields({ country: 'US' })).toEqual(['country', 'business_type']);
    expect(visibleFields({ country: 'US', business_type: 'company' })).toEqual([
      'country',
      'business_type',
      'company.structure',
    ]);
    expect(visibleFields({ country: 'US', business_type: 'company', 'company.structure': 'x' })).toEqual([
      'country',
      'business_type',
      'company.structure',
      'mcc',
    ]);
    expect(visibleFields(complete)).toEqual([
      'country',
      'business_type',
      'company.structure',
      'mcc',
      'annual_revenue',
      'go_live_timeframe',
    ]);
  });

  it('asks no structure where the type has none', () => {
    expect(visibleFields({ country: 'US', business_type: 'individual' })).toEqual([
      'country',
      'business_type',
      'mcc',
    ]);
    expect(visibleFields({ country: 'DE', business_type: 'company', mcc: 'software' })).toEqual([
      'country',
      'business_type',
      'mcc',
      'annual_revenue',
      'go_live_timeframe',
    ]);
  });

  it('clears the business type and structure when the country changes, the structure when the type changes', () => {
    const changedCountry = changeField(complete, 'country', 'GB');
    expect(changedCountry.business_type).toBeUndefined();
    expect(changedCountry['company.structure']).toBeUndefined();
    expect(changedCountry.mcc).toBe('software');
    const changedType = changeField(complete, 'business_type', 'non_profit');
    expect(changedType['company.structure']).toBeUndefined();
    expect(changedType.country).toBe('US');
    // Choosing the same value clears nothing.
    expect(changeField(complete, 'country', 'US')).toEqual(complete);
    expect(changeField(complete, 'business_type', 'company')).toEqual(complete);
    // Other fields clear nothing.
    expect(changeField(complete, 'mcc', 'restaurants')).toEqual({ ...complete, mcc: 'restaurants' });
  });

  it('gives Puerto Rico the business types of the United States, company first', () => {
    expect(businessTypesFor('PR')).toBe(businessTypesFor('US'));
    expect(businessTypesFor('US').map((type) => type.key)).toEqual(['company', 'individual', 'non_profit']);
    expect(businessTypesFor('FR').map((type) => type.key)).toEqual(['company', 'individual', 'non_profit']);
    expect(structuresFor('PR', 'company').length).toBeGreaterThan(0);
    expect(structuresFor('FR', 'company')).toEqual([]);
    expect(businessTypesFor('XX')).toEqual([]);
    expect(businessTypesFor(undefined)).toEqual([]);
  });

  it('shows required messages only for touched fields on screen', () => {
    const data: BusinessData = { country: 'US' };
    expect(visibleErrors(data, new Set())).toEqual({});
    expect(visibleErrors(data, new Set(['business_type']))).toEqual({
      business_type: 'Please provide a business type',
    });
    // mcc is touched but not on screen yet.
    expect(visibleErrors(data, new Set(['mcc']))).toEqual({});
    expect(visibleErrors({}, new Set(['country']))).toEqual({ country: 'Please provide a country' });
    expect(visibleErrors({ country: 'DE', business_type: 'company' }, new Set(['mcc']))).toEqual({
      mcc: 'Please provide a type of goods or services',
    });
    expect(
      visibleErrors({ country: 'US', business_type: 'company' }, new Set(['company.structure'])),
    ).toEqual({ 'company.structure': 'Please provide a response' });
    const revenue = visibleErrors(
      { country: 'DE', business_type: 'company', mcc: 'software' },
      new Set(['annual_revenue', 'go_live_timeframe']),
    );
    expect(revenue).toEqual({
      annual_revenue: 'Please provide a response',
      go_live_timeframe: 'Please provide a response',
    });
  });

  it('refuses values that are not among the options', () => {
    expect(businessErrors({ ...complete, annual_revenue: 'lots' })).toEqual({
      annual_revenue: 'Please provide a response',
    });
    expect(businessErrors({ ...complete, mcc: 'weapons' }).mcc).toBe(
      'Please provide a type of goods or services',
    );
    expect(businessErrors({ ...complete, country: 'XX' }).country).toBe('Please provide a country');
    expect(isBusinessStepComplete(complete)).toBe(true);
    expect(isBusinessStepComplete({ ...complete, go_live_timeframe: '' })).toBe(false);
    expect(isBusinessStepComplete({ country: 'US' })).toBe(false);
  });

  it('completes the Overview flow’s business and store steps field group by field group', () => {
    const { business, store } = OVERVIEW_STEP_FIELDS;
    expect(fieldsComplete(complete, business)).toBe(true);
    expect(fieldsComplete(complete, store)).toBe(true);
    expect(fieldsComplete({ ...complete, 'company.structure': '' }, business)).toBe(false);
    // A type without structures needs none.
    expect(fieldsComplete({ country: 'US', business_type: 'individual', mcc: 'software' }, business)).toBe(
      true,
    );
    expect(fieldsComplete({ country: 'US', business_type: 'individual', mcc: 'software' }, store)).toBe(
      false,
    );
    expect(fieldsComplete({ ...complete, go_live_timeframe: 'someday' }, store)).toBe(false);
  });

  it('offers the revenue and timeframe options', () => {
    expect(ANNUAL_REVENUE_OPTIONS).toEqual([
      'less_than_250k',
      'from_250k_to_1m',
      'from_1m_to_20m',
      'from_20m_to_100m',
      'more_than_100m',
    ]);
    expect(GO_LIVE_TIMEFRAME_OPTIONS).toEqual([
      'already_live',
      'within_1month',
      'from_1_to_3months',
      'from_3_to_6months',
      'more_than_6months',
    ]);
  });
});

describe('onboarding initial values', () => {
  it('starts from the site title, the industry’s MCC, the home URL and the connect country', () => {
    const values = initialValues({
      siteTitle: 'Bean Shop',
      homeUrl: 'https://beans.example/',
      industry: 'food-drink,health-beauty',
      connectCountry: 'GB',
    });
    expect(values).toEqual({
      business_name: 'Bean Shop',
      url: 'https://beans.example/',
      data: { country: 'GB', mcc: 'grocery_stores' },
    });
    const bare = initialValues({
      siteTitle: 'S',
      homeUrl: 'https://s.example',
      industry: '',
      connectCountry: 'XX',
    });
    expect(bare.data).toEqual({});
  });

  it('uses the test URL on localhost and adds the share key in coming-soon mode with a private link', () => {
    expect(initialBusinessUrl({ homeUrl: 'http://localhost:8080' })).toBe(LOCALHOST_TEST_URL);
    expect(initialBusinessUrl({ homeUrl: 'http://127.0.0.1:3000/shop' })).toBe(LOCALHOST_TEST_URL);
    expect(initialBusinessUrl({ homeUrl: 'http://shop.localhost' })).toBe(LOCALHOST_TEST_URL);
    expect(
      initialBusinessUrl({
        homeUrl: 'https://shop.example/',
        comingSoon: true,
        privateLink: true,
        shareKey: 'k1',
      }),
    ).toBe('https://shop.example/?woo-share=k1');
    expect(initialBusinessUrl({ homeUrl: 'https://shop.example/', comingSoon: true, shareKey: 'k1' })).toBe(
      'https://shop.example/',
    );
    expect(initialBusinessUrl({ homeUrl: 'https://shop.example/', privateLink: true, shareKey: 'k1' })).toBe(
      'https://shop.example/',
    );
  });

  it('maps every industry to a known MCC and only the first chosen industry counts', () => {
    for (const mcc of Object.values(INDUSTRY_TO_MCC)) expect(findMcc(mcc), mcc).toBeDefined();
    expect(mccFromIndustry(' electronics-computers , food-drink')).toBe('electronics_stores');
    expect(mccFromIndustry('other,food-drink')).toBeUndefined();
    expect(mccFromIndustry('')).toBeUndefined();
    expect(mccFromIndustry('__proto__')).toBeUndefined();
    const ids = MCC_GROUPS.flatMap((group) => group.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('self-assessment and po eligibility', () => {
  it('accepts a complete self-assessment and names each wrong field', () => {
    expect(selfAssessmentErrors(toSelfAssessment(complete))).toEqual({});
    expect(selfAssessmentErrors(toSelfAssessment({ ...complete, 'company.structure': '' }))).toEqual({
      structure: 'Please provide a response',
    });
    expect(selfAssessmentErrors({ ...toSelfAssessment(complete), business_type: 'individual' })).toEqual({
      structure: 'This business type has no structure.',
    });
    expect(selfAssessmentErrors(toSelfAssessment({}))).toMatchObject({
      country: 'Please provide a country',
      business_type: 'Please provide a business type',
      mcc: 'Please provide a type of goods or services',
      annual_revenue: 'Please provide a response',
      go_live_timeframe: 'Please provide a response',
    });
    expect(toSelfAssessment(complete, { business_name: 'B', url: 'https://b.example' })).toMatchObject({
      structure: 'single_member_llc',
      business_name: 'B',
      url: 'https://b.example',
    });
  });

  it('finds small companies going live soon eligible, and others not', () => {
    const input = {
      business: { country: 'US', type: 'company', mcc: 'software' },
      store: { annual_revenue: 'less_than_250k', go_live_timeframe: 'already_live' },
    };
    expect(poEligibility(input)).toBe('eligible');
    expect(poEligibility({ ...input, store: { ...input.store, annual_revenue: 'from_250k_to_1m' } })).toBe(
      'not_eligible',
    );
    expect(
      poEligibility({ ...input, store: { ...input.store, go_live_timeframe: 'more_than_6months' } }),
    ).toBe('not_eligible');
    expect(poEligibility({ ...input, business: { ...input.business, type: 'non_profit' } })).toBe(
      'not_eligible',
    );
    expect(poEligibility({ ...input, business: { ...input.business, country: 'JP' } })).toBe('not_eligible');
    expect(poEligibility({ ...input, business: { ...input.business, mcc: 'charities' } })).toBe(
      'not_eligible',
    );
    expect(poEligibility({ ...input, business: { ...input.business, mcc: 'nope' } })).toBe('not_eligible');
  });
});
