import { Alert, Button } from '@mantine/core';
import { AdminLink } from '../../../components/admin-link.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';

/** Before the store has an account, the Overview has nothing to show but the way to connect. */
export function SetupNotice() {
  if (getSettings().isAccountConnected) return null;
  return (
    <Alert
      color="blue"
      title={__('Please complete your setup to process payments.')}
      data-testid="setup-notice"
    >
      <Button component={AdminLink} path="/payments/connect" size="xs" mt="xs">
        {__('Connect')}
      </Button>
    </Alert>
  );
}
