import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatStoreDate } from '@paydesk/domain/date-format';
import { formatCurrency } from '@paydesk/domain/money/format';
import {
  isPeriodPreset,
  type LocalRange,
  PERIOD_PRESETS,
  type PeriodPreset,
  parseLocalDateTime,
  presetRange,
  type ReportTile,
  reportLinkQuery,
} from '@paydesk/domain/overview/payment-activity';
import type { MouseEvent } from 'react';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate, updateQuery, useSearch } from '../../../lib/navigation.ts';
import classes from '../layout.module.css';
import { useAccountStatus } from '../tasks/api/get-account-status.ts';
import { usePaymentActivity } from './api/get-payment-activity.ts';
import { usePeriodPreset } from './use-period.ts';
import { VolumeChart } from './volume-chart.tsx';

const PRESET_LABELS: Record<PeriodPreset, () => string> = {
  today: () => __('Today'),
  last_7_days: () => __('Last 7 days'),
  last_4_weeks: () => __('Last 4 weeks'),
  last_3_months: () => __('Last 3 months'),
  last_12_months: () => __('Last 12 months'),
  month_to_date: () => __('Month to date'),
  quarter_to_date: () => __('Quarter to date'),
  year_to_date: () => __('Year to date'),
  all_time: () => __('All time'),
};

/** A wall-clock date of the store in its date format (the wall clock is read as UTC, so no zone moves it). */
function localDate(text: string): string {
  const local = parseLocalDateTime(text);
  if (!local) return text;
  return formatStoreDate(
    Date.UTC(local.year, local.month - 1, local.day) / 1000,
    getSettings().dateFormat,
    'UTC',
  );
}

function Tile({
  label,
  amount,
  currency,
  hint,
  report,
  range,
  large = false,
}: {
  label: string;
  amount: number;
  currency: string;
  hint?: string;
  report?: ReportTile;
  range: LocalRange;
  large?: boolean;
}) {
  const { path = '', ...query } = report ? reportLinkQuery(report, range) : {};
  const href = report ? getAdminUrl(path, query) : '';
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <Stack
      gap={2}
      miw={0}
      className={large ? classes.figureTotal : undefined}
      data-testid={`activity-${report ?? 'fees'}`}
    >
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text
        fw={600}
        lh={1.3}
        className={`${classes.amount} ${classes.figureAmount}`}
        data-testid="activity-amount"
      >
        {formatCurrency(amount, currency, getSettings().locale)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {report && (
        <Anchor href={href} onClick={follow} size="sm" data-testid="activity-report-link">
          {__('View report')}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * Payment activity: the figures of a period in one deposit currency, each with a
 * link to its report, and the volume across the period. Shows an empty state until the store has
 * taken a payment; the currency selector shows only with more than one deposit currency.
 */
export default function PaymentActivityWidget() {
  const settings = getSettings();
  const account = useAccountStatus();
  const search = useSearch();
  const [preset, setPreset] = usePeriodPreset();
  const created = account.data?.created ? Date.parse(account.data.created) : null;
  const range = presetRange(preset, Date.now(), settings.timezone, created);
  const selected = search.get('selected_currency');
  const currency = selected && /^[A-Za-z]{3}$/.test(selected) ? selected.toLowerCase() : undefined;
  const activity = usePaymentActivity(
    account.data ? { ...range, timezone: settings.timezone, ...(currency ? { currency } : {}) } : undefined,
  );
  if (!settings.isAccountConnected) return null;

  const data = activity.data;
  const empty = data?.currencies.every((entry) => !entry.has_payments) === true;
  return (
    <Card withBorder padding="lg" data-testid="payment-activity" className={classes.widget}>
      <Group justify="space-between" mb="md" align="flex-start">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {__('Your payment activity')}
          </Title>
          {data && !empty && (
            <Text size="sm" c="dimmed" data-testid="activity-range">
              {sprintf(__('%1$s – %2$s'), localDate(data.date_start), localDate(data.date_end))}
            </Text>
          )}
        </Stack>
        {data && !empty && (
          <Group gap="xs">
            {data.currencies.length > 1 && (
              <ConfirmedSelect
                size="xs"
                w={90}
                aria-label={__('Currency')}
                data-testid="activity-currency"
                value={data.currency}
                data={data.currencies.map((entry) => ({
                  value: entry.currency,
                  label: entry.currency.toUpperCase(),
                }))}
                onConfirm={(value) => updateQuery({ selected_currency: value }, { replace: true })}
              />
            )}
            <ConfirmedSelect
              size="xs"
              w={160}
              aria-label={__('Period')}
              data-testid="activity-period"
              value={preset}
              data={PERIOD_PRESETS.map((value) => ({ value, label: PRESET_LABELS[value]() }))}
              onConfirm={(value) => {
                if (isPeriodPreset(value)) setPreset(value);
              }}
            />
          </Group>
        )}
      </Group>
      {activity.isError || account.isError ? (
        <LoadError
          message={__('Error retrieving payment activity data.')}
          // The period needs the account's creation date, so a failed account read fails it too.
          onRetry={() => {
            if (account.isError) void account.refetch();
            if (activity.isError) void activity.refetch();
          }}
          retrying={account.isFetching || activity.isFetching}
          testId="activity-error"
        />
      ) : !data ? (
        <Skeleton h={160} />
      ) : empty ? (
        <Stack gap={4} align="center" py="lg" data-testid="activity-empty">
          <Text fw={600}>{__('No payments yet')}</Text>
          <Text size="sm" c="dimmed">
            {__('Once your store takes its first payment, its activity will show here.')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="lg" style={{ opacity: activity.isPlaceholderData ? 0.6 : 1 }}>
          <div className={classes.figures}>
            <Tile
              label={__('Total payment volume')}
              amount={data.total_payment_volume}
              currency={data.currency}
              hint={__('Charges less refunds and disputes')}
              report="total_payment_volume"
              range={data}
              large
            />
            <Tile
              label={__('Charges')}
              amount={data.charges}
              currency={data.currency}
              report="charges"
              range={data}
            />
            <Tile
              label={__('Refunds')}
              amount={data.refunds}
              currency={data.currency}
              report="refunds"
              range={data}
            />
            <Tile
              label={__('Disputes')}
              amount={data.disputes}
              currency={data.currency}
              report="disputes"
              range={data}
            />
            <Tile label={__('Fees')} amount={data.fees} currency={data.currency} range={data} />
          </div>
          <VolumeChart series={data.series} interval={data.interval} currency={data.currency} />
        </Stack>
      )}
    </Card>
  );
}
