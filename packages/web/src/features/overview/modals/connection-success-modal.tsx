import { showsConnectionSuccessModal } from '@paydesk/domain/overview/query-flags';
import { lazy, Suspense, useState } from 'react';
import { createNotice } from '../../../lib/notices.tsx';
import { useUpdateOptions } from '../account/api/options.ts';
import { useModalInputs } from './use-modal-state.ts';

const ConnectionSuccessDialog = lazy(() => import('./connection-success-dialog.tsx'));

/**
 * Greets a live account that came back from verification fully activated. Closing it, either
 * way, stores `wcpay_connection_success_modal_dismissed`, so it never opens again.
 */
export function ConnectionSuccessModal() {
  const inputs = useModalInputs();
  const update = useUpdateOptions();
  const [closed, setClosed] = useState(false);
  const open =
    !!inputs &&
    !closed &&
    showsConnectionSuccessModal(
      inputs.query,
      inputs.state,
      inputs.options.wcpay_connection_success_modal_dismissed === true,
    );
  const dismiss = () => {
    setClosed(true);
    update.mutate(
      { wcpay_connection_success_modal_dismissed: true },
      { onError: (error) => createNotice('error', error.message) },
    );
  };
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionSuccessDialog onDismiss={dismiss} />
    </Suspense>
  );
}
