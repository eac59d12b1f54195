import { toMajorUnits } from '../money/format.ts';
import { DAY_MS } from '../time.ts';

/**
 * Progressive onboarding lets a merchant take payments before verifying the bank account; the
 * Overview's task asks for that verification more urgently as time passes and volume grows
 * (docs/overview.md, Task list texts).
 */

/** The payout threshold of an unverified account, in major units of the currency. */
export const PO_TPV_THRESHOLD = 5000;
/** Volume (major units) at which the balance is "rising": 20% of the threshold. */
export const PO_BALANCE_RISING_TPV = 1000;
/** Volume (major units) at which the account is "near the threshold": 60% of it. */
export const PO_NEAR_THRESHOLD_TPV = 3000;
/** Days since the first payment for each stage, beside the volume rule. */
export const PO_BALANCE_RISING_DAYS = 7;
export const PO_NEAR_THRESHOLD_DAYS = 21;
export const PO_THRESHOLD_REACHED_DAYS = 30;
/** First-payment reminders at 14 and 30 days after the account was created. */
export const PO_NO_PAYMENT_REMINDER_DAYS = 14;
export const PO_NO_PAYMENT_FINAL_DAYS = 30;
/** The early-selling window, counted from the first payment (or the creation). */
export const PO_EARLY_SELLING_WINDOW_DAYS = 30;

export type PoStage =
  | 'after_payment'
  | 'no_payment_14_days'
  | 'no_payment_30_days'
  | 'balance_rising'
  | 'near_threshold'
  | 'threshold_reached';

export interface PoTaskState {
  stage: PoStage;
  /** 1 is the most urgent, 3 the least. */
  level: 1 | 2 | 3;
  /** When the early-selling window ends: 30 days after the first payment, or the creation. */
  deadline_ms: number;
}

export interface ProgressiveOnboardingInput {
  isEnabled: boolean;
  isComplete: boolean;
  /** Lifetime volume in minor units of `currency`. */
  tpv: number;
  currency: string;
  /** ISO instant of the first payment, or null before it. */
  firstTransactionDate: string | null;
  /** ISO instant the account was created. */
  created: string | null;
}

/** Whole days from `from` to `now`, as a calendar-free count of 24-hour periods. */
export function elapsedDays(from_ms: number, now_ms: number): number {
  return Math.floor((now_ms - from_ms) / DAY_MS);
}

/** Volume in major units (dollars, not cents; yen as they are), compared to the thresholds. */
function majorUnits(amount_minor: number, currency: string): number {
  return Number(toMajorUnits(amount_minor, currency));
}

/**
 * The stage of the verify-bank-account task, or null when there is none to show: progressive
 * onboarding is off, complete, or the creation date is unknown.
 *
 * Without a first payment: under 14 days since creation, the after-payment task (level 3);
 * 14 days or more, no_payment_14_days (level 2); 30 days or more, no_payment_30_days (level 1).
 * With a first payment: the after-payment task first; balance_rising (level 2) at a volume of
 * 1000 or more or after 7 days; near_threshold (level 1) at 3000 or 21 days; threshold_reached
 * (level 1) at 5000 or 30 days. The later stage wins when several apply.
 */
export function progressiveOnboardingTask(
  input: ProgressiveOnboardingInput,
  now_ms: number,
): PoTaskState | null {
  if (!input.isEnabled || input.isComplete || !input.created) return null;
  const created_ms = Date.parse(input.created);
  if (Number.isNaN(created_ms)) return null;
  const first_ms = input.firstTransactionDate ? Date.parse(input.firstTransactionDate) : Number.NaN;

  if (Number.isNaN(first_ms)) {
    const days = elapsedDays(created_ms, now_ms);
    const deadline_ms = created_ms + PO_EARLY_SELLING_WINDOW_DAYS * DAY_MS;
    if (days >= PO_NO_PAYMENT_FINAL_DAYS) return { stage: 'no_payment_30_days', level: 1, deadline_ms };
    if (days >= PO_NO_PAYMENT_REMINDER_DAYS) return { stage: 'no_payment_14_days', level: 2, deadline_ms };
    return { stage: 'after_payment', level: 3, deadline_ms };
  }

  const days = elapsedDays(first_ms, now_ms);
  const volume = majorUnits(input.tpv, input.currency);
  const deadline_ms = first_ms + PO_EARLY_SELLING_WINDOW_DAYS * DAY_MS;
  if (volume >= PO_TPV_THRESHOLD || days >= PO_THRESHOLD_REACHED_DAYS) {
    return { stage: 'threshold_reached', level: 1, deadline_ms };
  }
  if (volume >= PO_NEAR_THRESHOLD_TPV || days >= PO_NEAR_THRESHOLD_DAYS) {
    return { stage: 'near_threshold', level: 1, deadline_ms };
  }
  if (volume >= PO_BALANCE_RISING_TPV || days >= PO_BALANCE_RISING_DAYS) {
    return { stage: 'balance_rising', level: 2, deadline_ms };
  }
  return { stage: 'after_payment', level: 3, deadline_ms };
}
