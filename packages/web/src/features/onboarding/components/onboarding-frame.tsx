import { Box, CloseButton, Container, Group, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';

/**
 * Mounted again for every step (it is keyed by the step), so each step starts at the top, with
 * the focus on its heading (or the frame when it has none yet), which a screen reader reads.
 */
function StepStart({ frame }: { frame: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const node = frame.current;
    node?.scrollTo?.({ top: 0 });
    window.scrollTo(0, 0);
    const heading = node?.querySelector<HTMLElement>('h1, h2, h3, h4, h5');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    } else node?.focus({ preventScroll: true });
  }, [frame]);
  return null;
}

/**
 * The admin beneath the frame is hidden from view: it is made inert too, so Tab and a screen
 * reader stay in the frame. Modals and notices live outside the app's root and stay usable.
 */
function useInertBeneath() {
  useLayoutEffect(() => {
    const app = document.getElementById('root');
    if (!app) return;
    const before = app.inert;
    app.inert = true;
    return () => {
      app.inert = before;
    };
  }, []);
}

/**
 * The full-screen frame of the onboarding pages: it covers the admin shell, so the merchant
 * sees one task at a time, with a close button that leaves the onboarding. `scrollKey`
 * changes when the step changes, which scrolls back to the top.
 */
export function OnboardingFrame({
  onClose,
  scrollKey,
  children,
  testId,
}: {
  onClose: () => void;
  scrollKey: string;
  children: ReactNode;
  testId: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useInertBeneath();
  // Outside the app's root, which is inert while the frame covers it.
  return createPortal(
    <Box
      ref={frame}
      tabIndex={-1}
      data-testid={testId}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 250,
        overflowY: 'auto',
        background: 'var(--mantine-color-gray-0)',
      }}
    >
      <Group
        justify="space-between"
        px="lg"
        py="sm"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={700}>{getSettings().siteTitle}</Text>
        <CloseButton aria-label={__('Close')} onClick={onClose} data-testid="onboarding-close" />
      </Group>
      <StepStart key={scrollKey} frame={frame} />
      <Container size={640} py="xl">
        {children}
      </Container>
    </Box>,
    document.body,
  );
}
