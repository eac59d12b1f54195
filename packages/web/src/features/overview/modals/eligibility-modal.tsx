import { showsEligibilityModal } from '@paydesk/domain/overview/query-flags';
import { lazy, Suspense, useState } from 'react';
import { createNotice } from '../../../lib/notices.tsx';
import { useUpdateOptions } from '../account/api/options.ts';
import { useModalInputs } from './use-modal-state.ts';

const EligibilityDialog = lazy(() => import('./eligibility-dialog.tsx'));

/**
 * Tells a merchant who came back from the short onboarding form what progressive onboarding
 * means for them; dismissal is stored in `wcpay_onboarding_eligibility_modal_dismissed`.
 */
export function EligibilityModal() {
  const inputs = useModalInputs();
  const update = useUpdateOptions();
  const [closed, setClosed] = useState(false);
  const open =
    !!inputs &&
    !closed &&
    showsEligibilityModal(
      inputs.query,
      inputs.state,
      inputs.options.wcpay_onboarding_eligibility_modal_dismissed === true,
    );
  const dismiss = () => {
    setClosed(true);
    update.mutate(
      { wcpay_onboarding_eligibility_modal_dismissed: true },
      { onError: (error) => createNotice('error', error.message) },
    );
  };
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EligibilityDialog onDismiss={dismiss} />
    </Suspense>
  );
}
