import { Button, Group, List, Text } from '@mantine/core';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** The modal itself, loaded only when it opens. */
export default function EligibilityDialog({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Modal
      opened
      onClose={onDismiss}
      title={__('You can start selling right away')}
      centered
      data-testid="eligibility-modal"
    >
      <Text size="sm" mb="sm">
        {__('Your store can accept payments now, while we finish verifying your business.')}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>{__('Your first payout is held for 7-14 days.')}</List.Item>
        <List.Item>
          {__(
            'Once your sales reach $5,000, or 30 days after your first payment, we will ask for more details.',
          )}
        </List.Item>
        <List.Item>{__('Complete your verification then to keep receiving payouts.')}</List.Item>
      </List>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onDismiss}>{__('Got it')}</Button>
      </Group>
    </Modal>
  );
}
