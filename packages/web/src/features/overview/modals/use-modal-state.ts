import type { OverviewAccountState } from '@paydesk/domain/overview/query-flags';
import { useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useAccount } from '../account/api/get-account.ts';
import { useOverviewOptions, useUpdateOptions } from '../account/api/options.ts';

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

type ModalInputs = NonNullable<ReturnType<typeof useModalInputs>>;
type DismissalOption =
  | 'wcpay_connection_success_modal_dismissed'
  | 'wcpay_onboarding_eligibility_modal_dismissed';

/**
 * A modal the Overview opens once: `shows` decides from the query and the account, and closing
 * it, either way, stores `option` so it never opens again.
 */
export function useDismissibleModal(
  option: DismissalOption,
  shows: (query: ModalInputs['query'], state: ModalInputs['state'], dismissed: boolean) => boolean,
) {
  const inputs = useModalInputs();
  const update = useUpdateOptions();
  const [closed, setClosed] = useState(false);
  const open = !!inputs && !closed && shows(inputs.query, inputs.state, inputs.options[option] === true);
  const dismiss = () => {
    setClosed(true);
    update.mutate({ [option]: true }, { onError: (error) => createNotice('error', error.message) });
  };
  return { open, dismiss };
}
