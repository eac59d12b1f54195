import { type ComponentProps, lazy } from 'react';
import { WhenOpen } from '../../../components/lazy-modal.tsx';

const Dialog = lazy(async () => ({
  default: (await import('./unsupported-country-dialog.tsx')).UnsupportedCountryDialog,
}));

/** The supported countries' list (unsupported-country-dialog.tsx), loaded when it opens. */
export function UnsupportedCountryModal(props: ComponentProps<typeof Dialog>) {
  return (
    <WhenOpen opened={props.opened}>
      <Dialog {...props} />
    </WhenOpen>
  );
}
