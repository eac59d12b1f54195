import { Group, Skeleton, Text } from '@mantine/core';
import { countText, currencyAmount as money } from '../../lib/display.ts';
import { __, sprintf } from '../../lib/i18n.ts';

export interface CurrencyTotals {
  currency: string;
  count: number;
  total: number;
  fees?: number;
  net?: number;
}

interface SummaryRowProps {
  /** The counted noun for a count: _n('transaction', 'transactions', count). */
  countLabel: (count: number) => string;
  count: number | undefined;
  /** Totals per currency; amounts of different currencies are never added together. */
  totals: readonly CurrencyTotals[];
  isLoading: boolean;
  /** The row's test id: `list-summary` unless a page names its own. */
  testId?: string;
}

function Item({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <Text size="sm" component="span" data-testid={testId}>
      <Text component="span" fw={700}>
        {value}
      </Text>{' '}
      {label}
    </Text>
  );
}

/**
 * The list's summary under the rows: how many rows match, then the
 * total, fees and net of each currency they are in (none for a list of no amounts).
 */
export function SummaryRow({
  countLabel,
  count,
  totals,
  isLoading,
  testId = 'list-summary',
}: SummaryRowProps) {
  if (isLoading && count === undefined) {
    return <Skeleton height={20} mx="sm" my="xs" width={240} />;
  }
  if (count === undefined) return null;
  return (
    <Group
      gap="lg"
      px="sm"
      py="xs"
      bg="var(--mantine-color-gray-0)"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid={testId}
      wrap="wrap"
    >
      <Item testId="summary-count" value={countText(count)} label={countLabel(count)} />
      {totals.map((entry) => (
        <Group key={entry.currency} gap="md" data-testid={`summary-${entry.currency.toLowerCase()}`}>
          {totals.length > 1 && (
            <Text size="sm" fw={600} c="dimmed">
              {sprintf(__('%s:'), entry.currency.toUpperCase())}
            </Text>
          )}
          <Item testId="summary-total" value={money(entry.total, entry.currency)} label={__('total')} />
          {entry.fees !== undefined && (
            <Item testId="summary-fees" value={money(-entry.fees, entry.currency)} label={__('fees')} />
          )}
          {entry.net !== undefined && (
            <Item testId="summary-net" value={money(entry.net, entry.currency)} label={__('net')} />
          )}
        </Group>
      ))}
    </Group>
  );
}
