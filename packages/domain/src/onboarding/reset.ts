/**
 * Whether the merchant may reset the account (the reset button's condition): one
 * whose business details were never submitted, or a sandbox made by test-mode onboarding (the
 * test drive). The server refuses any other reset; the pages offer it only then.
 */
export function canResetAccount(account: {
  details_submitted: boolean;
  mode: string;
  is_test_drive: boolean;
}): boolean {
  return !account.details_submitted || (account.mode === 'test' && account.is_test_drive);
}

/**
 * The settings page's reset tool is shown only in test mode, and only for an account
 * the reset takes. `testModeOnboarding` is the page data's test mode and test drive together.
 */
export function settingsResetToolShown(page: {
  testMode: boolean;
  testModeOnboarding: boolean;
  detailsSubmitted: boolean;
}): boolean {
  return (
    page.testMode &&
    canResetAccount({
      details_submitted: page.detailsSubmitted,
      mode: 'test',
      is_test_drive: page.testModeOnboarding,
    })
  );
}
