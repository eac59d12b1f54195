import { Alert, Button, List, Text } from '@mantine/core';
import type { onboarding } from '@paydesk/domain/contracts';
import { verificationMessages } from '@paydesk/domain/onboarding/verification';
import { AdminLink } from '../../../components/admin-link.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { storeDate } from '../account/display.ts';

/**
 * What verification still needs, and by when. Loaded only when the account has something to
 * say, since the friendly messages of every verification error code are a sizeable table.
 */
export default function NotificationsBannerBody({ account }: { account: onboarding.TAccountStatus }) {
  const messages = verificationMessages(account.requirements.errors);
  const deadline = account.currentDeadline;
  const urgent = account.pastDue || messages.length > 0;
  return (
    <Alert
      color={urgent ? 'red' : 'yellow'}
      title={
        account.pastDue
          ? __('Your account has overdue verification requirements.')
          : __('Your account needs more information.')
      }
      data-testid="notifications-banner"
    >
      {messages.length > 0 && (
        <List size="sm" mb="xs">
          {messages.map((message) => (
            <List.Item key={message}>{__(message)}</List.Item>
          ))}
        </List>
      )}
      {deadline !== null && (
        <Text size="sm" mb="xs">
          {sprintf(
            __(
              'Please provide the requested information by %s to keep accepting payments and receiving payouts.',
            ),
            storeDate(deadline * 1000),
          )}
        </Text>
      )}
      <Button component={AdminLink} path="/payments/onboarding/kyc" size="xs" variant="white" color="dark">
        {__('Update details')}
      </Button>
    </Alert>
  );
}
