/**
 * The payouts pages' rules (docs/payouts.md): what an amount shows, which notices
 * and schedule controls appear. Messages are plain English; the web wraps them in __().
 */

import { formatFeePercentage } from '../overview/payouts-widget.ts';

/** A payout's amount is shown as its amount plus its fee (what the balance gave). */
export function payoutGrossAmount(payout: { amount: number; fee: number }): number {
  return payout.amount + payout.fee;
}

/** The fee's label, from `fee_percentage`: "Fee (1.5%)", or "Fee" when there is none. */
export function payoutFeeLabel(fee_percentage: number): string {
  return fee_percentage > 0 ? `Fee (${formatFeePercentage(fee_percentage)})` : 'Fee';
}

/** Ids with a non-word character are never fetched. */
export const PAYOUT_ID_PATTERN = /^\w{1,64}$/;

export function isFetchablePayoutId(id: string | null | undefined): id is string {
  return typeof id === 'string' && PAYOUT_ID_PATTERN.test(id);
}

export type ScheduleInterval = 'daily' | 'weekly' | 'monthly' | 'manual';

export interface NextPayoutNoticeInput {
  restrictions: string | null | undefined;
  completedWaitingPeriod: boolean;
  interval: string | null | undefined;
  dismissed: boolean;
  bankAccountStatuses: readonly string[];
}

/** Intervals that make payouts on their own, so a next payout is coming. */
const SCHEDULED_INTERVALS: readonly string[] = ['daily', 'weekly', 'monthly'];

/**
 * The next-payout notice: shown only if payouts are unrestricted, the waiting period is
 * completed, the schedule interval is valid (one that pays out on its own), the notice is not
 * dismissed and no external account is errored.
 */
export function showNextPayoutNotice(input: NextPayoutNoticeInput): boolean {
  return (
    input.restrictions === 'deposits_unrestricted' &&
    input.completedWaitingPeriod &&
    typeof input.interval === 'string' &&
    SCHEDULED_INTERVALS.includes(input.interval) &&
    !input.dismissed &&
    !input.bankAccountStatuses.includes('errored')
  );
}

/** The next-payout notice's text per interval (our wording; docs/payouts.md). */
export const NEXT_PAYOUT_MESSAGES: Readonly<Record<'daily' | 'weekly' | 'monthly', string>> = {
  daily:
    'Your next payout is on its way: available funds are paid out every day and usually reach your bank account within 2 days.',
  weekly:
    'Your next payout is on its way: available funds are paid out every week and usually reach your bank account within 2 days.',
  monthly:
    'Your next payout is on its way: available funds are paid out every month and usually reach your bank account within 2 days.',
};

/** The schedule is shown only when payouts are unrestricted. */
export function showPayoutSchedule(restrictions: string | null | undefined): boolean {
  return restrictions === 'deposits_unrestricted';
}

/** "Change payout schedule" only when payouts are not blocked and the waiting period is complete. */
export function canChangePayoutSchedule(account: {
  deposits_blocked: boolean;
  completed_waiting_period: boolean;
}): boolean {
  return !account.deposits_blocked && account.completed_waiting_period;
}

/** The note on an instant (not automatic) payout's detail page. */
export const INSTANT_PAYOUT_NOTE =
  'Transaction history is unavailable for instant payouts: an instant payout pays out your available balance at once, not a set of transactions.';
