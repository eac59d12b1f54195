import { Alert, Button, Group, Text } from '@mantine/core';
import { __ } from '../lib/i18n.ts';

/** A failed load: the page's message for it and a button that asks again. */
export function LoadError({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert color="red" data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {__('Try again')}
        </Button>
      </Group>
    </Alert>
  );
}
