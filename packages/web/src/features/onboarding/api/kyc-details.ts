import { onboarding } from '@paydesk/domain/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { onboardingKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/onboarding/kyc/details: what the verification form starts with for a session. */
export function useKycDetails(clientSecret: string) {
  return useQuery({
    queryKey: onboardingKeys.kycDetails(clientSecret),
    queryFn: ({ signal }) =>
      apiFetch(onboarding.kycDetailsGet, { query: { client_secret: clientSecret }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST {base}/onboarding/kyc/details: the sandbox processor verifies the submitted details. */
export function useSubmitKycDetails(clientSecret: string) {
  return useMutation({
    mutationFn: (details: onboarding.TBusinessDetails) =>
      apiFetch(onboarding.kycDetailsSubmit, { body: { client_secret: clientSecret, details } }),
  });
}
