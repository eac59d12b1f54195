/** A complete business step of the onboarding wizard, as the KYC session takes it. */
export const SELF_ASSESSMENT = {
  country: 'US',
  business_type: 'company',
  structure: 'single_member_llc',
  mcc: 'software',
  annual_revenue: 'less_than_250k',
  go_live_timeframe: 'within_1month',
  business_name: 'Bean Shop',
  url: 'https://beans.example',
};
