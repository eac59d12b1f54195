import { Alert, Button, Group, Text } from '@mantine/core';
import { __ } from '../lib/i18n.ts';

interface Props {
  message: string;
  /** Asks again; the button shows it is working while `retrying`. */
  onRetry: () => void;
  retrying?: boolean;
  testId?: string;
}

/**
 * What a widget or list shows when its data could not be read: its own message and a Retry,
 * inside its own card, so one failure neither hides the others nor looks like endless loading.
 */
export function LoadError({ message, onRetry, retrying = false, testId = 'load-error' }: Props) {
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry} loading={retrying}>
          {__('Retry')}
        </Button>
      </Group>
    </Alert>
  );
}
