import { onboarding } from '@paydesk/domain/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { getAdminUrl } from '../../../lib/navigation.ts';

/**
 * POST {base}/onboarding/kyc/finalize with source and from, then leave the onboarding: to the
 * Overview with the answer's params on success; to the Connect page with
 * wcpay-connection-error=1 on a non-success answer or a failure.
 */
export function useFinalizeKyc() {
  return useMutation({
    mutationFn: async (body: { source: string; from: string }): Promise<string> => {
      try {
        const answer = await apiFetch(onboarding.kycFinalize, { body });
        if (answer.success) return getAdminUrl('/payments/overview', answer.params);
      } catch (error) {
        console.error('Finalizing the verification failed', error);
      }
      return getAdminUrl('/payments/connect', { 'wcpay-connection-error': '1' });
    },
    onSuccess: (url) => window.location.assign(url),
  });
}
