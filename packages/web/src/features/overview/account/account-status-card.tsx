import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  accountStatusDisplay,
  paymentsStatusDisplay,
  payoutsStatusDisplay,
  type StatusDisplay,
} from '@paydesk/domain/overview/account-status';
import { useState } from 'react';
import { LiveActivationModal } from '../../../components/live-activation-modal.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import classes from '../layout.module.css';
import { useAccount } from './api/get-account.ts';
import { CHIP_COLORS } from './display.ts';

function StatusItem({ label, display, testId }: { label: string; display: StatusDisplay; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={6}>
        <Badge color={CHIP_COLORS[display.chip]} variant="light" size="lg" data-testid={testId}>
          {__(display.label)}
        </Badge>
      </Group>
    </Stack>
  );
}

/** The account status card: account, payments and payouts status. */
export function AccountStatusCard() {
  const settings = getSettings();
  const account = useAccount();
  const [activating, setActivating] = useState(false);
  if (!settings.isAccountConnected) return null;
  const data = account.data;
  return (
    <Card withBorder padding="lg" data-testid="account-status-card" className={classes.widget}>
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          {__('Account details')}
        </Title>
        {data?.testMode && (
          <Group gap="sm">
            <Badge color="orange" variant="outline">
              {__('Test mode')}
            </Badge>
            {/* A sandbox account goes live by leaving the sandbox and verifying the business. */}
            <Button size="xs" onClick={() => setActivating(true)} data-testid="activate-live-payments">
              {__('Set up live payments')}
            </Button>
          </Group>
        )}
      </Group>
      {account.isError ? (
        <Alert color="red">{__('Error determining the connection status.')}</Alert>
      ) : !data ? (
        <Skeleton h={48} />
      ) : (
        <div className={classes.statuses}>
          <StatusItem
            label={__('Account status')}
            display={accountStatusDisplay(data.status, data.progressiveOnboarding)}
            testId="account-status"
          />
          <StatusItem
            label={__('Payments')}
            display={paymentsStatusDisplay(data.paymentsEnabled)}
            testId="payments-status"
          />
          <StatusItem
            label={__('Payouts')}
            display={payoutsStatusDisplay(data.deposits.status, data.deposits.interval)}
            testId="payouts-status"
          />
        </div>
      )}
      <LiveActivationModal opened={activating} source="wcpay-overview" onClose={() => setActivating(false)} />
    </Card>
  );
}
