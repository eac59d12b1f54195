import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { currencyPrecision } from '@paydesk/domain/currencies';
import { REFUND_MESSAGES } from '@paydesk/domain/payments/messages';
import {
  checkRefundAmount,
  REFUND_AMOUNT_MESSAGES,
  REFUND_REASONS,
  type RefundAmountCheck,
  type RefundReason,
  refundAmountPrefill,
  refundableRemaining_minor,
  refundReasonForRequest,
} from '@paydesk/domain/payments/refunds';
import { REFUND_REASON_LABELS } from '@paydesk/domain/transactions/timeline';
import { type FormEvent, useState } from 'react';
import { pageHeading } from '../../../components/focus.ts';
import { Modal } from '../../../components/modal.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useRefund } from './api/payment-actions.ts';
import { money } from './display.ts';
import type { Charge } from './types.ts';

/** 'full' refunds what remains; 'partial' asks how much of it, prefilled with all of it. */
export type RefundMode = 'full' | 'partial';

interface Props {
  charge: Charge;
  mode: RefundMode;
  opened: boolean;
  onClose: () => void;
}

function amountError(check: RefundAmountCheck, remaining_minor: number, charge: Charge): string | null {
  if (check.ok) return null;
  switch (check.message) {
    case 'invalid':
      return sprintf(
        __(REFUND_AMOUNT_MESSAGES.invalid),
        refundAmountPrefill(remaining_minor, charge.currency),
      );
    case 'tooManyDecimals':
      return sprintf(__(REFUND_AMOUNT_MESSAGES.tooManyDecimals), currencyPrecision(charge.currency));
    case 'notPositive':
      return __(REFUND_AMOUNT_MESSAGES.notPositive);
    case 'aboveRemaining':
      return sprintf(__(REFUND_AMOUNT_MESSAGES.aboveRemaining), money(remaining_minor, charge.currency));
  }
}

/**
 * 'Refund in full' refunds what is left of the charge; 'Partial refund' (for a payment whose
 * order has no store page) asks for an amount, at most what is left. Both take an optional
 * reason ('other' is sent as null) and end in a notice naming the order.
 */
export function RefundModal({ charge, mode, opened, onClose }: Props) {
  const [reason, setReason] = useState<RefundReason | null>(null);
  const remaining_minor = refundableRemaining_minor(charge);
  const [amountText, setAmountText] = useState(() => refundAmountPrefill(remaining_minor, charge.currency));
  const [touched, setTouched] = useState(false);
  const refund = useRefund();
  const orderNumber = charge.order?.number ?? charge.id;
  const check: RefundAmountCheck =
    mode === 'full'
      ? { ok: true, amount_minor: remaining_minor }
      : checkRefundAmount(amountText, charge.currency, remaining_minor);
  const error = touched ? amountError(check, remaining_minor, charge) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.ok) return;
    track(
      mode === 'full'
        ? 'payments_transactions_details_refund_full'
        : 'payments_transactions_details_partial_refund',
      { payment_intent_id: charge.payment_intent },
    );
    // mutateAsync, not per-call callbacks: the refetch after the refund unmounts this form, and
    // callbacks of an unmounted caller would never run, losing the notice.
    refund
      .mutateAsync({
        charge_id: charge.id,
        amount: check.amount_minor,
        reason: refundReasonForRequest(reason),
        ...(charge.order ? { order_id: charge.order.id } : {}),
      })
      .then(() => createNotice('success', sprintf(__(REFUND_MESSAGES.success), orderNumber)))
      .catch((failure: unknown) => {
        console.error(`The refund of ${charge.id} failed`, failure);
        createNotice('error', sprintf(__(REFUND_MESSAGES.failure), orderNumber));
      })
      .finally(onClose);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'full' ? __('Refund in full') : __('Partial refund')}
      // A full refund removes the button that opened the modal: the page's heading takes the focus.
      returnFocusTo={pageHeading}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {mode === 'full' ? (
            <Text size="sm">
              {sprintf(
                __('This will issue a full refund of %s to the customer.'),
                money(remaining_minor, charge.currency),
              )}
            </Text>
          ) : (
            <TextInput
              label={sprintf(__('Refund amount (%s)'), charge.currency.toUpperCase())}
              description={sprintf(
                __('Up to %s remains to refund.'),
                money(remaining_minor, charge.currency),
              )}
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              value={amountText}
              onChange={(event) => setAmountText(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={error}
              data-testid="refund-amount"
            />
          )}
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
            <Button type="submit" color="red" loading={refund.isPending}>
              {check.ok && mode === 'partial'
                ? sprintf(__('Refund %s'), money(check.amount_minor, charge.currency))
                : __('Refund transaction')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
