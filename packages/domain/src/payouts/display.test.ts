import { describe, expect, it } from 'vitest';
import {
  canChangePayoutSchedule,
  isFetchablePayoutId,
  payoutFeeLabel,
  payoutGrossAmount,
  showNextPayoutNotice,
  showPayoutSchedule,
} from './display.ts';

describe('payout display rules', () => {
  it('shows the amount plus the fee, and labels the fee with its percentage', () => {
    expect(payoutGrossAmount({ amount: 9_900, fee: 150 })).toBe(10_050);
    expect(payoutGrossAmount({ amount: -3_000, fee: 0 })).toBe(-3_000);
    expect(payoutFeeLabel(1.5)).toBe('Fee (1.5%)');
    expect(payoutFeeLabel(2)).toBe('Fee (2%)');
    expect(payoutFeeLabel(0)).toBe('Fee');
  });

  it('fetches only ids of word characters', () => {
    expect(isFetchablePayoutId('po_123abc')).toBe(true);
    for (const id of ['po-1', 'po 1', 'po.1', '../x', '', 'x'.repeat(65), null, undefined])
      expect(isFetchablePayoutId(id), String(id)).toBe(false);
  });

  const shown = {
    restrictions: 'deposits_unrestricted',
    completedWaitingPeriod: true,
    interval: 'daily',
    dismissed: false,
    bankAccountStatuses: ['verified'],
  };

  it('shows the next-payout notice only when all five conditions hold', () => {
    expect(showNextPayoutNotice(shown)).toBe(true);
    for (const interval of ['weekly', 'monthly'])
      expect(showNextPayoutNotice({ ...shown, interval })).toBe(true);
    expect(showNextPayoutNotice({ ...shown, restrictions: 'deposits_blocked' })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, restrictions: null })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, completedWaitingPeriod: false })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, interval: 'manual' })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, interval: 'hourly' })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, interval: null })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, dismissed: true })).toBe(false);
    expect(showNextPayoutNotice({ ...shown, bankAccountStatuses: ['verified', 'errored'] })).toBe(false);
  });

  it('shows the schedule for unrestricted payouts and its change link when not blocked and waited', () => {
    expect(showPayoutSchedule('deposits_unrestricted')).toBe(true);
    expect(showPayoutSchedule('deposits_blocked')).toBe(false);
    expect(showPayoutSchedule(null)).toBe(false);
    expect(canChangePayoutSchedule({ deposits_blocked: false, completed_waiting_period: true })).toBe(true);
    expect(canChangePayoutSchedule({ deposits_blocked: true, completed_waiting_period: true })).toBe(false);
    expect(canChangePayoutSchedule({ deposits_blocked: false, completed_waiting_period: false })).toBe(false);
  });
});
