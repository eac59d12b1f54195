import { inbox } from '@paydesk/domain/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/**
 * POST /wc-analytics/admin/notes/experimental-activate-promo/{id}: applies the
 * Connect page's promotion before the merchant goes on to connect. Anything but success is a
 * failure the page reports.
 */
export function useActivatePromo() {
  return useMutation({
    mutationFn: async (id: string) => {
      const answer = await apiFetch(inbox.promoActivate, { params: { id } });
      if (!answer.success) throw new Error('The promotion was not applied');
      return answer;
    },
  });
}
