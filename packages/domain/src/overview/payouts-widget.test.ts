import { describe, expect, it } from 'vitest';
import {
  canPayOutInstantly,
  formatFeePercentage,
  type PayoutNoticeInput,
  payoutNotices,
  resolveSelectedCurrency,
} from './payouts-widget.ts';

describe('canPayOutInstantly', () => {
  const instant = { amount: 10_000, fee: 150, net: 9_850, fee_percentage: 1.5, currency: 'usd' };
  it('allows an instant payout of a positive amount', () => {
    expect(canPayOutInstantly(instant)).toBe(true);
  });
  it('disables it at 0, below 0, or without an instant balance', () => {
    expect(canPayOutInstantly({ ...instant, amount: 0 })).toBe(false);
    expect(canPayOutInstantly({ ...instant, amount: -5 })).toBe(false);
    expect(canPayOutInstantly(undefined)).toBe(false);
    expect(canPayOutInstantly({ ...instant, amount: Number.NaN })).toBe(false);
  });
});

describe('formatFeePercentage', () => {
  it.each([
    [1.5, '1.5%'],
    [2, '2%'],
    [0.75, '0.75%'],
    [1.499999999, '1.5%'],
  ])('%d is %s', (value, text) => {
    expect(formatFeePercentage(value)).toBe(text);
  });
});

describe('resolveSelectedCurrency', () => {
  const currencies = ['eur', 'gbp', 'usd'];
  it('takes the requested currency when the account has it, in any case', () => {
    expect(resolveSelectedCurrency('EUR', currencies, 'usd')).toBe('eur');
    expect(resolveSelectedCurrency('gbp', currencies, 'usd')).toBe('gbp');
  });
  it('falls back to the default currency, then the first one', () => {
    expect(resolveSelectedCurrency('jpy', currencies, 'usd')).toBe('usd');
    expect(resolveSelectedCurrency(null, currencies, 'USD')).toBe('usd');
    expect(resolveSelectedCurrency(undefined, ['eur'], 'usd')).toBe('eur');
    expect(resolveSelectedCurrency(undefined, [], 'usd')).toBe('usd');
  });
});

describe('payoutNotices', () => {
  const base: PayoutNoticeInput = {
    available: 10_000,
    pending: 5_000,
    depositsBlocked: false,
    depositsEnabled: true,
    completedWaitingPeriod: true,
    bankAccountStatuses: ['verified'],
    minimumPayout: 500,
  };
  const keys = (input: Partial<PayoutNoticeInput>) => payoutNotices({ ...base, ...input }).map((n) => n.key);

  it('shows nothing for a healthy account', () => {
    expect(keys({})).toEqual([]);
  });
  it('says payouts are suspended, alone', () => {
    expect(keys({ depositsBlocked: true, available: -5 })).toEqual(['suspended']);
  });
  it('says payouts wait for the verification of an unverified account, alone', () => {
    expect(keys({ depositsEnabled: false, completedWaitingPeriod: false, available: 0 })).toEqual([
      'awaiting_verification',
    ]);
    // A suspension says more than the missing verification.
    expect(keys({ depositsEnabled: false, depositsBlocked: true })).toEqual(['suspended']);
  });
  it('says a failed payout paused payouts, in the notice’s words', () => {
    const notices = payoutNotices({ ...base, bankAccountStatuses: ['verified', 'errored'] });
    expect(notices).toEqual([
      {
        key: 'payout_failed',
        status: 'error',
        message:
          'Payouts are currently paused because a recent payout failed. Please update your bank account details.',
      },
    ]);
  });
  it('holds the first payout until the waiting period is complete', () => {
    expect(keys({ completedWaitingPeriod: false, available: 0 })).toEqual(['first_payout_held']);
  });
  it('warns about a negative balance', () => {
    expect(keys({ available: -1 })).toEqual(['negative_balance']);
  });
  it('explains a balance below the minimum payout, not at it', () => {
    expect(keys({ available: 499 })).toEqual(['below_minimum']);
    expect(keys({ available: 500 })).toEqual([]);
  });
  it('says there are no funds yet while all of them are pending', () => {
    expect(keys({ available: 0 })).toEqual(['no_funds']);
    expect(keys({ available: 0, pending: 0 })).toEqual([]);
  });
});
