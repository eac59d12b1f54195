import { Alert, Anchor, Text } from '@mantine/core';
import type { fraud, ResponseOf } from '@paydesk/domain/contracts';
import { formatCurrency } from '@paydesk/domain/money/format';
import { AdminLink } from '../../../components/admin-link.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';

export type BacktestResult = ResponseOf<typeof fraud.backtest>;

/** "$1,200.00 and €30.00": each currency's volume on its own, never added together. */
export function formatVolume(amount: Readonly<Record<string, number>>): string {
  const locale = getSettings().locale;
  const parts = Object.entries(amount)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => formatCurrency(minor, currency, locale));
  return parts.length === 0
    ? formatCurrency(0, getSettings().storeCurrency, locale)
    : parts.join(__(' and '));
}

export function caughtSentence(
  count: number,
  amount: Readonly<Record<string, number>>,
  days: number,
): string {
  return sprintf(
    _n(
      'Would have caught %1$d payment (%2$s) in the last %3$d days.',
      'Would have caught %1$d payments (%2$s) in the last %3$d days.',
      count,
    ),
    count,
    formatVolume(amount),
    days,
  );
}

/** The page's summary of a backtest: the payments the filters as set would have caught. */
export function BacktestSummary({ result, days }: { result: BacktestResult; days: number }) {
  const window = {
    filter: 'advanced',
    'date_between[0]': result.window.from.slice(0, 10),
    'date_between[1]': result.window.to.slice(0, 10),
    type_is: 'charge',
  };
  return (
    <Alert color="blue" variant="light" data-testid="backtest-summary" title={__('Tested on past payments')}>
      <Text size="sm">
        {caughtSentence(result.total.count, result.total.amount, days)}{' '}
        {sprintf(
          _n(
            'Out of %1$d payment (%2$s) in that time.',
            'Out of %1$d payments (%2$s) in that time.',
            result.tested.count,
          ),
          result.tested.count,
          formatVolume(result.tested.amount),
        )}
      </Text>
      <Anchor component={AdminLink} path="/payments/transactions" query={window} size="sm">
        {__('See the payments of that time')}
      </Anchor>
    </Alert>
  );
}
