import { Box, CloseButton, Container, Group, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';

/** Mounted again for every step (it is keyed by the step), so each step starts at the top. */
function ScrollToTop({ frame }: { frame: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    frame.current?.scrollTo?.({ top: 0 });
    window.scrollTo(0, 0);
  }, [frame]);
  return null;
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
  return (
    <Box
      ref={frame}
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
      <ScrollToTop key={scrollKey} frame={frame} />
      <Container size={640} py="xl">
        {children}
      </Container>
    </Box>
  );
}
