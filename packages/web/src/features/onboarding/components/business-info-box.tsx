import { Anchor, Card, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { __ } from '../../../lib/i18n.ts';

/** Why the set-up asks for personal and business data, and what to have ready. */
export function BusinessInfoBox() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder padding="md">
      <Text size="sm">
        {__(
          'To start accepting payments you will be asked for some details about yourself and your business.',
        )}{' '}
        <Anchor component="button" type="button" size="sm" onClick={open}>
          {__('Learn more')}
        </Anchor>
      </Text>
      <Modal opened={opened} onClose={close} title={__('Verifying your business')} centered>
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
    </Card>
  );
}
