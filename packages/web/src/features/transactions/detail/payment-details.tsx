import { Alert, Loader, Stack } from '@mantine/core';
import { utcDateTimeSeconds } from '@paydesk/domain/time';
import { detailActions } from '@paydesk/domain/transactions/detail-actions';
import { paymentDetailsIdKind } from '@paydesk/domain/transactions/format';
import { isInquiryStatus } from '@paydesk/domain/transactions/status';
import { useEffect } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';
import { useAuthorization } from './api/get-authorization.ts';
import { useCharge } from './api/get-charge.ts';
import { useChargeByOrder } from './api/get-charge-by-order.ts';
import { usePaymentIntent } from './api/get-payment-intent.ts';
import { DisputeNotice } from './dispute-notice.tsx';
import { PaymentMethodCard } from './payment-method-card.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { PaymentTimeline } from './payment-timeline.tsx';
import type { PaymentIntent } from './types.ts';

/**
 * Authorize now, capture later is always available in Paydesk: the engine holds card payments
 * for capture whenever a checkout asks for it, so there is no store setting that turns it off.
 */
const IS_AUTH_AND_CAPTURE_ENABLED = true;

function NotLoaded() {
  return (
    <Alert color="red" data-testid="payment-details-error">
      {__('Payment details not loaded')}
    </Alert>
  );
}

/** Moves to the payment-intent route, keeping transaction_id, transaction_type and type. */
function useRedirectToIntent(paymentIntentId: string | undefined) {
  useEffect(() => {
    if (paymentIntentId) updateQuery({ id: paymentIntentId }, { replace: true });
  }, [paymentIntentId]);
}

function IntentDetails({ intent, focusDispute }: { intent: PaymentIntent; focusDispute: boolean }) {
  const charge = intent.charge;
  // Only a payment authorized to be captured later has an authorization: one a fraud rule holds
  // for review (captured automatically once approved) has none, and asking would only answer 404.
  const authorization = useAuthorization(
    intent.id,
    intent.status === 'requires_capture' && intent.capture_method === 'manual',
  );
  if (!charge) return <NotLoaded />;
  const actions = detailActions({
    intent_status: intent.status,
    // The capture deadline counts from the authorization's creation when it is known.
    charge: {
      ...charge,
      created: authorization.data ? utcDateTimeSeconds(authorization.data.created) : charge.created,
    },
    fraud_meta_box_type: charge.order?.fraud_meta_box_type ?? null,
    has_order: charge.order !== null,
    is_auth_and_capture_enabled: IS_AUTH_AND_CAPTURE_ENABLED,
  });
  return (
    <Stack gap="lg">
      <PaymentSummary intent={intent} charge={charge} actions={actions} />
      {charge.dispute && <DisputeNotice dispute={charge.dispute} focus={focusDispute} />}
      <PaymentTimeline
        paymentIntentId={intent.id}
        isInquiry={isInquiryStatus(charge.dispute?.status)}
        failureCode={charge.failure_code}
      />
      <PaymentMethodCard charge={charge} />
    </Stack>
  );
}

function ByIntent({ id, focusDispute }: { id: string; focusDispute: boolean }) {
  const intent = usePaymentIntent(id, true);
  if (intent.isPending) return <Loader aria-label={__('Loading')} />;
  if (intent.isError) return <NotLoaded />;
  return <IntentDetails intent={intent.data} focusDispute={focusDispute} />;
}

/** A charge id: a result that is only a charge moves to its payment intent's route. */
function ByCharge({ id }: { id: string }) {
  const charge = useCharge(id, true);
  useRedirectToIntent(charge.data?.payment_intent);
  if (charge.isError) return <NotLoaded />;
  return <Loader aria-label={__('Loading')} />;
}

/** An order id: the order's charge is looked up and the page moves to its payment intent. */
function ByOrder({ id }: { id: string }) {
  const charge = useChargeByOrder(id, true);
  useRedirectToIntent(charge.data?.payment_intent);
  if (charge.isError) return <NotLoaded />;
  return <Loader aria-label={__('Loading')} />;
}

/**
 * The payment detail page for an `id` that is an order id (all digits), a charge id
 * (containing ch_ or py_) or a payment intent id.
 */
export function PaymentDetails({ id, focusDispute }: { id: string; focusDispute: boolean }) {
  if (!id) return <NotLoaded />;
  switch (paymentDetailsIdKind(id)) {
    case 'order':
      return <ByOrder key={id} id={id} />;
    case 'charge':
      return <ByCharge key={id} id={id} />;
    default:
      return <ByIntent key={id} id={id} focusDispute={focusDispute} />;
  }
}
