import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  buildTasks,
  readTaskChoices,
  TASK_LIST_VISIBLE_COUNT,
  type Task,
  type TaskAction,
  taskActions,
  taskOptionChange,
  visibleTasks,
} from '@paydesk/domain/overview/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { LiveActivationModal } from '../../../components/live-activation-modal.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { storeNow } from '../../../lib/clock.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import classes from '../layout.module.css';
import { useAccountStatus } from './api/get-account-status.ts';
import { useDisputesAwaitingResponse } from './api/get-disputes-awaiting-response.ts';
import { taskOptionsQuery, useTaskOptions, useUpdateTaskOptions } from './api/task-options.ts';
import { type TaskContent, taskContent, taskHref } from './task-content.ts';

/** Level 1 is the most urgent. */
const LEVEL_COLORS = { 1: 'red', 2: 'orange', 3: 'gray' } as const;

/** A task's own buttons, in this order, each shown when the task allows it. */
const ACTION_BUTTONS: readonly { action: TaskAction; label: () => string; color: string }[] = [
  { action: 'dismiss', label: () => __('Dismiss'), color: 'gray' },
  { action: 'snooze', label: () => __('Remind me tomorrow'), color: 'gray' },
  { action: 'delete', label: () => __('Delete'), color: 'red' },
];

function TaskRow({
  task,
  content,
  onAction,
}: {
  task: Task;
  content: TaskContent;
  onAction: (task: Task, action: TaskAction) => void;
}) {
  const href = taskHref(content);
  const actions = taskActions(task);
  const [confirming, setConfirming] = useState(false);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      'path' in content.action &&
      event.button === 0 &&
      !event.metaKey &&
      !event.ctrlKey &&
      !event.shiftKey
    ) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    <div
      className={classes.task}
      data-testid="task"
      data-task-key={task.key}
      data-level={task.level}
      data-completed={task.completed}
    >
      <ThemeIcon
        size={12}
        radius="xl"
        mt={6}
        color={task.completed ? 'green' : LEVEL_COLORS[task.level]}
        aria-hidden
      >
        {null}
      </ThemeIcon>
      <Stack gap={4} miw={0}>
        <Group gap="xs">
          <Text fw={600} td={task.completed ? 'line-through' : undefined} data-testid="task-title">
            {content.title}
          </Text>
          {content.badge && (
            <Badge color="red" variant="light" size="sm" data-testid="task-badge">
              {content.badge}
            </Badge>
          )}
          {task.completed && (
            <Badge color="green" variant="light" size="sm">
              {__('Completed')}
            </Badge>
          )}
        </Group>
        {!task.completed && (
          <Text size="sm" c="dimmed">
            {content.content}
          </Text>
        )}
        {!task.completed && content.time && (
          <Text size="xs" c="dimmed">
            {sprintf(__('Estimated time: %s'), content.time)}
          </Text>
        )}
      </Stack>
      <div className={classes.taskActions}>
        {!task.completed && content.confirmLiveActivation && (
          <>
            <Button size="xs" variant="light" onClick={() => setConfirming(true)} data-testid="task-go-live">
              {content.actionLabel}
            </Button>
            <LiveActivationModal
              opened={confirming}
              source={content.confirmLiveActivation.source}
              onClose={() => setConfirming(false)}
            />
          </>
        )}
        {!task.completed && !content.confirmLiveActivation && (
          <Button component="a" href={href} onClick={follow} size="xs" variant="light">
            {content.actionLabel}
          </Button>
        )}
        {actions.length > 0 && (
          <Group gap={4}>
            {ACTION_BUTTONS.filter((button) => actions.includes(button.action)).map((button) => (
              <Button
                key={button.action}
                variant="subtle"
                color={button.color}
                size="xs"
                onClick={() => onAction(task, button.action)}
                data-testid={`task-${button.action}`}
              >
                {button.label()}
              </Button>
            ))}
          </Group>
        )}
      </div>
    </div>
  );
}

const NOTICES: Record<TaskAction, () => string> = {
  dismiss: () => __('Task dismissed.'),
  delete: () => __('Task deleted.'),
  snooze: () => __('Task postponed until tomorrow.'),
};

/**
 * The task list: what the account, its onboarding and its disputes ask of the
 * merchant, most urgent first, completed last. Dismiss, delete and snooze are kept in the store
 * options and can be undone from their notice; five tasks show before the list collapses.
 */
export default function TaskListWidget() {
  const settings = getSettings();
  const account = useAccountStatus();
  const disputes = useDisputesAwaitingResponse();
  const options = useTaskOptions();
  const update = useUpdateTaskOptions();
  const client = useQueryClient();
  const optionsKey = taskOptionsQuery().queryKey;
  const [expanded, setExpanded] = useState(false);
  // Without the dismissed and snoozed tasks the list cannot be shown rightly; without the
  // disputes (a failed read) it still shows the account's own tasks.
  if (!settings.isAccountConnected || !account.data || !options.data || disputes.isPending) return null;

  const now_ms = storeNow();
  const status = account.data;
  const tasks = buildTasks(
    {
      isAccountConnected: status.isAccountConnected,
      status: status.status,
      detailsSubmitted: status.detailsSubmitted,
      testDrive: status.testDrive,
      pastDue: status.pastDue,
      requirementErrors: status.requirements.errors.length,
      progressiveOnboarding: status.progressiveOnboarding,
      created: status.created,
      currency: settings.storeCurrency.toLowerCase(),
    },
    disputes.data?.data ?? [],
    now_ms,
  );
  const choices = readTaskChoices(options.data);
  const shown = visibleTasks(tasks, choices, now_ms);
  if (shown.length === 0) return null;

  const act = (task: Task, action: TaskAction) => {
    const failed = () => createNotice('error', __('The task list could not be updated. Please try again.'));
    // Each change is computed from the options as they are at that moment, so undoing one action
    // keeps any other made since.
    const change = () =>
      taskOptionChange(action, task.key, readTaskChoices(client.getQueryData(optionsKey) ?? {}), Date.now());
    update.mutate(change().apply, { onError: failed });
    createNotice('success', NOTICES[action](), {
      actions: [{ label: __('Undo'), onClick: () => update.mutate(change().undo, { onError: failed }) }],
    });
  };

  const disputeCount = tasks.filter((task) => task.kind === 'dispute').length;
  const listed = expanded ? shown : shown.slice(0, TASK_LIST_VISIBLE_COUNT);
  const hidden = shown.length - TASK_LIST_VISIBLE_COUNT;
  return (
    <Card withBorder padding="lg" data-testid="task-list" className={classes.widget}>
      <Title order={3} size="h4" mb="xs">
        {__('Things to do')}
      </Title>
      <Stack gap={0}>
        {listed.map((task) => (
          <TaskRow key={task.key} task={task} content={taskContent(task, now_ms)} onAction={act} />
        ))}
      </Stack>
      {disputeCount > 1 && (
        <Group mt="xs">
          <Anchor
            href={getAdminUrl('/payments/disputes', { filter: 'awaiting_response' })}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              navigate(getAdminUrl('/payments/disputes', { filter: 'awaiting_response' }));
            }}
            size="sm"
            data-testid="task-list-disputes"
          >
            {sprintf(
              _n(
                'See %d dispute awaiting a response',
                'See all %d disputes awaiting a response',
                disputeCount,
              ),
              disputeCount,
            )}
          </Anchor>
        </Group>
      )}
      {hidden > 0 && (
        <Group justify="center" mt="xs">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setExpanded(!expanded)}
            data-testid="task-list-toggle"
          >
            {expanded
              ? __('Show fewer tasks')
              : sprintf(_n('Show %d more task', 'Show %d more tasks', hidden), hidden)}
          </Button>
        </Group>
      )}
    </Card>
  );
}
