import { SimpleGrid, Stack, Text } from '@mantine/core';
import { __ } from '../../../lib/i18n.ts';

/** The three-column summary: payouts, capture, recurring payments. */
export function ConnectSummary() {
  const columns = [
    { title: __('Payouts'), text: __('Automatic, every day') },
    { title: __('Capture'), text: __('When the order is placed') },
    { title: __('Recurring payments'), text: __('Supported') },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="connect-summary">
      {columns.map((column) => (
        <Stack key={column.title} gap={2}>
          <Text size="sm" c="dimmed">
            {column.title}
          </Text>
          <Text fw={600}>{column.text}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
