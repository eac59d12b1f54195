import { type PoStage, type ProgressiveOnboardingInput, progressiveOnboardingTask } from './escalation.ts';

/**
 * The Overview's task list: which tasks there are, in which order,
 * which of them the merchant has dismissed, deleted or snoozed, and how those choices are kept
 * in the store options. The words of each task are the page's; this module decides the rest.
 */

/** The list shows this many tasks before collapsing the rest. */
export const TASK_LIST_VISIBLE_COUNT = 5;
/** A snoozed task comes back after one day. */
export const TASK_SNOOZE_MS = 86_400_000;
/** The options lists accept at most this many keys (the options contract's own limit). */
export const TASK_OPTION_MAX_KEYS = 200;

/** The store options where the task list keeps the merchant's choices. */
export const DISMISSED_TASKS_OPTION = 'woocommerce_dismissed_todo_tasks';
export const DELETED_TASKS_OPTION = 'woocommerce_deleted_todo_tasks';
export const SNOOZED_TASKS_OPTION = 'woocommerce_remind_me_later_todo_tasks';
export const TASK_OPTION_NAMES = [
  DISMISSED_TASKS_OPTION,
  DELETED_TASKS_OPTION,
  SNOOZED_TASKS_OPTION,
] as const;

/** The time estimates of the business-details and go-live tasks. */
export const BUSINESS_DETAILS_TASK_MINUTES = 2;
export const GO_LIVE_TASK_MINUTES = 10;

/** How close a dispute's response deadline is, for the Overview's dispute tasks. */
export const DISPUTE_LAST_DAY_MS = 86_400_000;
export const DISPUTE_URGENT_MS = 3 * 86_400_000;
export const DISPUTE_LAST_WEEK_MS = 7 * 86_400_000;

export type TaskLevel = 1 | 2 | 3;

/** A dispute awaiting a response as the Overview lists it. `due_by` is an ISO instant. */
export interface DisputeSummaryItem {
  dispute_id: string;
  charge_id: string;
  amount: number;
  currency: string;
  due_by: string;
}

export type DisputeUrgency = 'last_day' | 'urgent' | 'last_week' | 'later';

interface TaskBase {
  key: string;
  level: TaskLevel;
  completed: boolean;
  /** Whether the merchant may hide it for good (a completed task is deleted instead). */
  dismissible: boolean;
  /** Whether the merchant may hide it until tomorrow. */
  snoozable: boolean;
}

export type Task =
  | (TaskBase & { kind: 'complete_registration' })
  | (TaskBase & { kind: 'business_details' })
  | (TaskBase & { kind: 'go_live' })
  | (TaskBase & { kind: 'verify_bank_account'; stage: PoStage; deadline_ms: number })
  | (TaskBase & { kind: 'dispute'; dispute: DisputeSummaryItem; urgency: DisputeUrgency; due_ms: number });

export interface TaskAccountInput {
  isAccountConnected: boolean;
  status: string | null;
  detailsSubmitted: boolean;
  /** A test-drive (sandbox onboarding) account, which can go live. */
  testDrive: boolean;
  pastDue: boolean;
  requirementErrors: number;
  progressiveOnboarding: Omit<ProgressiveOnboardingInput, 'created' | 'currency'>;
  created: string | null;
  /** The currency the lifetime volume is counted in (the account's default currency). */
  currency: string;
}

/** Statuses in which the provider asks for more business details. */
const NEEDS_DETAILS = new Set(['restricted_soon', 'restricted', 'restricted_partially']);
/** Statuses of a verified account. */
const VERIFIED = new Set(['complete', 'enabled']);

/** How close a dispute's response deadline is; a passed deadline is the last day. */
export function disputeUrgency(due_ms: number, now_ms: number): DisputeUrgency {
  const left_ms = due_ms - now_ms;
  if (left_ms <= DISPUTE_LAST_DAY_MS) return 'last_day';
  if (left_ms <= DISPUTE_URGENT_MS) return 'urgent';
  if (left_ms <= DISPUTE_LAST_WEEK_MS) return 'last_week';
  return 'later';
}

const URGENCY_LEVEL: Record<DisputeUrgency, TaskLevel> = { last_day: 1, urgent: 1, last_week: 2, later: 3 };

/** One task per dispute that awaits a response, most pressing first. */
export function disputeTasks(disputes: readonly DisputeSummaryItem[], now_ms: number): Task[] {
  return disputes
    .map((dispute) => ({ dispute, due_ms: Date.parse(dispute.due_by) }))
    .filter(({ due_ms }) => !Number.isNaN(due_ms))
    .sort((a, b) => a.due_ms - b.due_ms || a.dispute.dispute_id.localeCompare(b.dispute.dispute_id))
    .map(({ dispute, due_ms }) => {
      const urgency = disputeUrgency(due_ms, now_ms);
      return {
        kind: 'dispute' as const,
        key: `dispute-resolution-${dispute.dispute_id}`,
        level: URGENCY_LEVEL[urgency],
        completed: false,
        // A response deadline cannot be put aside for good; only until tomorrow, and not on
        // the last day.
        dismissible: false,
        snoozable: urgency !== 'last_day',
        dispute,
        urgency,
        due_ms,
      };
    });
}

/** The business-details task: registration to finish, details to update, or done. */
function businessDetailsTask(account: TaskAccountInput): Task | null {
  if (!account.detailsSubmitted) {
    return {
      kind: 'complete_registration',
      key: 'complete-registration',
      level: 1,
      completed: false,
      dismissible: false,
      snoozable: false,
    };
  }
  const status = account.status ?? '';
  if (NEEDS_DETAILS.has(status) || account.pastDue || account.requirementErrors > 0) {
    return {
      kind: 'business_details',
      key: 'update-business-details',
      level: 1,
      completed: false,
      dismissible: false,
      snoozable: false,
    };
  }
  if (VERIFIED.has(status)) {
    return {
      kind: 'business_details',
      key: 'update-business-details',
      level: 3,
      completed: true,
      dismissible: false,
      snoozable: false,
    };
  }
  return null;
}

/** Every task the account and its disputes call for, unsorted and before the merchant's choices. */
export function buildTasks(
  account: TaskAccountInput,
  disputes: readonly DisputeSummaryItem[],
  now_ms: number,
): Task[] {
  if (!account.isAccountConnected) return [];
  const tasks: Task[] = [];
  const business = businessDetailsTask(account);
  if (business) tasks.push(business);
  if (account.testDrive) {
    tasks.push({
      kind: 'go_live',
      key: 'go-live-payments',
      level: 3,
      completed: false,
      dismissible: true,
      snoozable: true,
    });
  }
  const po = progressiveOnboardingTask(
    { ...account.progressiveOnboarding, created: account.created, currency: account.currency },
    now_ms,
  );
  if (po) {
    tasks.push({
      kind: 'verify_bank_account',
      // The stage is part of the key, so a task put aside at one stage comes back when it escalates.
      key: `verify-bank-details-po-${po.stage}`,
      level: po.level,
      completed: false,
      dismissible: po.level > 1,
      snoozable: po.level > 1,
      stage: po.stage,
      deadline_ms: po.deadline_ms,
    });
  }
  tasks.push(...disputeTasks(disputes, now_ms));
  return tasks;
}

/** Completed tasks last, then by level, most urgent first; ties keep their order. */
export function sortTasks<T extends { completed: boolean; level: number }>(tasks: readonly T[]): T[] {
  return tasks
    .map((task, index) => ({ task, index }))
    .sort(
      (a, b) =>
        Number(a.task.completed) - Number(b.task.completed) ||
        a.task.level - b.task.level ||
        a.index - b.index,
    )
    .map(({ task }) => task);
}

/** The merchant's choices as the store options hold them. */
export interface TaskChoices {
  dismissed: string[];
  deleted: string[];
  /** Task key → epoch milliseconds until which it is snoozed. */
  snoozed: Record<string, number>;
}

export const NO_TASK_CHOICES: TaskChoices = { dismissed: [], deleted: [], snoozed: {} };

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Reads the options answer; a missing or malformed option counts as no choice made. */
export function readTaskChoices(options: Readonly<Record<string, unknown>>): TaskChoices {
  const snoozedValue = options[SNOOZED_TASKS_OPTION];
  const snoozed: Record<string, number> = {};
  if (snoozedValue && typeof snoozedValue === 'object' && !Array.isArray(snoozedValue)) {
    for (const [key, until] of Object.entries(snoozedValue)) {
      if (typeof until === 'number' && Number.isSafeInteger(until) && until >= 0) snoozed[key] = until;
    }
  }
  return {
    dismissed: stringList(options[DISMISSED_TASKS_OPTION]),
    deleted: stringList(options[DELETED_TASKS_OPTION]),
    snoozed,
  };
}

/** Whether a task is shown: not deleted, not dismissed, and not snoozed past now. */
export function isTaskShown(key: string, choices: TaskChoices, now_ms: number): boolean {
  if (choices.deleted.includes(key) || choices.dismissed.includes(key)) return false;
  const until = choices.snoozed[key];
  return until === undefined || until <= now_ms;
}

/** The tasks to show, in list order. */
export function visibleTasks<T extends Task>(tasks: readonly T[], choices: TaskChoices, now_ms: number): T[] {
  return sortTasks(tasks.filter((task) => isTaskShown(task.key, choices, now_ms)));
}

/** Adds a key to a list option, oldest keys dropping out beyond the option's limit. */
function withKey(list: readonly string[], key: string): string[] {
  return [...list.filter((item) => item !== key), key].slice(-TASK_OPTION_MAX_KEYS);
}

export type TaskAction = 'dismiss' | 'delete' | 'snooze';

/** The option update that records an action on a task, and the one that undoes it. */
export interface TaskOptionChange {
  apply: Record<string, unknown>;
  undo: Record<string, unknown>;
}

export function taskOptionChange(
  action: TaskAction,
  key: string,
  choices: TaskChoices,
  now_ms: number,
): TaskOptionChange {
  switch (action) {
    case 'dismiss':
      return {
        apply: { [DISMISSED_TASKS_OPTION]: withKey(choices.dismissed, key) },
        undo: { [DISMISSED_TASKS_OPTION]: choices.dismissed.filter((item) => item !== key) },
      };
    case 'delete':
      return {
        apply: { [DELETED_TASKS_OPTION]: withKey(choices.deleted, key) },
        undo: { [DELETED_TASKS_OPTION]: choices.deleted.filter((item) => item !== key) },
      };
    case 'snooze': {
      // Snoozes that have run out are dropped, so the option does not grow without end.
      const current = Object.fromEntries(
        Object.entries(choices.snoozed).filter(([item, until]) => item !== key && until > now_ms),
      );
      return {
        apply: { [SNOOZED_TASKS_OPTION]: { ...current, [key]: now_ms + TASK_SNOOZE_MS } },
        undo: { [SNOOZED_TASKS_OPTION]: current },
      };
    }
  }
}

/** Which actions a task offers: delete only once it is completed. */
export function taskActions(task: Pick<Task, 'completed' | 'dismissible' | 'snoozable'>): TaskAction[] {
  if (task.completed) return ['delete'];
  const actions: TaskAction[] = [];
  if (task.dismissible) actions.push('dismiss');
  if (task.snoozable) actions.push('snooze');
  return actions;
}
