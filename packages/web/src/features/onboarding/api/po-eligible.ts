import { type BodyOf, onboarding } from '@paydesk/domain/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** POST {base}/onboarding/router/po_eligible: may the business sell before full verification? */
export function usePoEligible() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof onboarding.poEligible>) =>
      (await apiFetch(onboarding.poEligible, { body })).result === 'eligible',
  });
}
