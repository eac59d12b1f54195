import { showsConnectionSuccessModal } from '@paydesk/domain/overview/query-flags';
import { lazy, Suspense } from 'react';
import { useDismissibleModal } from './use-modal-state.ts';

const ConnectionSuccessDialog = lazy(() => import('./connection-success-dialog.tsx'));

/**
 * Greets a live account that came back from verification fully activated. Closing it, either
 * way, stores `wcpay_connection_success_modal_dismissed`, so it never opens again.
 */
export function ConnectionSuccessModal() {
  const { open, dismiss } = useDismissibleModal(
    'wcpay_connection_success_modal_dismissed',
    showsConnectionSuccessModal,
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionSuccessDialog onDismiss={dismiss} />
    </Suspense>
  );
}
