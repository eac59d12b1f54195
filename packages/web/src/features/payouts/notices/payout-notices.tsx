import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { payoutsStatusDisplay } from '@paydesk/domain/overview/account-status';
import { payoutNotices } from '@paydesk/domain/overview/payouts-widget';
import {
  canChangePayoutSchedule,
  NEXT_PAYOUT_MESSAGES,
  showNextPayoutNotice,
  showPayoutSchedule,
} from '@paydesk/domain/payouts/display';
import { money } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useAccountStatus, useDepositsOverview } from '../api/get-payout-state.ts';
import { useDismissNextPayoutNotice, useNextPayoutNoticeDismissed } from '../api/next-payout-notice.ts';

const NOTICE_COLORS = { error: 'red', warning: 'yellow', info: 'blue' } as const;

/**
 * Above the payout history: the payout schedule and its change link, the payout notices
 * (suspended, failed payout, first payout held, negative or too small a balance, …) for each
 * currency the account holds, and the dismissible next-payout notice.
 */
export function PayoutNotices() {
  const overview = useDepositsOverview();
  const account = useAccountStatus();
  const dismissed = useNextPayoutNoticeDismissed();
  const dismiss = useDismissNextPayoutNotice();
  if (overview.isError || account.isError)
    return <Alert color="red">{__("Error retrieving all payouts' overviews.")}</Alert>;
  if (!overview.data || !account.data) return <Skeleton h={64} />;

  const deposits = account.data.deposits;
  const state = overview.data.account;
  const currencies = overview.data.balance.available.map((balance) => balance.currency);
  const notices = currencies.flatMap((currency) =>
    payoutNotices({
      available: overview.data.balance.available.find((b) => b.currency === currency)?.amount ?? 0,
      pending: overview.data.balance.pending.find((b) => b.currency === currency)?.amount ?? 0,
      depositsBlocked: state.deposits_blocked,
      depositsEnabled: state.deposits_enabled,
      completedWaitingPeriod: state.completed_waiting_period,
      bankAccountStatuses: state.default_external_accounts
        .filter((bank) => bank.currency === currency)
        .map((bank) => bank.status),
      minimumPayout: deposits.minimum_scheduled_deposit_amounts[currency] ?? 0,
    }).map((notice) => ({ ...notice, currency })),
  );
  // An account-wide notice (suspension, the first payout's hold) is said once, not per currency.
  const seen = new Set<string>();
  const shown = notices.filter((notice) => {
    const perCurrency =
      notice.key === 'below_minimum' || notice.key === 'negative_balance' || notice.key === 'no_funds';
    const key = perCurrency ? `${notice.key}:${notice.currency}` : notice.key;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const interval = state.deposits_schedule.interval;
  const nextNotice =
    dismissed.data !== undefined &&
    showNextPayoutNotice({
      restrictions: deposits.restrictions,
      completedWaitingPeriod: state.completed_waiting_period,
      interval,
      dismissed: dismissed.data,
      bankAccountStatuses: state.default_external_accounts.map((bank) => bank.status),
    });
  const schedule = payoutsStatusDisplay(deposits.status, interval);

  return (
    <Stack gap="sm" data-testid="payout-notices">
      {showPayoutSchedule(deposits.restrictions) && (
        <Card withBorder padding="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" data-testid="payout-schedule">
              {__('Payout schedule:')}{' '}
              <Text component="span" fw={600}>
                {__(schedule.label)}
              </Text>
            </Text>
            {canChangePayoutSchedule(state) && (
              <Anchor href={paymentsSettingsUrl('payout-schedule')} size="sm" data-testid="change-schedule">
                {__('Change payout schedule')}
              </Anchor>
            )}
          </Group>
        </Card>
      )}
      {shown.map((notice) => (
        <Alert
          key={`${notice.key}:${notice.currency}`}
          color={NOTICE_COLORS[notice.status]}
          data-testid="payout-notice"
          data-key={notice.key}
          role={notice.status === 'error' ? 'alert' : undefined}
        >
          <Text size="sm">
            {notice.key === 'below_minimum'
              ? sprintf(
                  __('Payouts are paused while your available funds balance remains below %s.'),
                  money(deposits.minimum_scheduled_deposit_amounts[notice.currency] ?? 0, notice.currency),
                )
              : __(notice.message)}
          </Text>
        </Alert>
      ))}
      {nextNotice && interval !== 'manual' && (
        <Alert color="blue" data-testid="next-payout-notice">
          <Group justify="space-between" align="flex-start">
            <Text size="sm" style={{ flex: '1 1 16rem' }}>
              {__(NEXT_PAYOUT_MESSAGES[interval])}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              loading={dismiss.isPending}
              onClick={() =>
                dismiss.mutate(undefined, {
                  onError: (error) => {
                    console.error('The notice was not dismissed', error);
                    createNotice('error', __('The notice could not be dismissed. Please try again.'));
                  },
                })
              }
            >
              {__('Dismiss')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
