import { Stack, Text } from '@mantine/core';
import { formatCurrency } from '@paydesk/domain/money/format';
import {
  type ChartInterval,
  parseLocalDateTime,
  volumeAxisTicks,
} from '@paydesk/domain/overview/payment-activity';
import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import classes from './volume-chart.module.css';

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
 * The total payment volume across the period, one bar per hour, day or month, drawn as SVG over
 * an amount axis with round ticks in the currency. Hovering a bar, or moving along the bars with
 * the arrow keys once the chart has the focus, shows that bar's date and amount in a tooltip;
 * Escape hides it. For assistive technology the chart is a slider over the bars whose value is
 * the same text. It loads lazily with the rest of the widget (payment-activity.tsx).
 */
export function VolumeChart({ series, interval, currency }: VolumeChartProps) {
  const locale = getSettings().locale;
  const tooltipId = useId();
  const [active, setActive] = useState<number | null>(null);
  const values = series.map((point) => point.total_payment_volume);
  const ticks = volumeAxisTicks(values);
  const bottom = ticks[0] ?? 0;
  const top = ticks.at(-1) ?? 0;
  const span = top - bottom || 1;
  const yOf = (value: number) => ((top - value) / span) * HEIGHT;
  const zeroY = yOf(0);
  const width = Math.max(1, series.length) * BAR_WIDTH;
  const middle = series[Math.floor((series.length - 1) / 2)];
  const last = series.length - 1;
  const describe = (index: number) => {
    const point = series[index];
    return point
      ? sprintf(
          __('%1$s: %2$s'),
          pointLabel(point.date, interval),
          formatCurrency(point.total_payment_volume, currency, locale),
        )
      : '';
  };
  const shown = active !== null && active <= last ? active : null;
  const current = shown ?? last;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      if (shown !== null) event.stopPropagation();
      setActive(null);
      return;
    }
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };
  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || series.length === 0) return;
    const index = Math.floor(((event.clientX - box.left) / box.width) * series.length);
    setActive(Math.min(last, Math.max(0, index)));
  };
  // The tooltip sits just above its bar (on it when the bar reaches the top) and stays within
  // the chart: from the bar's left edge near the start, to its right edge near the end, centred
  // on it in between.
  const tooltipPlace = (index: number) => {
    const value = series[index]?.total_payment_volume ?? 0;
    const barTop = (yOf(Math.max(0, value)) / HEIGHT) * 100;
    const top = `max(0px, calc(${barTop}% - 2rem))`;
    const centre = ((index + 0.5) / series.length) * 100;
    if (centre < 25) return { top, left: `${(index / series.length) * 100}%` };
    if (centre > 75) return { top, right: `${((last - index) / series.length) * 100}%` };
    return { top, left: `${centre}%`, transform: 'translateX(-50%)' };
  };

  return (
    <Stack gap={4} data-testid="payment-activity-chart" data-interval={interval}>
      <div className={classes.frame}>
        <div className={classes.axis} data-testid="chart-axis" aria-hidden="true">
          {ticks.map((tick) => (
            <span
              key={tick}
              className={classes.tick}
              style={{ top: `${(yOf(tick) / HEIGHT) * 100}%` }}
              data-testid="chart-tick"
              data-value={tick}
            >
              {formatCurrency(tick, currency, locale)}
            </span>
          ))}
        </div>
        <div
          className={classes.plot}
          role="slider"
          tabIndex={0}
          aria-label={__('Total payment volume over the period')}
          aria-valuemin={0}
          aria-valuemax={Math.max(0, last)}
          aria-valuenow={Math.max(0, current)}
          aria-valuetext={describe(current)}
          aria-describedby={shown !== null ? tooltipId : undefined}
          onKeyDown={onKeyDown}
          onFocus={() => setActive(current)}
          onBlur={() => setActive(null)}
          onMouseMove={onMouseMove}
          onMouseLeave={() => setActive(null)}
          data-testid="chart-plot"
        >
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            aria-hidden="true"
            style={{ display: 'block', overflow: 'visible' }}
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={yOf(tick)}
                y2={yOf(tick)}
                stroke={tick === 0 ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-gray-2)'}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {series.map((point, index) => {
              const value = point.total_payment_volume;
              const height = (Math.abs(value) / span) * HEIGHT;
              const negative = value < 0;
              return (
                <rect
                  key={point.date}
                  data-testid="chart-bar"
                  data-value={value}
                  data-active={index === shown ? 'true' : undefined}
                  x={index * BAR_WIDTH + 1.5}
                  width={BAR_WIDTH - 3}
                  y={negative ? zeroY : zeroY - height}
                  height={height}
                  fill={
                    negative
                      ? `var(--mantine-color-red-${index === shown ? 7 : 5})`
                      : `var(--mantine-color-blue-${index === shown ? 8 : 6})`
                  }
                />
              );
            })}
          </svg>
          {shown !== null && (
            <div
              id={tooltipId}
              role="tooltip"
              className={classes.tooltip}
              style={tooltipPlace(shown)}
              data-testid="chart-tooltip"
            >
              {describe(shown)}
            </div>
          )}
        </div>
        {series.length > 0 && (
          <div className={classes.dates} data-testid="chart-labels">
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
                {pointLabel(series[last]?.date ?? '', interval)}
              </Text>
            )}
          </div>
        )}
      </div>
    </Stack>
  );
}
