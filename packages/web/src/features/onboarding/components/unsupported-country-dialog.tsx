import { Button, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** Lists the supported countries when the store's country is not one of them. */
export function UnsupportedCountryDialog({
  opened,
  countries,
  onCancel,
  onContinue,
}: {
  opened: boolean;
  countries: Record<string, string>;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const names = Object.values(countries).sort((a, b) => a.localeCompare(b));
  return (
    <Modal opened={opened} onClose={onCancel} title={__('Your store country is not supported')} centered>
      <Stack gap="sm">
        <Text size="sm">{__('Payments are available to businesses based in the following countries:')}</Text>
        <ScrollArea.Autosize mah={240}>
          <List size="sm" data-testid="supported-countries">
            {names.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {__('Cancel')}
          </Button>
          <Button onClick={onContinue}>{__('Continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
