import { Alert, Text } from '@mantine/core';
import { parseMajorUnits } from '@paydesk/domain/money/format';
import {
  AUTHORIZATION_FAILURE_PREFIXES,
  AUTHORIZATION_INTENT_ACTIONS,
  AUTHORIZATION_SUCCESS_MESSAGES,
  type AuthorizationAction,
  type AuthorizationError,
  authorizationFailureReason,
  fillTemplate,
} from '@paydesk/domain/payments/messages';
import type { DetailActions } from '@paydesk/domain/transactions/detail-actions';
import { pageHeading } from '../../../components/focus.ts';
import { ApiError } from '../../../lib/api.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { AuthorizationButtons } from '../authorization-buttons.tsx';
import { useCancelAuthorization, useCaptureAuthorization } from './api/payment-actions.ts';
import { dateTime } from './display.ts';
import type { ChargeOrder } from './types.ts';

/**
 * The capture or cancel error as the failure reasons read it. The capture endpoint gives the
 * minimum as a decimal string in major units; the reason wants it in minor units.
 */
function authorizationError(error: unknown): AuthorizationError {
  if (!(error instanceof ApiError)) return { code: 'unknown' };
  const data = error.data;
  const currency = typeof data.currency === 'string' ? data.currency : null;
  let minimum: number | null = null;
  if (typeof data.minimum_amount === 'number') minimum = data.minimum_amount;
  else if (typeof data.minimum_amount === 'string' && currency) {
    const parsed = parseMajorUnits(data.minimum_amount, currency);
    minimum = parsed.ok ? parsed.amount_minor : null;
  }
  return {
    code: error.code,
    error_type: typeof data.error_type === 'string' ? data.error_type : null,
    minimum_amount: minimum,
    currency,
  };
}

export function authorizationFailureNotice(action: AuthorizationAction, orderNumber: string, error: unknown) {
  const prefix = fillTemplate(__(AUTHORIZATION_FAILURE_PREFIXES[action]), orderNumber);
  return `${prefix} ${__(authorizationFailureReason(authorizationError(error)))}`;
}

interface Props {
  actions: DetailActions;
  paymentIntentId: string;
  order: ChargeOrder | null;
  /** The authorized amount as the summary shows it; the buttons and questions name it. */
  amount: string;
}

/**
 * Capture and cancel of an authorization, or — for a payment held by a fraud rule — 'Approve
 * Transaction' (capture) and 'Block transaction' (cancel), with the notice to capture in time.
 */
export function AuthorizationActions({ actions, paymentIntentId, order, amount }: Props) {
  const capture = useCaptureAuthorization();
  const cancel = useCancelAuthorization();
  if (!actions.capture_notice && !actions.capture_cancel && !actions.fraud_review) return null;

  const run = (action: AuthorizationAction, source: 'authorization' | 'fraud_review') => {
    if (!order) return;
    const mutation = action === 'capture' ? capture : cancel;
    track(`payments_transactions_details_${action}_${source}`, { payment_intent_id: paymentIntentId });
    // mutateAsync, not per-call callbacks: the refetch after the action removes these buttons, and
    // callbacks of an unmounted caller would never run, losing the notice.
    mutation
      .mutateAsync({ orderId: order.id, paymentIntentId })
      .then((result) => {
        // A capture counts only when the payment succeeded.
        if (action === 'capture' && result.status !== 'succeeded') {
          createNotice('error', authorizationFailureNotice(action, order.number, null));
          return;
        }
        createNotice('success', fillTemplate(__(AUTHORIZATION_SUCCESS_MESSAGES[action]), order.number));
      })
      .catch((error: unknown) => {
        console.error(`The ${action} of ${paymentIntentId} failed`, error);
        createNotice('error', authorizationFailureNotice(action, order.number, error));
      });
  };

  return (
    <>
      {actions.capture_notice && actions.capture_deadline !== null && (
        <Alert color="yellow" data-testid="capture-notice">
          <Text size="sm">
            {sprintf(
              __(
                'You need to capture this charge before %s. After that the authorization expires and the funds are released to the customer.',
              ),
              dateTime(actions.capture_deadline),
            )}
          </Text>
        </Alert>
      )}
      {(actions.capture_cancel || actions.fraud_review) && order && (
        <AuthorizationButtons
          review={actions.fraud_review}
          orderNumber={order.number}
          amount={amount}
          pending={capture.isPending ? 'capture' : cancel.isPending ? 'cancel' : null}
          focusAfterAction={pageHeading}
          onRun={(intent) =>
            run(AUTHORIZATION_INTENT_ACTIONS[intent], actions.fraud_review ? 'fraud_review' : 'authorization')
          }
        />
      )}
    </>
  );
}
