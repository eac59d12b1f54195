import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { __ } from './i18n.ts';
// The keyboard's way to notices with actions (Alt+N): listening from the start, so the shortcut
// works the moment the first such notice shows.
import { noticeClosed, noticeShown } from './notice-focus.ts';

export type NoticeStatus = 'success' | 'error' | 'warning' | 'info';

export interface NoticeAction {
  label: string;
  onClick?: () => void;
  url?: string;
}

export interface NoticeOptions {
  id?: string;
  actions?: NoticeAction[];
  /**
   * Milliseconds before it closes by itself; false keeps it until dismissed. A notice with an
   * action is always kept until dismissed: the action must stay within reach.
   */
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
  if (actions.length > 0) noticeShown(id);
  notifications.show({
    id,
    color: COLORS[status],
    // Errors interrupt; the rest is told when the reader is free.
    role: status === 'error' ? 'alert' : 'status',
    withCloseButton: options.isDismissible ?? true,
    closeButtonProps: { 'aria-label': __('Close') },
    autoClose: actions.length > 0 ? false : (options.autoClose ?? (status === 'error' ? false : 5_000)),
    onClose: () => {
      if (actions.length > 0) noticeClosed(id);
    },
    message: (
      <div data-testid="notice" data-status={status} data-notice-id={id}>
        <Text size="sm">{message}</Text>
        {actions.length > 0 && (
          <Group gap="xs" mt={6}>
            {actions.map((action) => (
              <Button
                key={action.label}
                size="compact-sm"
                variant="subtle"
                data-notice-action
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
