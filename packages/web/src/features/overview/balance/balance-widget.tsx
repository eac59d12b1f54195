import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  canPayOutInstantly,
  formatFeePercentage,
  resolveSelectedCurrency,
} from '@paydesk/domain/overview/payouts-widget';
import { lazy, Suspense, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { updateQuery, useSearch } from '../../../lib/navigation.ts';
import { useDepositsOverview } from '../account/api/get-payouts-overview.ts';
import { money } from '../account/display.ts';
import classes from '../layout.module.css';

// The confirmation loads when the merchant asks for an instant payout, not with the page.
const InstantPayoutModal = lazy(async () => ({
  default: (await import('./instant-payout-modal.tsx')).InstantPayoutModal,
}));

function Amount({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={600} lh={1.3} className={classes.amount} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The balance per currency: available, pending and instant, with the instant payout.
 * The currency comes from `selected_currency`, which the currency switch also writes.
 */
export function BalanceWidget() {
  const overview = useDepositsOverview();
  const search = useSearch();
  const [instantOpen, setInstantOpen] = useState(false);
  if (!getSettings().isAccountConnected) return null;
  const data = overview.data;
  const currencies = data ? data.balance.available.map((b) => b.currency) : [];
  const currency = data
    ? resolveSelectedCurrency(search.get('selected_currency'), currencies, data.account.default_currency)
    : '';
  const available = data?.balance.available.find((b) => b.currency === currency)?.amount ?? 0;
  const pending = data?.balance.pending.find((b) => b.currency === currency)?.amount ?? 0;
  const instant = data?.balance.instant.find((b) => b.currency === currency);
  const delayDays = data?.account.deposits_schedule.delay_days ?? 0;
  const instantEnabled = canPayOutInstantly(instant);
  return (
    <Card withBorder padding="lg" data-testid="balance-widget" className={classes.widget}>
      <Group justify="space-between" mb="lg">
        <Title order={3} size="h4">
          {__('Balance')}
        </Title>
        {currencies.length > 1 && (
          <SegmentedControl
            size="xs"
            value={currency}
            onChange={(value) => updateQuery({ selected_currency: value }, { replace: true })}
            data={currencies.map((code) => ({ value: code, label: code.toUpperCase() }))}
            aria-label={__('Currency')}
            data-testid="balance-currency"
          />
        )}
      </Group>
      {overview.isError ? (
        <LoadError
          message={__("Error retrieving all payouts' overviews.")}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
          testId="balance-error"
        />
      ) : !data ? (
        <Skeleton h={72} />
      ) : (
        <div className={classes.balances}>
          <Amount
            label={__('Available funds')}
            value={money(available, currency)}
            hint={__('Ready to be paid out to your bank account.')}
            testId="balance-available"
          />
          <Amount
            label={__('Pending funds')}
            value={money(pending, currency)}
            hint={sprintf(
              _n('Available %d day after the payment.', 'Available %d days after each payment.', delayDays),
              delayDays,
            )}
            testId="balance-pending"
          />
          {/* The instant payout is offered only when there is something to pay out now: an
              empty balance offers nothing ("Pay out $0.00 now"), so the offer is left out. */}
          {instantEnabled && instant && (
            <Stack gap={6} data-testid="balance-instant">
              <Text size="sm" c="dimmed" fw={500}>
                {__('Instant payout')}
              </Text>
              <div>
                <Button onClick={() => setInstantOpen(true)} data-testid="instant-payout-button">
                  {sprintf(__('Pay out %s now'), money(instant.amount, currency))}
                </Button>
              </div>
              <Text size="xs" c="dimmed">
                {sprintf(
                  __('Arrives in about 30 minutes for a %s fee.'),
                  formatFeePercentage(instant.fee_percentage),
                )}
              </Text>
            </Stack>
          )}
        </div>
      )}
      {instantOpen && instant && (
        <Suspense fallback={null}>
          <InstantPayoutModal instant={instant} onClose={() => setInstantOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
