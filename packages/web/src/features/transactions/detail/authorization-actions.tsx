import { Alert, Text } from '@mantine/core';
import { AUTHORIZATION_INTENT_ACTIONS, type AuthorizationAction } from '@paydesk/domain/payments/messages';
import type { DetailActions } from '@paydesk/domain/transactions/detail-actions';
import { pageHeading } from '../../../components/focus.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { track } from '../../../lib/track.ts';
import { useAuthorizationAction } from '../api/authorization-action.ts';
import { AuthorizationButtons } from '../authorization-buttons.tsx';
import { dateTime } from './display.ts';
import type { ChargeOrder } from './types.ts';

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
  const capture = useAuthorizationAction('capture');
  const cancel = useAuthorizationAction('cancel');
  if (!actions.capture_notice && !actions.capture_cancel && !actions.fraud_review) return null;

  const run = (action: AuthorizationAction, source: 'authorization' | 'fraud_review') => {
    if (!order) return;
    track(`payments_transactions_details_${action}_${source}`, { payment_intent_id: paymentIntentId });
    (action === 'capture' ? capture : cancel).mutate({
      order_id: order.id,
      order_number: order.number,
      payment_intent_id: paymentIntentId,
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
