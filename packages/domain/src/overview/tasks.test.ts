import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../time.ts';
import {
  buildTasks,
  DELETED_TASKS_OPTION,
  DISMISSED_TASKS_OPTION,
  type DisputeSummaryItem,
  disputeTasks,
  disputeUrgency,
  isTaskShown,
  NO_TASK_CHOICES,
  readTaskChoices,
  SNOOZED_TASKS_OPTION,
  sortTasks,
  TASK_OPTION_MAX_KEYS,
  TASK_SNOOZE_MS,
  type TaskAccountInput,
  taskActions,
  taskOptionChange,
  visibleTasks,
} from './tasks.ts';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);

function account(overrides: Partial<TaskAccountInput> = {}): TaskAccountInput {
  return {
    isAccountConnected: true,
    status: 'complete',
    detailsSubmitted: true,
    testDrive: false,
    pastDue: false,
    requirementErrors: 0,
    progressiveOnboarding: { isEnabled: false, isComplete: false, tpv: 0, firstTransactionDate: null },
    created: new Date(NOW - 40 * DAY_MS).toISOString(),
    currency: 'usd',
    ...overrides,
  };
}

function dispute(id: string, due_ms: number, amount = 1000, currency = 'usd'): DisputeSummaryItem {
  return { dispute_id: id, charge_id: `ch_${id}`, amount, currency, due_by: new Date(due_ms).toISOString() };
}

describe('disputeUrgency', () => {
  it.each([
    [-HOUR_MS, 'last_day'],
    [DAY_MS, 'last_day'],
    [DAY_MS + 1, 'urgent'],
    [3 * DAY_MS, 'urgent'],
    [3 * DAY_MS + 1, 'last_week'],
    [7 * DAY_MS, 'last_week'],
    [7 * DAY_MS + 1, 'later'],
  ] as const)('%i ms before the deadline is %s', (left_ms, urgency) => {
    expect(disputeUrgency(NOW + left_ms, NOW)).toBe(urgency);
  });
});

describe('disputeTasks', () => {
  it('makes one task per dispute, the nearest deadline first, with levels by urgency', () => {
    const tasks = disputeTasks(
      [
        dispute('dp_c', NOW + 10 * DAY_MS),
        dispute('dp_a', NOW + 2 * HOUR_MS),
        dispute('dp_b', NOW + 5 * DAY_MS),
      ],
      NOW,
    );
    expect(tasks.map((task) => [task.key, task.level])).toEqual([
      ['dispute-resolution-dp_a', 1],
      ['dispute-resolution-dp_b', 2],
      ['dispute-resolution-dp_c', 3],
    ]);
  });

  it('lets a dispute be snoozed but not on its last day, and never dismissed', () => {
    const [lastDay, later] = disputeTasks(
      [dispute('dp_a', NOW + HOUR_MS), dispute('dp_b', NOW + 9 * DAY_MS)],
      NOW,
    );
    expect(lastDay).toMatchObject({ dismissible: false, snoozable: false });
    expect(later).toMatchObject({ dismissible: false, snoozable: true });
  });

  it('skips a dispute without a readable deadline', () => {
    expect(disputeTasks([{ ...dispute('dp_a', NOW), due_by: '' }], NOW)).toEqual([]);
  });
});

describe('buildTasks', () => {
  it('has no tasks before the account is connected', () => {
    expect(
      buildTasks(account({ isAccountConnected: false, testDrive: true }), [dispute('dp', NOW)], NOW),
    ).toEqual([]);
  });

  it('asks to finish the registration while details are not submitted', () => {
    const [task] = buildTasks(account({ detailsSubmitted: false, status: 'restricted' }), [], NOW);
    expect(task).toMatchObject({
      key: 'complete-registration',
      level: 1,
      completed: false,
      dismissible: false,
    });
  });

  it.each([
    ['restricted_soon', {}],
    ['restricted', {}],
    ['complete', { pastDue: true }],
    ['complete', { requirementErrors: 1 }],
  ] as const)('asks to update details when the account is %s %o', (status, overrides) => {
    const [task] = buildTasks(account({ status, ...overrides }), [], NOW);
    expect(task).toMatchObject({ key: 'update-business-details', completed: false, level: 1 });
  });

  it('shows the business details task as completed for a verified account, and offers only delete', () => {
    const [task] = buildTasks(account({ status: 'enabled' }), [], NOW);
    expect(task).toMatchObject({ key: 'update-business-details', completed: true });
    expect(taskActions(task!)).toEqual(['delete']);
  });

  it('has no business details task while the account is pending review', () => {
    expect(buildTasks(account({ status: 'pending' }), [], NOW)).toEqual([]);
  });

  it('offers to go live from a test drive', () => {
    const tasks = buildTasks(account({ status: 'pending', testDrive: true }), [], NOW);
    expect(tasks).toEqual([
      expect.objectContaining({ key: 'go-live-payments', level: 3, dismissible: true, snoozable: true }),
    ]);
  });

  it('names the progressive onboarding task by its stage, so an escalated task comes back', () => {
    const po = { isEnabled: true, isComplete: false, tpv: 0, firstTransactionDate: null };
    const early = buildTasks(
      account({ status: 'pending', created: new Date(NOW).toISOString(), progressiveOnboarding: po }),
      [],
      NOW,
    );
    const late = buildTasks(
      account({
        status: 'pending',
        created: new Date(NOW - 31 * DAY_MS).toISOString(),
        progressiveOnboarding: po,
      }),
      [],
      NOW,
    );
    expect(early[0]).toMatchObject({
      key: 'verify-bank-details-po-after_payment',
      level: 3,
      dismissible: true,
    });
    expect(late[0]).toMatchObject({
      key: 'verify-bank-details-po-no_payment_30_days',
      level: 1,
      dismissible: false,
      snoozable: false,
    });
  });
});

describe('sortTasks', () => {
  it('puts completed tasks last, then orders by level, keeping ties in order', () => {
    const tasks = [
      { key: 'done', completed: true, level: 1 },
      { key: 'low', completed: false, level: 3 },
      { key: 'high-a', completed: false, level: 1 },
      { key: 'mid', completed: false, level: 2 },
      { key: 'high-b', completed: false, level: 1 },
    ];
    expect(sortTasks(tasks).map((task) => task.key)).toEqual(['high-a', 'high-b', 'mid', 'low', 'done']);
  });
});

describe('task choices', () => {
  it('reads the options, ignoring malformed values', () => {
    expect(
      readTaskChoices({
        [DISMISSED_TASKS_OPTION]: ['a', 3],
        [DELETED_TASKS_OPTION]: 'b',
        [SNOOZED_TASKS_OPTION]: { c: NOW, d: 'soon', e: -1 },
      }),
    ).toEqual({ dismissed: ['a'], deleted: [], snoozed: { c: NOW } });
    expect(readTaskChoices({})).toEqual(NO_TASK_CHOICES);
  });

  it('hides dismissed and deleted tasks, and snoozed ones until their time', () => {
    const choices = { dismissed: ['a'], deleted: ['b'], snoozed: { c: NOW + 1, d: NOW } };
    expect(['a', 'b', 'c', 'd', 'e'].filter((key) => isTaskShown(key, choices, NOW))).toEqual(['d', 'e']);
  });

  it('dismisses with an undo that restores the list', () => {
    const choices = { ...NO_TASK_CHOICES, dismissed: ['x'] };
    const change = taskOptionChange('dismiss', 'a', choices, NOW);
    expect(change.apply).toEqual({ [DISMISSED_TASKS_OPTION]: ['x', 'a'] });
    expect(change.undo).toEqual({ [DISMISSED_TASKS_OPTION]: ['x'] });
  });

  it('deletes with an undo', () => {
    const change = taskOptionChange('delete', 'a', NO_TASK_CHOICES, NOW);
    expect(change.apply).toEqual({ [DELETED_TASKS_OPTION]: ['a'] });
    expect(change.undo).toEqual({ [DELETED_TASKS_OPTION]: [] });
  });

  it('snoozes for one day, dropping snoozes that ran out', () => {
    const choices = { ...NO_TASK_CHOICES, snoozed: { old: NOW - 1, other: NOW + 5 } };
    const change = taskOptionChange('snooze', 'a', choices, NOW);
    expect(change.apply).toEqual({ [SNOOZED_TASKS_OPTION]: { other: NOW + 5, a: NOW + TASK_SNOOZE_MS } });
    expect(change.undo).toEqual({ [SNOOZED_TASKS_OPTION]: { other: NOW + 5 } });
  });

  it('keeps a list option within its limit', () => {
    const dismissed = Array.from({ length: TASK_OPTION_MAX_KEYS }, (_, index) => `k${index}`);
    const list = taskOptionChange('dismiss', 'new', { ...NO_TASK_CHOICES, dismissed }, NOW).apply[
      DISMISSED_TASKS_OPTION
    ] as string[];
    expect(list).toHaveLength(TASK_OPTION_MAX_KEYS);
    expect(list.at(-1)).toBe('new');
    expect(list[0]).toBe('k1');
  });

  it('shows the tasks left, sorted', () => {
    const tasks = buildTasks(account({ testDrive: true }), [dispute('dp_a', NOW + 9 * DAY_MS)], NOW);
    const shown = visibleTasks(tasks, { ...NO_TASK_CHOICES, dismissed: ['go-live-payments'] }, NOW);
    expect(shown.map((task) => task.key)).toEqual(['dispute-resolution-dp_a', 'update-business-details']);
  });
});
