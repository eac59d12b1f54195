import { Accordion, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { __ } from '../../../lib/i18n.ts';

/** The collapsible sandbox panel: a test-drive account on the sandbox processor. */
export function SandboxPanel({
  disabled,
  onEnable,
}: {
  disabled: boolean;
  onEnable: (sampleData: boolean) => void;
}) {
  const [sampleData, setSampleData] = useState(true);
  return (
    <Accordion variant="contained" data-testid="sandbox-panel">
      <Accordion.Item value="sandbox">
        <Accordion.Control>{__("I'm setting up a store for someone else")}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {__(
                'Try payments without verifying a business: sandbox mode takes test cards only and moves no real money. The store owner can verify their business and go live later.',
              )}
            </Text>
            <Checkbox
              checked={sampleData}
              onChange={(event) => setSampleData(event.currentTarget.checked)}
              label={__('Add 90 days of sample payments, payouts and disputes')}
            />
            <Button variant="outline" disabled={disabled} onClick={() => onEnable(sampleData)}>
              {__('Enable sandbox mode')}
            </Button>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
