import { Box, Group, Stack, Text } from '@mantine/core';
import { formatCurrency } from '@paydesk/domain/money/format';
import { type ChartInterval, parseLocalDateTime } from '@paydesk/domain/overview/payment-activity';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

export interface VolumeChartProps {
  series: { date: string; total_payment_volume: number }[];
  interval: ChartInterval;
  currency: string;
}

const FORMATS: Record<ChartInterval, Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric', minute: '2-digit' },
  day: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
};

/** A point's start (a wall-clock time of the store) as the store's locale writes it. */
function pointLabel(date: string, interval: ChartInterval): string {
  const local = parseLocalDateTime(date);
  if (!local) return date;
  const instant = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The wall clock is already the store's: format it as UTC so the browser's zone plays no part.
  const locale = getSettings().locale.replace('_', '-');
  return new Intl.DateTimeFormat(locale, { ...FORMATS[interval], timeZone: 'UTC' }).format(instant);
}

const BAR_WIDTH = 10;
const HEIGHT = 100;

/**
 * The total payment volume across the period, one bar per hour, day or month, drawn as SVG. It
 * loads lazily with the rest of the widget (payment-activity.tsx).
 */
export function VolumeChart({ series, interval, currency }: VolumeChartProps) {
  const locale = getSettings().locale;
  const values = series.map((point) => point.total_payment_volume);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const zeroY = (max / span) * HEIGHT;
  const width = Math.max(1, series.length) * BAR_WIDTH;
  const middle = series[Math.floor((series.length - 1) / 2)];
  return (
    <Stack gap={4} data-testid="payment-activity-chart" data-interval={interval}>
      <Group gap="xs" align="stretch" wrap="nowrap">
        <Stack justify="space-between" gap={0} w={90} style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            {formatCurrency(max, currency, locale)}
          </Text>
          {min < 0 && (
            <Text size="xs" c="dimmed">
              {formatCurrency(min, currency, locale)}
            </Text>
          )}
          {min === 0 && (
            <Text size="xs" c="dimmed">
              {formatCurrency(0, currency, locale)}
            </Text>
          )}
        </Stack>
        <Box style={{ flex: 1 }}>
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height={160}
            role="img"
            aria-label={__('Total payment volume over the period')}
          >
            <line
              x1={0}
              x2={width}
              y1={zeroY}
              y2={zeroY}
              stroke="var(--mantine-color-gray-4)"
              vectorEffect="non-scaling-stroke"
            />
            {series.map((point, index) => {
              const value = point.total_payment_volume;
              const height = (Math.abs(value) / span) * HEIGHT;
              return (
                <rect
                  key={point.date}
                  data-testid="chart-bar"
                  data-value={value}
                  x={index * BAR_WIDTH + 1.5}
                  width={BAR_WIDTH - 3}
                  y={value >= 0 ? zeroY - height : zeroY}
                  height={height}
                  fill={value >= 0 ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-red-5)'}
                >
                  <title>
                    {sprintf(
                      __('%1$s: %2$s'),
                      pointLabel(point.date, interval),
                      formatCurrency(value, currency, locale),
                    )}
                  </title>
                </rect>
              );
            })}
          </svg>
        </Box>
      </Group>
      {series.length > 0 && (
        <Group justify="space-between" ml={98} data-testid="chart-labels">
          <Text size="xs" c="dimmed">
            {pointLabel(series[0]?.date ?? '', interval)}
          </Text>
          {series.length > 2 && middle && (
            <Text size="xs" c="dimmed">
              {pointLabel(middle.date, interval)}
            </Text>
          )}
          {series.length > 1 && (
            <Text size="xs" c="dimmed">
              {pointLabel(series[series.length - 1]?.date ?? '', interval)}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
