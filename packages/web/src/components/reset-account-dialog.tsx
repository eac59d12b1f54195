import { Button, Group, Stack, Text } from '@mantine/core';
import { __ } from '../lib/i18n.ts';
import { Modal } from './modal.tsx';

/**
 * Confirms resetting the account; confirming goes to the connect URL with the wcpay-reset-account
 * flag. Shared by the Connect page and the payments settings page (features do not import each
 * other).
 */
export function ResetAccountDialog({
  opened,
  testMode,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  testMode: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={testMode ? __('Reset your sandbox account?') : __('Reset your account?')}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {testMode
            ? __(
                'Your sandbox account and its test payments, payouts and disputes will be deleted, and you can start the setup again.',
              )
            : __(
                'The details you entered so far will be deleted and your account will be disconnected, so you can start the setup again.',
              )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {__('Cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {__('Reset account')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
