import { transactions } from '@paydesk/domain/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch, hasErrorCode } from '../../../../lib/api.ts';
import { __ } from '../../../../lib/i18n.ts';
import { createNotice } from '../../../../lib/notices.tsx';
import { paymentDetailKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/authorizations/{id}: is_captured, payment_intent_id and created of an authorization. */
export const authorizationQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: paymentDetailKeys.authorization(paymentIntentId),
    queryFn: ({ signal }) =>
      apiFetch(transactions.getAuthorization, { params: { payment_intent_id: paymentIntentId }, signal }),
  });

/**
 * The authorization of an uncaptured payment. A failure shows 'Error retrieving
 * authorization.', except a missing authorization, which is no error.
 */
export function useAuthorization(paymentIntentId: string, enabled: boolean) {
  const query = useQuery({ ...authorizationQuery(paymentIntentId), enabled });
  const error = query.error;
  useEffect(() => {
    if (!error) return;
    // A payment without an authorization is an expected answer, not an error.
    if (hasErrorCode(error, 'authorization_missing')) return;
    console.error('The authorization was not loaded', error);
    createNotice('error', __('Error retrieving authorization.'));
  }, [error]);
  return query;
}
