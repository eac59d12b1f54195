import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { getSettings } from '../lib/bootstrap.ts';
import { __ } from '../lib/i18n.ts';
import { track } from '../lib/track.ts';
import { Modal } from './modal.tsx';

/** The connect URL with the live-activation flag. */
export function liveActivationUrl(source: string): string {
  const url = new URL(getSettings().connectUrl, window.location.origin);
  url.searchParams.set('wcpay-disable-onboarding-test-mode', 'true');
  url.searchParams.set('source', source);
  return `${url.pathname}${url.search}`;
}

/**
 * The live-activation modal, for a store on a sandbox account: confirming leaves the sandbox
 * (its account and test data are removed) and starts the business verification for a live
 * account.
 */
export function LiveActivationModal({
  opened,
  source,
  onClose,
}: {
  opened: boolean;
  source: string;
  onClose: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const activate = () => {
    setLeaving(true);
    track('wcpay_onboarding_live_activation_confirmed', { source });
    window.location.assign(liveActivationUrl(source));
  };
  return (
    <Modal opened={opened} onClose={onClose} title={__('Set up live payments on your store')} centered>
      <Stack gap="md" data-testid="live-activation-modal">
        <Text size="sm">{__('Before you continue, please note:')}</Text>
        <List size="sm" spacing="xs">
          <List.Item>
            {__('Your sandbox account and its test payments, payouts and disputes will be deleted.')}
          </List.Item>
          <List.Item>
            {__(
              'You will verify your business to accept real payments. Have your business and personal details ready.',
            )}
          </List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={leaving}>
            {__('Cancel')}
          </Button>
          <Button onClick={activate} loading={leaving} data-testid="live-activation-confirm">
            {__('Activate payments')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
