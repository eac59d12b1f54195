import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import type { InstantBalance } from '@paydesk/domain/overview/payouts-widget';
import { formatFeePercentage } from '@paydesk/domain/overview/payouts-widget';
import { pageHeading } from '../../../components/focus.ts';
import { Modal } from '../../../components/modal.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { money } from '../account/display.ts';
import { useInstantPayout } from './api/create-instant-payout.ts';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 600 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : 400} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Confirms an instant payout of the whole instant balance of one currency, fee shown first. */
export function InstantPayoutModal({ instant, onClose }: { instant: InstantBalance; onClose: () => void }) {
  const payout = useInstantPayout();
  const percent = formatFeePercentage(instant.fee_percentage);
  const confirm = () => {
    track('wcpay_instant_payout_submit', { currency: instant.currency });
    payout.mutate(instant.currency, {
      onSuccess: (result) => {
        onClose();
        createNotice(
          'success',
          sprintf(__('Instant payout for %s in transit.'), money(result.amount, result.currency)),
          {
            actions: [
              {
                label: __('View details'),
                url: getAdminUrl('/payments/payouts/details', { id: result.id }),
              },
            ],
          },
        );
      },
      onError: () => {
        onClose();
        createNotice('error', __('Error creating instant payout.'));
      },
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={__('Instant payout')}
      // After the payout the button that opened the modal is gone: the page's heading takes the focus.
      returnFocusTo={pageHeading}
      centered
      data-testid="instant-payout-modal"
    >
      <Stack gap="sm">
        <Text size="sm">
          {sprintf(
            __('Need cash in a hurry? An instant payout arrives in about 30 minutes for a %s service fee.'),
            percent,
          )}
        </Text>
        <Divider />
        <Row
          label={__('Balance available for instant payout')}
          value={money(instant.amount, instant.currency)}
        />
        <Row
          label={sprintf(__('%s service fee'), percent)}
          value={`-${money(instant.fee, instant.currency)}`}
        />
        <Divider />
        <Row label={__('Net payout amount')} value={money(instant.net, instant.currency)} strong />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={payout.isPending}>
            {__('Cancel')}
          </Button>
          <Button onClick={confirm} loading={payout.isPending}>
            {__('Pay out now')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
