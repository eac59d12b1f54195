import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export type NoticeStatus = 'success' | 'error' | 'warning' | 'info';

export interface NoticeAction {
  label: string;
  onClick?: () => void;
  url?: string;
}

export interface NoticeOptions {
  id?: string;
  actions?: NoticeAction[];
  /** Milliseconds before it closes by itself; false keeps it until dismissed. */
  autoClose?: number | false;
  isDismissible?: boolean;
}

const COLORS: Record<NoticeStatus, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};
let counter = 0;

/**
 * The one way pages tell the merchant something happened. Actions (Undo, View details) sit in
 * the notice; following one closes it.
 */
export function createNotice(status: NoticeStatus, message: string, options: NoticeOptions = {}): string {
  counter++;
  const id = options.id ?? `notice-${counter}`;
  const actions = options.actions ?? [];
  notifications.show({
    id,
    color: COLORS[status],
    withCloseButton: options.isDismissible ?? true,
    autoClose: options.autoClose ?? (status === 'error' ? false : actions.length > 0 ? 10_000 : 5_000),
    message: (
      <div data-testid="notice" data-status={status}>
        <Text size="sm">{message}</Text>
        {actions.length > 0 && (
          <Group gap="xs" mt={6}>
            {actions.map((action) => (
              <Button
                key={action.label}
                size="compact-sm"
                variant="subtle"
                {...(action.url ? { component: 'a' as const, href: action.url } : {})}
                onClick={() => {
                  notifications.hide(id);
                  action.onClick?.();
                }}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </div>
    ),
  });
  return id;
}

export function removeNotice(id: string): void {
  notifications.hide(id);
}
