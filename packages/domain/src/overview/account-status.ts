import type { ChipType } from '../transactions/status.ts';

/**
 * The account status card: the account status labels and the payouts status. Labels are
 * plain English; the web wraps them in __().
 */

export interface ProgressiveOnboardingState {
  isEnabled: boolean;
  isComplete: boolean;
}

export interface StatusDisplay {
  label: string;
  chip: ChipType;
}

/** Rejected accounts carry a reason after the dot: `rejected.fraud`, `rejected.terms_of_service`. */
export function isRejectedStatus(status: string | null | undefined): boolean {
  return !!status && (status === 'rejected' || status.startsWith('rejected.'));
}

/**
 * Rejected or under-review accounts hide the greeting, the inbox and the
 * notifications banner, since there is nothing the merchant can act on there.
 */
export function hidesGreetingInboxAndNotifications(status: string | null | undefined): boolean {
  return status === 'under_review' || isRejectedStatus(status);
}

const SHOWN_AS_SUCH: Readonly<Record<string, StatusDisplay>> = {
  complete: { label: 'Complete', chip: 'success' },
  enabled: { label: 'Enabled', chip: 'success' },
  restricted_soon: { label: 'Restricted soon', chip: 'warning' },
  restricted_partially: { label: 'Restricted partially', chip: 'warning' },
  restricted: { label: 'Restricted', chip: 'alert' },
  under_review: { label: 'Under review', chip: 'light' },
};

/**
 * The status chip of the account: 'Pending' while verification is pending, and also while a
 * progressive onboarding that is not complete keeps the account restricted (the merchant has
 * not finished, nothing is wrong yet).
 */
export function accountStatusDisplay(
  status: string | null | undefined,
  progressiveOnboarding: ProgressiveOnboardingState = { isEnabled: false, isComplete: false },
): StatusDisplay {
  if (!status) return { label: 'Unknown', chip: 'light' };
  const poPending =
    progressiveOnboarding.isEnabled && !progressiveOnboarding.isComplete && status.startsWith('restricted');
  if (status === 'pending_verification' || poPending) return { label: 'Pending', chip: 'light' };
  if (isRejectedStatus(status)) return { label: 'Rejected', chip: 'alert' };
  return Object.hasOwn(SHOWN_AS_SUCH, status) ? SHOWN_AS_SUCH[status]! : { label: 'Unknown', chip: 'light' };
}

/** Payments are either taken or not. */
export function paymentsStatusDisplay(paymentsEnabled: boolean): StatusDisplay {
  return paymentsEnabled ? { label: 'Enabled', chip: 'success' } : { label: 'Disabled', chip: 'light' };
}

/** The payouts status: the payouts state first, then the schedule's kind. */
export function payoutsStatusDisplay(
  depositsStatus: string | null | undefined,
  interval: string | null | undefined,
): StatusDisplay {
  if (depositsStatus === 'blocked' || depositsStatus === 'under_review') {
    return { label: 'Temporarily suspended', chip: 'alert' };
  }
  if (depositsStatus === 'pending_verification') return { label: 'Pending verification', chip: 'light' };
  if (depositsStatus === 'disabled') return { label: 'Disabled', chip: 'light' };
  if (interval === 'manual') return { label: 'Manual', chip: 'success' };
  if (interval === 'daily' || interval === 'weekly' || interval === 'monthly') {
    return { label: 'Automatic', chip: 'success' };
  }
  return { label: 'Unknown', chip: 'light' };
}
