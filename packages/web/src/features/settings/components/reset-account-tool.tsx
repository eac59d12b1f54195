import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ResetAccountModal } from '../../../components/reset-account-modal.tsx';
import { resetAccountUrl } from '../../../lib/connect-url.ts';
import { __ } from '../../../lib/i18n.ts';

/**
 * The reset-account tool, which the settings page shows only for a sandbox (test
 * mode) account. Confirming goes to the connect URL with wcpay-reset-account=true.
 */
export function ResetAccountTool() {
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Text size="sm">
        {__(
          'Want to start over? Resetting deletes the sandbox account and its test payments, payouts and disputes, and you can set up payments again.',
        )}
      </Text>
      <Group>
        <Button variant="default" color="red" onClick={() => setAsking(true)} loading={leaving}>
          {__('Reset sandbox account')}
        </Button>
      </Group>
      <ResetAccountModal
        opened={asking}
        testMode
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setLeaving(true);
          // The setup starts over, so the reset is its source.
          window.location.assign(resetAccountUrl('wcpay-reset-account'));
        }}
      />
    </>
  );
}
