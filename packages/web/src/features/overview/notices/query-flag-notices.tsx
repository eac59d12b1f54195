import { Alert, Stack } from '@mantine/core';
import { type OverviewAccountState, queryFlagNotices } from '@paydesk/domain/overview/query-flags';
import { useEffect, useRef } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useAccount } from '../account/api/get-account.ts';
import { useOverviewOptions } from '../account/api/options.ts';

/**
 * The banners and notices of the query flags other pages redirect to the Overview with.
 * Errors stay on the page as banners; successes appear once as notices.
 */
export function QueryFlagNotices() {
  const query = useQueryValues();
  const settings = getSettings();
  const account = useAccount();
  const options = useOverviewOptions();
  const shown = useRef(new Set<string>());

  const state: OverviewAccountState = {
    status: account.data?.status ?? settings.accountStatus.status,
    paymentsEnabled: account.data?.paymentsEnabled ?? settings.accountStatus.paymentsEnabled,
    depositsStatus: account.data?.deposits.status ?? null,
    testModeOnboarding: settings.testModeOnboarding,
    progressiveOnboarding: account.data?.progressiveOnboarding ?? { isEnabled: false, isComplete: false },
  };
  // Until the account and options are read, the modals' conditions are unknown.
  const ready = (!settings.isAccountConnected || account.isSuccess) && options.isSuccess;
  const notices = ready
    ? queryFlagNotices(query, state, {
        connectionSuccessDismissed: options.data?.wcpay_connection_success_modal_dismissed === true,
        eligibilityDismissed: options.data?.wcpay_onboarding_eligibility_modal_dismissed === true,
      })
    : [];
  const successes = notices.filter((n) => n.status === 'success');
  const errors = notices.filter((n) => n.status === 'error');
  const loginError = query['wcpay-login-error'] === '1';

  useEffect(() => {
    for (const notice of successes) {
      if (shown.current.has(notice.key)) continue;
      shown.current.add(notice.key);
      createNotice('success', __(notice.message), { id: `overview-${notice.key}` });
    }
  });

  // The server's own error message about the account takes the login error's place.
  const serverError = settings.errorMessage;
  if (errors.length === 0 && !serverError) return null;
  return (
    <Stack gap="xs" data-testid="query-flag-notices">
      {serverError && (
        <Alert color="red" data-testid="overview-error">
          {serverError}
        </Alert>
      )}
      {errors
        .filter((notice) => !(serverError && loginError && notice.key === 'login_error'))
        .map((notice) => (
          <Alert key={notice.key} color="red" data-testid="overview-error">
            {__(notice.message)}
          </Alert>
        ))}
    </Stack>
  );
}
