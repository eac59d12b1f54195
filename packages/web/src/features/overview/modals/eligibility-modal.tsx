import { showsEligibilityModal } from '@paydesk/domain/overview/query-flags';
import { lazy, Suspense } from 'react';
import { useDismissibleModal } from './use-modal-state.ts';

const EligibilityDialog = lazy(() => import('./eligibility-dialog.tsx'));

/**
 * Tells a merchant who came back from the short onboarding form what progressive onboarding
 * means for them; dismissal is stored in `wcpay_onboarding_eligibility_modal_dismissed`.
 */
export function EligibilityModal() {
  const { open, dismiss } = useDismissibleModal(
    'wcpay_onboarding_eligibility_modal_dismissed',
    showsEligibilityModal,
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EligibilityDialog onDismiss={dismiss} />
    </Suspense>
  );
}
