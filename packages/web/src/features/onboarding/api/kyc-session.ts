import { onboarding, type QueryOf } from '@paydesk/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { onboardingKeys } from '../../../lib/query-keys/index.ts';

export type KycSessionQuery = QueryOf<typeof onboarding.kycSession>;

/**
 * GET {base}/onboarding/kyc/session: the account session the verification form works with
 * (client secret, publishable key, locale). Opening one registers the business on the first
 * call, so it is fetched once per set of answers and never refetched behind the merchant's back.
 */
export function useKycSession(query: KycSessionQuery) {
  return useQuery({
    queryKey: onboardingKeys.kycSession(query),
    queryFn: ({ signal }) => apiFetch(onboarding.kycSession, { query, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
