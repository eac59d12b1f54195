import { describe, expect, it } from 'vitest';
import {
  type OverviewAccountState,
  QUERY_FLAG_MESSAGES,
  queryFlagNotices,
  showsConnectionSuccessModal,
  showsEligibilityModal,
} from './query-flags.ts';

const LIVE: OverviewAccountState = {
  status: 'complete',
  paymentsEnabled: true,
  depositsStatus: 'enabled',
  testModeOnboarding: false,
  progressiveOnboarding: { isEnabled: false, isComplete: false },
};
const PO_OPEN: OverviewAccountState = {
  ...LIVE,
  status: 'restricted_soon',
  progressiveOnboarding: { isEnabled: true, isComplete: false },
};
const NOT_DISMISSED = { connectionSuccessDismissed: false, eligibilityDismissed: false };
const keys = (query: Record<string, string>, account = LIVE, modals = NOT_DISMISSED) =>
  queryFlagNotices(query, account, modals).map((n) => n.key);

describe('queryFlagNotices', () => {
  it('shows nothing without flags, or with flags of the wrong value', () => {
    expect(keys({})).toEqual([]);
    expect(
      keys({
        'wcpay-loan-offer-error': 'true',
        'wcpay-server-link-error': '0',
        'wcpay-reset-account-error': 'yes',
        'wcpay-login-error': '',
        'wcpay-sandbox-success': '1',
      }),
    ).toEqual([]);
  });

  it('shows each error flag with its message', () => {
    const notices = queryFlagNotices(
      {
        'wcpay-loan-offer-error': '1',
        'wcpay-server-link-error': '1',
        'wcpay-reset-account-error': '1',
        'wcpay-login-error': '1',
      },
      LIVE,
      NOT_DISMISSED,
    );
    expect(notices.map((n) => [n.key, n.status])).toEqual([
      ['login_error', 'error'],
      ['loan_offer_error', 'error'],
      ['server_link_error', 'error'],
      ['reset_account_error', 'error'],
    ]);
    expect(notices[1]!.message).toBe(
      'There was a problem redirecting you to the loan offer. Please check that it is not expired and try again.',
    );
    expect(QUERY_FLAG_MESSAGES.login_error).toBe(
      'There was a problem redirecting you to the account dashboard. Please try again.',
    );
  });

  it('shows the sandbox success only once the account is usable', () => {
    const query = { 'wcpay-sandbox-success': 'true' };
    expect(keys(query)).toEqual(['sandbox_success']);
    expect(keys(query, { ...LIVE, status: 'enabled' })).toEqual(['sandbox_success']);
    expect(keys(query, { ...LIVE, status: 'pending_verification' })).toEqual([]);
    expect(keys(query, { ...LIVE, status: null })).toEqual([]);
  });

  it('lets a modal speak for the connection flag, else shows its notice', () => {
    const query = { 'wcpay-connection-success': '1' };
    expect(keys(query)).toEqual([]);
    expect(keys(query, PO_OPEN)).toEqual([]);
    expect(keys(query, LIVE, { ...NOT_DISMISSED, connectionSuccessDismissed: true })).toEqual([
      'connection_success',
    ]);
    expect(keys(query, { ...LIVE, testModeOnboarding: true })).toEqual(['connection_success']);
  });
});

describe('showsConnectionSuccessModal', () => {
  const query = { 'wcpay-connection-success': '1' };
  it('opens for a fully activated live account until dismissed', () => {
    expect(showsConnectionSuccessModal(query, LIVE, false)).toBe(true);
    expect(showsConnectionSuccessModal(query, LIVE, true)).toBe(false);
    expect(showsConnectionSuccessModal({}, LIVE, false)).toBe(false);
  });
  it('stays closed for a sandbox, disabled payments or payouts, or unfinished onboarding', () => {
    expect(showsConnectionSuccessModal(query, { ...LIVE, testModeOnboarding: true }, false)).toBe(false);
    expect(showsConnectionSuccessModal(query, { ...LIVE, paymentsEnabled: false }, false)).toBe(false);
    expect(showsConnectionSuccessModal(query, { ...LIVE, depositsStatus: 'blocked' }, false)).toBe(false);
    expect(showsConnectionSuccessModal(query, PO_OPEN, false)).toBe(false);
    const poDone = { ...LIVE, progressiveOnboarding: { isEnabled: true, isComplete: true } };
    expect(showsConnectionSuccessModal(query, poDone, false)).toBe(true);
  });
});

describe('showsEligibilityModal', () => {
  const query = { 'wcpay-connection-success': '1' };
  it('opens after the connection flag while progressive onboarding is unfinished', () => {
    expect(showsEligibilityModal(query, PO_OPEN, false)).toBe(true);
    expect(showsEligibilityModal(query, PO_OPEN, true)).toBe(false);
    expect(showsEligibilityModal({}, PO_OPEN, false)).toBe(false);
    expect(showsEligibilityModal(query, LIVE, false)).toBe(false);
  });
});
