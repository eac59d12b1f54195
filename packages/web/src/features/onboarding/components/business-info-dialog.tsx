import { List, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** What the verification asks for and why: opened from the Connect page's "Learn more". */
export function BusinessInfoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={__('Verifying your business')} centered>
      <Stack gap="sm">
        <Text size="sm">
          {__(
            'Payment providers are required by law to know who they work with. Your details are used to verify your identity and your business, to prevent fraud, and to send your payouts.',
          )}
        </Text>
        <Text size="sm" fw={600}>
          {__('Have these ready:')}
        </Text>
        <List size="sm">
          <List.Item>{__('Your name, date of birth and address')}</List.Item>
          <List.Item>{__('Your business type, address and tax identification number')}</List.Item>
          <List.Item>{__('A bank account for payouts')}</List.Item>
          <List.Item>{__('An identity document, if we cannot verify you from these details')}</List.Item>
        </List>
      </Stack>
    </Modal>
  );
}
