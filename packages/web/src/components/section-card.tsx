import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled section of a page in a bordered card: a landmark named by its heading (level 2), so
 * screen readers list it among the page's regions.
 */
export function SectionCard({
  id,
  title,
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}
