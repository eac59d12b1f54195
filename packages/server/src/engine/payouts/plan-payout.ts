import { appError, assert, INSTANT_PAYOUT_MIN_FEE_MINOR, percentOfMinor } from '@paydesk/domain';
import {
  IN_TRANSIT_AFTER_MS,
  INSTANT_ARRIVAL_MS,
  STANDARD_ARRIVAL_MS,
} from '@paydesk/domain/payouts/arrival';
import type { ExternalAccount } from '../../db/schema.ts';
import type { Account } from '../accounts.ts';
import { type Effects, emptyEffects } from '../effects.ts';
import type { IdSource } from '../ids.ts';

/** The smallest scheduled payout when the account sets no minimum for the currency. */
export const DEFAULT_MINIMUM_PAYOUT_MINOR = 100;

/** What a payout reads of a ledger row: the planners see only rows no payout has swept. */
export interface UnsweptRow {
  id: string;
  currency: string;
  net: number;
  available_on: Date;
}

export type PayoutAccount = Pick<
  Account,
  | 'id'
  | 'payouts_enabled'
  | 'deposits_blocked'
  | 'deposit_schedule_interval'
  | 'deposit_weekly_anchor'
  | 'deposit_monthly_anchor'
  | 'deposit_minimum_amounts'
  | 'external_accounts'
  | 'instant_payout_fee_bp'
>;

export type SkipReason =
  | 'payouts_disabled'
  | 'deposits_blocked'
  | 'not_a_payout_day'
  | 'no_bank_account'
  | 'bank_account_errored'
  | 'not_positive'
  | 'below_minimum';

export interface PayoutPlan {
  effects: Effects;
  /** Currencies (or `*` for the whole account) that were not paid out, and why. */
  skipped: { currency: string; reason: SkipReason; amount?: number }[];
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * Whether the schedule pays out on `now`'s UTC day. Weekly payouts fall on the anchor weekday
 * (Monday when none is set); monthly ones on the anchor day, or the month's last day when the
 * month is shorter (anchor 31 in February pays on the 28th or 29th); manual never.
 */
export function isPayoutDay(
  account: Pick<Account, 'deposit_schedule_interval' | 'deposit_weekly_anchor' | 'deposit_monthly_anchor'>,
  now: Date,
): boolean {
  switch (account.deposit_schedule_interval) {
    case 'daily':
      return true;
    case 'weekly':
      return WEEKDAYS[now.getUTCDay()] === (account.deposit_weekly_anchor ?? 'monday').toLowerCase();
    case 'monthly': {
      const anchor = account.deposit_monthly_anchor ?? 1;
      const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
      return now.getUTCDate() === Math.min(anchor, lastDay);
    }
    case 'manual':
      return false;
  }
}

/** The account's bank account for a currency, if it has one. */
export function bankAccountFor(
  account: Pick<Account, 'external_accounts'>,
  currency: string,
): ExternalAccount | undefined {
  return account.external_accounts.find((bank) => bank.currency.toLowerCase() === currency);
}

export function minimumPayoutAmount(
  account: Pick<Account, 'deposit_minimum_amounts'>,
  currency: string,
): number {
  return account.deposit_minimum_amounts[currency] ?? DEFAULT_MINIMUM_PAYOUT_MINOR;
}

/** Ten digits taken from the payout id, so a seeded id source gives the same reference. */
function bankReferenceKey(payoutId: string): string {
  let digits = '';
  for (const ch of payoutId.slice(payoutId.indexOf('_') + 1)) digits += String(ch.charCodeAt(0) % 10);
  return `STRIPE TEST ${digits.slice(-10).padStart(10, '0')}`;
}

function sumNet(rows: readonly UnsweptRow[]): number {
  return rows.reduce((total, row) => total + row.net, 0);
}

function groupByCurrency(rows: readonly UnsweptRow[], now: Date): Map<string, UnsweptRow[]> {
  const groups = new Map<string, UnsweptRow[]>();
  for (const row of rows) {
    // A row that is not available yet stays in the pending balance, whatever the caller passed.
    if (row.available_on.getTime() > now.getTime()) continue;
    const group = groups.get(row.currency) ?? [];
    group.push(row);
    groups.set(row.currency, group);
  }
  return groups;
}

interface NewPayout {
  currency: string;
  rows: readonly UnsweptRow[];
  fee: number;
  fee_percentage_bp: number;
  method: 'standard' | 'instant';
  bank: ExternalAccount;
}

/** One payout: its row, the sweep of its ledger rows, and the jobs that move it along. */
function addPayout(effects: Effects, input: NewPayout, accountId: string, now: Date, ids: IdSource): string {
  const id = ids.next('po');
  const swept = sumNet(input.rows);
  const instant = input.method === 'instant';
  const arrival = new Date(now.getTime() + (instant ? INSTANT_ARRIVAL_MS : STANDARD_ARRIVAL_MS));
  assert(swept - input.fee > 0, 'a payout pays a positive amount');
  effects.payouts.push({
    id,
    account_id: accountId,
    type: 'deposit',
    method: input.method,
    automatic: !instant,
    amount: swept - input.fee,
    fee: input.fee,
    fee_percentage_bp: input.fee_percentage_bp,
    currency: input.currency,
    status: instant ? 'in_transit' : 'pending',
    arrival_date: arrival,
    bank_account: JSON.stringify({
      bank_name: input.bank.bank_name,
      last4: input.bank.last4,
      currency: input.bank.currency,
    }),
    bank_reference_key: bankReferenceKey(id),
    created_at: now,
  });
  effects.sweeps.push({ payout_id: id, txn_ids: input.rows.map((row) => row.id) });
  if (!instant) {
    effects.jobs.push({
      kind: 'payout.in_transit',
      payload: JSON.stringify({ payout_id: id }),
      run_at: new Date(now.getTime() + IN_TRANSIT_AFTER_MS),
      unique_key: `payout.in_transit:${id}`,
    });
  }
  effects.jobs.push({
    kind: 'payout.paid',
    payload: JSON.stringify({ payout_id: id }),
    run_at: arrival,
    unique_key: `payout.paid:${id}`,
  });
  return id;
}

/** Why an account cannot be paid out in a currency at all, if it cannot. */
function blockedReason(account: PayoutAccount, currency: string): SkipReason | undefined {
  if (!account.payouts_enabled) return 'payouts_disabled';
  if (account.deposits_blocked) return 'deposits_blocked';
  const bank = bankAccountFor(account, currency);
  if (!bank) return 'no_bank_account';
  if (bank.status === 'errored') return 'bank_account_errored';
  return undefined;
}

/**
 * Plans the scheduled payouts of one day: per currency, every available row no payout has swept
 * is paid out together, when the schedule pays out today, payouts are enabled and not blocked,
 * the currency's bank account has not failed, and the sum reaches the account's minimum. A
 * negative or too small sum waits for later days.
 */
export function planPayout(
  rows: readonly UnsweptRow[],
  account: PayoutAccount,
  now: Date,
  ids: IdSource,
): PayoutPlan {
  const effects = emptyEffects();
  const skipped: PayoutPlan['skipped'] = [];
  if (!account.payouts_enabled) return { effects, skipped: [{ currency: '*', reason: 'payouts_disabled' }] };
  if (account.deposits_blocked) return { effects, skipped: [{ currency: '*', reason: 'deposits_blocked' }] };
  if (!isPayoutDay(account, now))
    return { effects, skipped: [{ currency: '*', reason: 'not_a_payout_day' }] };
  for (const [currency, group] of groupByCurrency(rows, now)) {
    const amount = sumNet(group);
    const reason =
      blockedReason(account, currency) ??
      (amount <= 0
        ? 'not_positive'
        : amount < minimumPayoutAmount(account, currency)
          ? 'below_minimum'
          : undefined);
    if (reason) {
      skipped.push({ currency, reason, amount });
      continue;
    }
    const bank = bankAccountFor(account, currency);
    assert(bank, 'a payable currency has a bank account');
    addPayout(
      effects,
      { currency, rows: group, fee: 0, fee_percentage_bp: 0, method: 'standard', bank },
      account.id,
      now,
      ids,
    );
  }
  return { effects, skipped };
}

/** What an instant payout of an available amount would cost and pay. */
export interface InstantQuote {
  amount: number;
  fee: number;
  net: number;
  /** In percent, as the balance shows it: 150 bp is 1.5. */
  fee_percentage: number;
}

/**
 * The instant payout fee: the account's instant rate of the amount (rounded half up), at least
 * the domain's minimum instant fee. An amount the fee would swallow is not instantly payable,
 * so it quotes as zero and the page disables the button.
 */
export function quoteInstantPayout(available: number, feeBp: number): InstantQuote {
  const fee_percentage = feeBp / 100;
  if (available <= 0) return { amount: 0, fee: 0, net: 0, fee_percentage };
  const fee = Math.max(percentOfMinor(available, feeBp), INSTANT_PAYOUT_MIN_FEE_MINOR);
  if (fee >= available) return { amount: 0, fee: 0, net: 0, fee_percentage };
  return { amount: available, fee, net: available - fee, fee_percentage };
}

/**
 * Plans an instant payout of a currency: sweeps every available unswept row now and pays the
 * sum less the fee. Refuses, with reasons a merchant can act on, when nothing can be paid.
 */
export function planInstantPayout(
  rows: readonly UnsweptRow[],
  account: PayoutAccount,
  currency: string,
  now: Date,
  ids: IdSource,
): { effects: Effects; payout_id: string; quote: InstantQuote } {
  const reason = blockedReason(account, currency);
  if (reason === 'bank_account_errored') throw appError('wcpay_payouts_paused');
  if (reason === 'no_bank_account') {
    throw appError('wcpay_no_bank_account', { args: [currency.toUpperCase()] });
  }
  if (reason) throw appError('wcpay_payouts_unavailable');
  const group = groupByCurrency(rows, now).get(currency) ?? [];
  const available = sumNet(group);
  const quote = quoteInstantPayout(available, account.instant_payout_fee_bp);
  if (available <= 0) {
    throw appError('wcpay_instant_payout_no_balance', { args: [currency.toUpperCase()] });
  }
  if (quote.amount === 0) {
    throw appError('wcpay_instant_payout_too_small', { args: [currency.toUpperCase()] });
  }
  const bank = bankAccountFor(account, currency);
  assert(bank, 'a payable currency has a bank account');
  const effects = emptyEffects();
  const payout_id = addPayout(
    effects,
    {
      currency,
      rows: group,
      fee: quote.fee,
      fee_percentage_bp: account.instant_payout_fee_bp,
      method: 'instant',
      bank,
    },
    account.id,
    now,
    ids,
  );
  return { effects, payout_id, quote };
}
