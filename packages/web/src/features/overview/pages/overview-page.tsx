import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { dayPart } from '@paydesk/domain/overview/greeting';
import { getPage, getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

function greeting(firstName: string, hour: number): string {
  const part = dayPart(hour);
  if (!firstName) {
    return { morning: __('Good morning'), afternoon: __('Good afternoon'), evening: __('Good evening') }[
      part
    ];
  }
  return sprintf(
    { morning: __('Good morning, %s'), afternoon: __('Good afternoon, %s'), evening: __('Good evening, %s') }[
      part
    ],
    firstName,
  );
}

/** The Overview: a greeting and where the store stands with its payments account. */
export default function OverviewPage() {
  const settings = getSettings();
  const status = settings.accountStatus.status;
  const hiddenGreeting = status === 'under_review' || (status?.startsWith('rejected') ?? false);
  return (
    <Stack gap="md" data-testid="overview-page">
      {!hiddenGreeting && (
        <Title order={2} size="h3" data-testid="greeting">
          {greeting(getPage().user.first_name, new Date().getHours())}
        </Title>
      )}
      {!settings.isAccountConnected ? (
        <Alert color="blue" title={__('Please complete your setup to process payments.')}>
          {__(
            'Connect your store to a payments account and verify your business to start accepting payments.',
          )}
        </Alert>
      ) : (
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {__('Account status')}
          </Text>
          <Text fw={600}>{status}</Text>
        </Card>
      )}
    </Stack>
  );
}
