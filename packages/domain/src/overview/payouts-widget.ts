/**
 * The Balance and Payouts widgets of the Overview: the balance per currency, the instant payout
 * and the payout notices. Messages are plain English; the web wraps them in __().
 */

export interface InstantBalance {
  amount: number;
  fee: number;
  net: number;
  fee_percentage: number;
  currency: string;
}

/** The instant payout button is disabled when the instant amount is 0. */
export function canPayOutInstantly(instant: InstantBalance | undefined): boolean {
  return !!instant && Number.isSafeInteger(instant.amount) && instant.amount > 0;
}

/**
 * A fee percentage as the page prints it: 1.5 → "1.5%", 2 → "2%". The server gives percent with
 * at most two decimals (basis points / 100), so rounding to two places loses nothing.
 */
export function formatFeePercentage(fee_percentage: number): string {
  const rounded = Math.round(fee_percentage * 100) / 100;
  return `${rounded}%`;
}

/**
 * The currency the widgets show: the one named by `selected_currency` when the account has a
 * balance in it, else the account's default currency, else the first one with a balance.
 */
export function resolveSelectedCurrency(
  requested: string | null | undefined,
  available: readonly string[],
  defaultCurrency: string,
): string {
  const wanted = requested?.toLowerCase();
  const lower = available.map((c) => c.toLowerCase());
  if (wanted && lower.includes(wanted)) return wanted;
  if (lower.includes(defaultCurrency.toLowerCase())) return defaultCurrency.toLowerCase();
  return lower[0] ?? defaultCurrency.toLowerCase();
}

export type PayoutNoticeKey =
  | 'suspended'
  | 'awaiting_verification'
  | 'payout_failed'
  | 'first_payout_held'
  | 'negative_balance'
  | 'below_minimum'
  | 'no_funds';

export interface PayoutNotice {
  key: PayoutNoticeKey;
  status: 'warning' | 'error' | 'info';
  /** Plain English; `below_minimum` carries a %s for the formatted minimum. */
  message: string;
}

export const PAYOUT_NOTICE_MESSAGES: Readonly<Record<PayoutNoticeKey, string>> = {
  suspended: 'Your payouts are temporarily suspended. Payments are still accepted and your balance is kept.',
  awaiting_verification:
    'Payouts are paused until your business details are verified. Payments are still accepted and your balance is kept until then.',
  payout_failed:
    'Payouts are currently paused because a recent payout failed. Please update your bank account details.',
  first_payout_held:
    'Your first payout will be held for 7-14 days. After that, payouts follow your payout schedule.',
  negative_balance: 'Payouts may be interrupted while your available balance remains negative.',
  below_minimum: 'Payouts are paused while your available funds balance remains below %s.',
  no_funds:
    'You have no funds available for payout yet. Pending funds become available after the payout delay.',
};

export interface PayoutNoticeInput {
  /** The currency's available and pending balance, minor units. */
  available: number;
  pending: number;
  depositsBlocked: boolean;
  /** Whether the account may be paid out at all: not until its business details are verified. */
  depositsEnabled: boolean;
  completedWaitingPeriod: boolean;
  /** Status of the bank accounts payouts go to; `errored` after a failed payout. */
  bankAccountStatuses: readonly string[];
  /** The smallest scheduled payout of the currency, minor units. */
  minimumPayout: number;
}

/**
 * The payout notices that apply, most serious first. A suspension, payouts not yet enabled (an
 * account whose business details are not verified) or a failed payout explains everything else, so the notices about balances are left out then; the
 * first-payout hold explains an empty available balance, so `no_funds` is left out during it.
 */
export function payoutNotices(input: PayoutNoticeInput): PayoutNotice[] {
  const notices: PayoutNotice[] = [];
  const add = (key: PayoutNoticeKey, status: PayoutNotice['status']) =>
    notices.push({ key, status, message: PAYOUT_NOTICE_MESSAGES[key] });
  if (input.depositsBlocked) add('suspended', 'warning');
  else if (!input.depositsEnabled) add('awaiting_verification', 'info');
  if (input.bankAccountStatuses.includes('errored')) add('payout_failed', 'error');
  if (notices.length > 0) return notices;
  if (!input.completedWaitingPeriod) add('first_payout_held', 'info');
  if (input.available < 0) add('negative_balance', 'warning');
  else if (input.available > 0 && input.available < input.minimumPayout) add('below_minimum', 'info');
  else if (input.available === 0 && input.pending > 0 && input.completedWaitingPeriod)
    add('no_funds', 'info');
  return notices;
}

/** The widget lists the 3 most recent payouts. */
export const RECENT_PAYOUTS_SHOWN = 3;
