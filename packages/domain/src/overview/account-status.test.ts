import { describe, expect, it } from 'vitest';
import {
  accountStatusDisplay,
  hidesGreetingInboxAndNotifications,
  isRejectedStatus,
  paymentsStatusDisplay,
  payoutsStatusDisplay,
} from './account-status.ts';

const PO_OPEN = { isEnabled: true, isComplete: false };
const PO_DONE = { isEnabled: true, isComplete: true };

describe('accountStatusDisplay', () => {
  it.each([
    ['complete', 'Complete'],
    ['enabled', 'Enabled'],
    ['restricted_soon', 'Restricted soon'],
    ['pending_verification', 'Pending'],
    ['restricted_partially', 'Restricted partially'],
    ['restricted', 'Restricted'],
    ['rejected.fraud', 'Rejected'],
    ['rejected.terms_of_service', 'Rejected'],
    ['rejected', 'Rejected'],
    ['under_review', 'Under review'],
    ['pending', 'Unknown'],
    ['constructor', 'Unknown'],
    ['', 'Unknown'],
  ])('labels %s as %s', (status, label) => {
    expect(accountStatusDisplay(status).label).toBe(label);
  });

  it('labels a restricted account with an unfinished progressive onboarding as Pending', () => {
    expect(accountStatusDisplay('restricted', PO_OPEN).label).toBe('Pending');
    expect(accountStatusDisplay('restricted_soon', PO_OPEN).label).toBe('Pending');
    expect(accountStatusDisplay('restricted_partially', PO_OPEN).label).toBe('Pending');
    // Complete onboarding, or a status that is not restricted, keeps its own label.
    expect(accountStatusDisplay('restricted', PO_DONE).label).toBe('Restricted');
    expect(accountStatusDisplay('complete', PO_OPEN).label).toBe('Complete');
  });

  it('has no label for a missing status but Unknown', () => {
    expect(accountStatusDisplay(null)).toEqual({ label: 'Unknown', chip: 'light' });
  });

  it('colours problems red and success green', () => {
    expect(accountStatusDisplay('complete').chip).toBe('success');
    expect(accountStatusDisplay('restricted').chip).toBe('alert');
    expect(accountStatusDisplay('rejected.other').chip).toBe('alert');
  });
});

describe('hidesGreetingInboxAndNotifications', () => {
  it('hides for under review and every rejection', () => {
    expect(hidesGreetingInboxAndNotifications('under_review')).toBe(true);
    expect(hidesGreetingInboxAndNotifications('rejected.fraud')).toBe(true);
    expect(hidesGreetingInboxAndNotifications('rejected')).toBe(true);
  });
  it('shows for every other status', () => {
    for (const status of [
      'complete',
      'enabled',
      'restricted',
      'restricted_soon',
      'pending_verification',
      null,
    ]) {
      expect(hidesGreetingInboxAndNotifications(status)).toBe(false);
    }
    expect(isRejectedStatus('rejectedish')).toBe(false);
  });
});

describe('paymentsStatusDisplay', () => {
  it('is Enabled or Disabled', () => {
    expect(paymentsStatusDisplay(true).label).toBe('Enabled');
    expect(paymentsStatusDisplay(false).label).toBe('Disabled');
  });
});

describe('payoutsStatusDisplay', () => {
  it.each([
    ['blocked', 'daily', 'Temporarily suspended'],
    ['under_review', 'manual', 'Temporarily suspended'],
    ['pending_verification', 'daily', 'Pending verification'],
    ['disabled', 'daily', 'Disabled'],
    ['enabled', 'daily', 'Automatic'],
    ['enabled', 'weekly', 'Automatic'],
    ['enabled', 'monthly', 'Automatic'],
    ['enabled', 'manual', 'Manual'],
    [null, 'daily', 'Automatic'],
    ['enabled', 'hourly', 'Unknown'],
  ])('status %s with a %s schedule is %s', (status, interval, label) => {
    expect(payoutsStatusDisplay(status, interval).label).toBe(label);
  });
});
