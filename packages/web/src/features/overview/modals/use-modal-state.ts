import type { OverviewAccountState } from '@paydesk/domain/overview/query-flags';
import { useQueryValues } from '../../../app/navigation.ts';
import { getSettings } from '../../../lib/bootstrap.ts';
import { useAccount } from '../account/api/get-account.ts';
import { useOverviewOptions } from '../account/api/options.ts';

/** What the Overview's modals decide on: the query, the account and the dismissal options. */
export function useModalInputs() {
  const query = useQueryValues();
  const account = useAccount();
  const options = useOverviewOptions();
  const settings = getSettings();
  if (!account.data || !options.data) return undefined;
  const state: OverviewAccountState = {
    status: account.data.status,
    paymentsEnabled: account.data.paymentsEnabled,
    depositsStatus: account.data.deposits.status,
    testModeOnboarding: settings.testModeOnboarding,
    progressiveOnboarding: account.data.progressiveOnboarding,
  };
  return { query, state, options: options.data };
}
