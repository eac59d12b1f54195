import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal, type ModalProps } from './modal.tsx';

interface Props {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  dismissLabel: string;
  /** Red for what cannot be undone. */
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes on closing when the control that asked is gone (see `Modal`). */
  returnFocusTo?: ModalProps['returnFocusTo'];
  testId?: string;
}

/**
 * A question asked before an action that cannot be undone. The dismissing button takes the
 * focus first, so a stray Enter leaves things as they are; Escape closes it too.
 */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  dismissLabel,
  color,
  onConfirm,
  onClose,
  returnFocusTo,
  testId,
}: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered returnFocusTo={returnFocusTo}>
      <Stack gap="md" data-testid={testId}>
        <Text size="sm">{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {dismissLabel}
          </Button>
          <Button
            color={color}
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
