import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { REFUND_MESSAGES } from '@paydesk/domain/payments/messages';
import { REFUND_REASONS, type RefundReason, refundReasonForRequest } from '@paydesk/domain/payments/refunds';
import { REFUND_REASON_LABELS } from '@paydesk/domain/transactions/timeline';
import { useState } from 'react';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useRefund } from './api/payment-actions.ts';
import { money } from './display.ts';
import type { Charge } from './types.ts';

interface Props {
  charge: Charge;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Refund in full': refunds what is left of the charge, with an optional reason (spec 2 §5:
 * other is sent as null). The notice names the order: 'Refunded payment #N.'
 */
export function RefundModal({ charge, opened, onClose }: Props) {
  const [reason, setReason] = useState<RefundReason | null>(null);
  const refund = useRefund();
  const amount = charge.amount_captured - charge.amount_refunded;
  const orderNumber = charge.order?.number ?? charge.id;

  const submit = () => {
    track('payments_transactions_details_refund_full', { payment_intent_id: charge.payment_intent });
    // mutateAsync, not per-call callbacks: the refetch after the refund unmounts this form, and
    // callbacks of an unmounted caller would never run, losing the notice.
    refund
      .mutateAsync({
        charge_id: charge.id,
        amount,
        reason: refundReasonForRequest(reason),
        ...(charge.order ? { order_id: charge.order.id } : {}),
      })
      .then(() => createNotice('success', sprintf(__(REFUND_MESSAGES.success), orderNumber)))
      .catch((error: unknown) => {
        console.error(`The refund of ${charge.id} failed`, error);
        createNotice('error', sprintf(__(REFUND_MESSAGES.failure), orderNumber));
      })
      .finally(onClose);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={__('Refund in full')} centered>
      <Stack gap="md">
        <Text size="sm">
          {sprintf(
            __('This will issue a full refund of %s to the customer.'),
            money(amount, charge.currency),
          )}
        </Text>
        <NativeSelect
          label={__('Reason for refund (optional)')}
          data={[
            { value: '', label: __('Select a reason') },
            ...REFUND_REASONS.map((value) => ({ value, label: __(REFUND_REASON_LABELS[value] ?? value) })),
          ]}
          value={reason ?? ''}
          onChange={(event) => setReason((event.currentTarget.value || null) as RefundReason | null)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            {__('Cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={refund.isPending}>
            {__('Refund transaction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
