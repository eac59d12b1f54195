/** The verification's account session and the details its form starts with. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  kycSession: (query: object) => [...onboardingKeys.all, 'kyc-session', query] as const,
  kycDetails: (clientSecret: string) => [...onboardingKeys.all, 'kyc-details', clientSecret] as const,
};
