import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { payouts } from '@paydesk/domain/contracts';
import { payoutNotices, resolveSelectedCurrency } from '@paydesk/domain/overview/payouts-widget';
import { canChangePayoutSchedule } from '@paydesk/domain/payouts/display';
import { payoutStatusDisplay } from '@paydesk/domain/transactions/status';
import { AdminLink } from '../../../components/admin-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { useSearch } from '../../../lib/navigation.ts';
import { useAccount } from '../account/api/get-account.ts';
import { useDepositsOverview } from '../account/api/get-payouts-overview.ts';
import { useRecentPayouts } from '../account/api/list-recent-payouts.ts';
import { CHIP_COLORS, money, storeDate } from '../account/display.ts';

type Overview = payouts.TDepositsOverview;

const WEEKDAYS: Record<string, () => string> = {
  monday: () => __('Monday'),
  tuesday: () => __('Tuesday'),
  wednesday: () => __('Wednesday'),
  thursday: () => __('Thursday'),
  friday: () => __('Friday'),
  saturday: () => __('Saturday'),
  sunday: () => __('Sunday'),
};

function scheduleText(account: Overview['account']): string {
  const schedule = account.deposits_schedule;
  switch (schedule.interval) {
    case 'daily':
      return __('Your payouts are sent automatically every day.');
    case 'weekly': {
      const day = schedule.weekly_anchor ? WEEKDAYS[schedule.weekly_anchor] : undefined;
      return day
        ? sprintf(__('Your payouts are sent automatically every %s.'), day())
        : __('Your payouts are sent automatically every week.');
    }
    case 'monthly':
      return schedule.monthly_anchor
        ? sprintf(
            __('Your payouts are sent automatically on day %d of every month.'),
            schedule.monthly_anchor,
          )
        : __('Your payouts are sent automatically every month.');
    case 'manual':
      return __('Your payouts are made when you ask for them.');
  }
}

/**
 * The Payouts widget: the schedule, the payout notices and the last 3
 * payouts of the selected currency, with links to the payouts pages.
 */
export function PayoutsWidget() {
  const overview = useDepositsOverview();
  const account = useAccount();
  const search = useSearch();
  const data = overview.data;
  const currency = data
    ? resolveSelectedCurrency(
        search.get('selected_currency'),
        data.balance.available.map((b) => b.currency),
        data.account.default_currency,
      )
    : undefined;
  const recent = useRecentPayouts(currency);
  if (!getSettings().isAccountConnected) return null;

  const notices =
    data && currency && account.data
      ? payoutNotices({
          available: data.balance.available.find((b) => b.currency === currency)?.amount ?? 0,
          pending: data.balance.pending.find((b) => b.currency === currency)?.amount ?? 0,
          depositsBlocked: data.account.deposits_blocked,
          depositsEnabled: data.account.deposits_enabled,
          completedWaitingPeriod: data.account.completed_waiting_period,
          bankAccountStatuses: data.account.default_external_accounts
            .filter((bank) => bank.currency === currency)
            .map((bank) => bank.status),
          minimumPayout: account.data.deposits.minimum_scheduled_deposit_amounts[currency] ?? 0,
        })
      : [];
  const canChangeSchedule = data && canChangePayoutSchedule(data.account);
  const minimum = currency ? (account.data?.deposits.minimum_scheduled_deposit_amounts[currency] ?? 0) : 0;

  return (
    <Card withBorder padding="lg" data-testid="payouts-widget">
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h4">
          {__('Payouts')}
        </Title>
        {currency && (
          <Badge variant="default" size="sm">
            {currency.toUpperCase()}
          </Badge>
        )}
      </Group>
      {/* The schedule says when payouts are sent, so it is left out while they are not sent at
          all (not yet verified, or suspended): the notice below says why instead. */}
      {data?.account.deposits_enabled && !data.account.deposits_blocked && (
        <Text size="sm" c="dimmed" mb="md" data-testid="payout-schedule">
          {scheduleText(data.account)}
        </Text>
      )}
      {notices.length > 0 && (
        <Stack gap="xs" mb="md">
          {notices.map((notice) => (
            <Alert
              key={notice.key}
              color={notice.status === 'error' ? 'red' : notice.status === 'warning' ? 'yellow' : 'blue'}
              data-testid="payout-notice"
              data-key={notice.key}
              p="xs"
            >
              <Text size="sm">
                {notice.key === 'below_minimum'
                  ? sprintf(
                      __('Payouts are paused while your available funds balance remains below %s.'),
                      money(minimum, currency ?? ''),
                    )
                  : __(notice.message)}
              </Text>
            </Alert>
          ))}
        </Stack>
      )}
      {overview.isError || recent.isError ? (
        <LoadError
          message={__('Error retrieving payouts.')}
          // The recent payouts wait for the overview's currency, so its failure fails them too.
          onRetry={() => {
            if (overview.isError) void overview.refetch();
            if (recent.isError) void recent.refetch();
          }}
          retrying={overview.isFetching || recent.isFetching}
          testId="payouts-error"
        />
      ) : !recent.data ? (
        <Skeleton h={96} />
      ) : recent.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center" data-testid="payouts-empty">
          {__('No payouts yet. Your payouts will appear here.')}
        </Text>
      ) : (
        <Table
          verticalSpacing="sm"
          horizontalSpacing={6}
          data-testid="recent-payouts"
          aria-label={__('Recent payouts')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{__('Date')}</Table.Th>
              <Table.Th>{__('Status')}</Table.Th>
              <Table.Th ta="right">{__('Amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recent.data.data.map((payout) => {
              const status = payoutStatusDisplay(payout.status, payout.type);
              return (
                <Table.Tr key={payout.id} data-testid="recent-payout">
                  <Table.Td>
                    <Anchor
                      component={AdminLink}
                      path="/payments/payouts/details"
                      query={{ id: payout.id }}
                      size="sm"
                    >
                      {storeDate(payout.date)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={CHIP_COLORS[status.chip]} variant="light" size="sm">
                      {__(status.label)}
                    </Badge>
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    fz="sm"
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {money(payout.amount, payout.currency)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group mt="md" gap="sm">
        <Button component={AdminLink} path="/payments/payouts" variant="default" size="xs">
          {__('View full payouts history')}
        </Button>
        {canChangeSchedule && (
          <Button component="a" href={paymentsSettingsUrl('payout-schedule')} variant="subtle" size="xs">
            {__('Change payout schedule')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
