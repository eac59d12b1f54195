import { Anchor, Card, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { WhenOpen } from '../../../components/lazy-modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** The explanation (business-info-dialog.tsx), loaded when it opens. */
const BusinessInfoDialog = lazy(async () => ({
  default: (await import('./business-info-dialog.tsx')).BusinessInfoDialog,
}));

/** Why the set-up asks for personal and business data, and what to have ready. */
export function BusinessInfoBox() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder padding="md">
      <Text size="sm">
        {__(
          'To start accepting payments you will be asked for some details about yourself and your business.',
        )}{' '}
        <Anchor component="button" type="button" size="sm" onClick={open}>
          {__('Learn more')}
        </Anchor>
      </Text>
      <WhenOpen opened={opened}>
        <BusinessInfoDialog opened onClose={close} />
      </WhenOpen>
    </Card>
  );
}
