import { formatStoreDate, formatStoreDateTime } from '@paydesk/domain/date-format';
import { DISPUTE_CHALLENGE_PATH } from '@paydesk/domain/disputes/paths';
import { formatCurrency, fromMajorUnits } from '@paydesk/domain/money/format';
import { PO_TPV_THRESHOLD } from '@paydesk/domain/overview/escalation';
import {
  BUSINESS_DETAILS_TASK_MINUTES,
  GO_LIVE_TASK_MINUTES,
  type Task,
} from '@paydesk/domain/overview/tasks';
import { DAY_MS } from '@paydesk/domain/time';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl } from '../../../lib/navigation.ts';

/** What the page shows of a task: its words, its estimate and where its action goes. */
export interface TaskContent {
  title: string;
  content: string;
  /** A short badge beside the title, for deadlines. */
  badge?: string;
  time?: string;
  actionLabel: string;
  /** An admin page (moves within the app) or another URL (the connect flow). */
  action: { path: string; query?: Record<string, string> } | { url: string };
  /**
   * The action leaves the sandbox, deleting its account and test data: it asks first, with the
   * same modal as the account card's "Set up live payments".
   */
  confirmLiveActivation?: { source: string };
}

function minutes(count: number): string {
  return sprintf(_n('%d minute', '%d minutes', count), count);
}

function storeDate(epoch_ms: number): string {
  const settings = getSettings();
  return formatStoreDate(Math.floor(epoch_ms / 1000), settings.dateFormat, settings.timezone);
}

function storeDateTime(epoch_ms: number): string {
  return formatStoreDateTime(Math.floor(epoch_ms / 1000), getSettings());
}

const KYC = { path: '/payments/onboarding/kyc' };
const PAYOUT_REQUIREMENTS = {
  path: '/payments/onboarding/kyc',
  query: { collect_payout_requirements: 'true' },
};

function bankAccountContent(task: Extract<Task, { kind: 'verify_bank_account' }>): TaskContent {
  const settings = getSettings();
  const deadline = storeDate(task.deadline_ms);
  const threshold = formatCurrency(
    fromMajorUnits(String(PO_TPV_THRESHOLD), settings.storeCurrency),
    settings.storeCurrency,
    settings.locale,
  );
  const common = {
    time: minutes(BUSINESS_DETAILS_TASK_MINUTES),
    actionLabel: __('Verify bank details'),
    action: PAYOUT_REQUIREMENTS,
  };
  switch (task.stage) {
    case 'after_payment':
      return {
        ...common,
        title: __('Verify your bank account to start receiving payouts'),
        content: sprintf(
          __('Add and verify your bank details by %s to receive payouts and keep accepting payments.'),
          deadline,
        ),
      };
    case 'no_payment_14_days':
      return {
        ...common,
        title: __('Verify your bank account before your first payment'),
        content: sprintf(__('Finish verifying by %s, or accepting payments will pause.'), deadline),
      };
    case 'no_payment_30_days':
      return {
        ...common,
        title: __('Payments are paused until you verify your bank account'),
        content: __('Verify your bank details to start accepting payments again.'),
      };
    case 'balance_rising':
      return {
        ...common,
        title: __('Your balance is growing: verify your bank account'),
        content: sprintf(__('Verify your bank details by %s so your payouts can start.'), deadline),
      };
    case 'near_threshold':
      return {
        ...common,
        title: __('You are close to the limit for unverified accounts'),
        content: sprintf(
          __('Payments pause at %1$s until the bank account is verified. Verify it by %2$s.'),
          threshold,
          deadline,
        ),
      };
    case 'threshold_reached':
      return {
        ...common,
        title: __('Verify your bank account to keep accepting payments'),
        content: sprintf(
          __(
            'You have reached %s in payments or the end of the early-selling period. Verify your bank details now.',
          ),
          threshold,
        ),
      };
  }
}

function disputeContent(task: Extract<Task, { kind: 'dispute' }>, now_ms: number): TaskContent {
  const settings = getSettings();
  const amount = formatCurrency(task.dispute.amount, task.dispute.currency, settings.locale);
  const daysLeft = Math.max(1, Math.ceil((task.due_ms - now_ms) / DAY_MS));
  const badge =
    task.urgency === 'last_day'
      ? __('Last day today')
      : task.urgency === 'urgent'
        ? sprintf(_n('%d day left', '%d days left', daysLeft), daysLeft)
        : undefined;
  return {
    title: sprintf(__('Respond to a dispute for %s'), amount),
    content: sprintf(__('Respond by %s.'), storeDateTime(task.due_ms)),
    ...(badge ? { badge } : {}),
    actionLabel: __('Respond now'),
    action: { path: DISPUTE_CHALLENGE_PATH, query: { id: task.dispute.dispute_id } },
  };
}

/** The words and action of a task, in the store's formats. */
export function taskContent(task: Task, now_ms: number): TaskContent {
  const settings = getSettings();
  switch (task.kind) {
    case 'complete_registration':
      return {
        title: __('Finish verifying your business'),
        content: __('Payments and payouts are disabled until your business details are submitted.'),
        time: minutes(BUSINESS_DETAILS_TASK_MINUTES),
        actionLabel: __('Finish verification'),
        action: KYC,
      };
    case 'business_details':
      return {
        title: __('Verify your business details'),
        content: task.completed
          ? __('Your business details are verified.')
          : __('The payments provider needs more information about your business to keep payouts running.'),
        time: minutes(BUSINESS_DETAILS_TASK_MINUTES),
        actionLabel: __('Update details'),
        action: KYC,
      };
    case 'go_live':
      return {
        title: __('Set up live payments'),
        content: __('This store is in a test drive. Verify your business to accept real payments.'),
        time: minutes(GO_LIVE_TASK_MINUTES),
        actionLabel: __('Go live'),
        action: {
          url: `${settings.connectUrl}${settings.connectUrl.includes('?') ? '&' : '?'}wcpay-disable-onboarding-test-mode=true`,
        },
        confirmLiveActivation: { source: 'wcpay-overview-task' },
      };
    case 'verify_bank_account':
      return bankAccountContent(task);
    case 'dispute':
      return disputeContent(task, now_ms);
  }
}

/** The href of a task's action. */
export function taskHref(content: TaskContent): string {
  return 'url' in content.action
    ? content.action.url
    : getAdminUrl(content.action.path, content.action.query);
}
