import { describe, expect, it } from 'vitest';
import { canResetAccount, settingsResetToolShown } from './reset.ts';

describe('the account reset', () => {
  it('takes an account without submitted details, or a test-drive sandbox, nothing else', () => {
    expect(canResetAccount({ details_submitted: false, mode: 'live', is_test_drive: false })).toBe(true);
    expect(canResetAccount({ details_submitted: true, mode: 'test', is_test_drive: true })).toBe(true);
    expect(canResetAccount({ details_submitted: true, mode: 'test', is_test_drive: false })).toBe(false);
    expect(canResetAccount({ details_submitted: true, mode: 'live', is_test_drive: true })).toBe(false);
  });

  it('is offered on the settings page in test mode only', () => {
    const sandbox = { testMode: true, testModeOnboarding: true, detailsSubmitted: true };
    expect(settingsResetToolShown(sandbox)).toBe(true);
    expect(settingsResetToolShown({ ...sandbox, testModeOnboarding: false })).toBe(false);
    expect(settingsResetToolShown({ ...sandbox, testModeOnboarding: false, detailsSubmitted: false })).toBe(
      true,
    );
    // Live: never from the settings page, even while the details are not submitted.
    expect(
      settingsResetToolShown({ testMode: false, testModeOnboarding: false, detailsSubmitted: false }),
    ).toBe(false);
  });
});
