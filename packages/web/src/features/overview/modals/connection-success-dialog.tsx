import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** The modal itself, loaded only when it opens. */
export default function ConnectionSuccessDialog({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Modal
      opened
      onClose={onDismiss}
      title={__("You're ready to accept payments!")}
      centered
      data-testid="connection-success-modal"
    >
      <Text size="sm">
        {__(
          'Your account is verified and connected. Payments you take are paid out to your bank account on your payout schedule.',
        )}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onDismiss}>{__('Got it')}</Button>
      </Group>
    </Modal>
  );
}
