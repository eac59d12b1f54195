import { payments } from '@paydesk/domain/contracts';
import { parseMajorUnits } from '@paydesk/domain/money/format';
import {
  AUTHORIZATION_FAILURE_PREFIXES,
  AUTHORIZATION_SUCCESS_MESSAGES,
  type AuthorizationAction,
  authorizationFailureReason,
  fillTemplate,
} from '@paydesk/domain/payments/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, newIdempotencyKey } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { invalidatePaymentViews } from '../payment-views.ts';

export interface AuthorizationTarget {
  /** The store order's id, which the endpoint's path names. */
  order_id: number;
  /** The order number the notices name. */
  order_number: string;
  payment_intent_id: string;
}

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The minimum in minor units. The capture endpoint names it in major units ("0.50" with the
 * currency), as its message does; a number is taken as minor units already.
 */
function minimumMinor(value: unknown, currency: string | null): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !currency) return null;
  const parsed = parseMajorUnits(value, currency);
  return parsed.ok ? parsed.amount_minor : null;
}

/** The failure prefix with the order number, then the reason for the error code. */
export function authorizationErrorMessage(
  action: AuthorizationAction,
  orderNumber: string,
  error: unknown,
): string {
  const data = error instanceof ApiError ? error.data : {};
  const reason = authorizationFailureReason({
    code: error instanceof ApiError ? error.code : 'unknown',
    error_type: stringOrNull(data.error_type),
    minimum_amount: minimumMinor(data.minimum_amount, stringOrNull(data.currency)),
    currency: stringOrNull(data.currency),
  });
  return `${fillTemplate(__(AUTHORIZATION_FAILURE_PREFIXES[action]), orderNumber)} ${__(reason)}`;
}

/**
 * POST {base}/orders/{orderId}/capture_authorization or cancel_authorization with
 * payment_intent_id: the one capture and the one cancel of an authorization, for the uncaptured
 * list and the payment detail page alike. It says how it went with a success or failure notice,
 * from the mutation itself, so the notice shows even when the buttons left the page with the
 * payment's new state, after every view of payments has read it again either way (the lists,
 * their counts and summaries, the authorizations and the payment's page): a failure often means
 * the payment changed state elsewhere. A capture counts as done only when its status is succeeded, a cancel
 * only when it is canceled.
 */
export function useAuthorizationAction(action: AuthorizationAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (target: AuthorizationTarget) => {
      const endpoint = action === 'capture' ? payments.captureAuthorization : payments.cancelAuthorization;
      const result = await apiFetch(endpoint, {
        params: { orderId: target.order_id },
        body: { payment_intent_id: target.payment_intent_id },
        // One key per click: the button is disabled while a request runs, and a later click
        // after a failure is a new attempt, not a replay of the failed one.
        idempotencyKey: newIdempotencyKey(),
      });
      const expected = action === 'capture' ? 'succeeded' : 'canceled';
      if (result.status !== expected) {
        throw new ApiError(
          action === 'capture' ? 'wcpay_capture_error' : 'wcpay_cancel_error',
          result.status,
          200,
          {},
        );
      }
      return result;
    },
    // The notice comes once every view has read the payment's new state, so what it announces
    // is what the page shows (its status, its timeline, the lists).
    onSettled: async (_result, error, target) => {
      await invalidatePaymentViews(client);
      if (error) createNotice('error', authorizationErrorMessage(action, target.order_number, error));
      else
        createNotice(
          'success',
          fillTemplate(__(AUTHORIZATION_SUCCESS_MESSAGES[action]), target.order_number),
        );
    },
  });
}
