import { type ComponentProps, lazy } from 'react';
import { WhenOpen } from './lazy-modal.tsx';

const Dialog = lazy(async () => ({
  default: (await import('./reset-account-dialog.tsx')).ResetAccountDialog,
}));

/** The reset question (reset-account-dialog.tsx), loaded when it opens. */
export function ResetAccountModal(props: ComponentProps<typeof Dialog>) {
  return (
    <WhenOpen opened={props.opened}>
      <Dialog {...props} />
    </WhenOpen>
  );
}
