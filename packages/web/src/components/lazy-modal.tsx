import { type ReactNode, Suspense } from 'react';

/**
 * Shows a lazily loaded modal only while it is open: its code (Mantine's modal, its focus trap,
 * what it shows) loads when it first opens, not with the page, so a page that only may ask a
 * question keeps it out of its first load. The modal gives the focus back to its trigger as it
 * unmounts (components/modal.tsx).
 */
export function WhenOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
