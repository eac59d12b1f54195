import { describe, expect, it } from 'vitest';
import {
  chartBuckets,
  chartInterval,
  DEFAULT_PERIOD_PRESET,
  fromLocal,
  isValidTimeZone,
  PERIOD_PRESETS,
  parseLocalDateTime,
  presetRange,
  rangeInstants,
  reportLinkQuery,
  storedPeriodPreset,
  toLocal,
  volumeAxisTicks,
} from './payment-activity.ts';

// Wednesday 2026-05-20 14:30:00 UTC; 10:30 in New York (EDT, -4), 20:00 in Kolkata (+5:30).
const NOW = Date.UTC(2026, 4, 20, 14, 30, 0);

describe('presetRange', () => {
  it.each([
    ['today', '2026-05-20T00:00:00', '2026-05-20T23:59:59'],
    ['last_7_days', '2026-05-13T00:00:00', '2026-05-19T23:59:59'],
    ['last_4_weeks', '2026-04-22T00:00:00', '2026-05-19T23:59:59'],
    ['last_3_months', '2026-02-20T00:00:00', '2026-05-19T23:59:59'],
    ['last_12_months', '2025-05-20T00:00:00', '2026-05-19T23:59:59'],
    ['month_to_date', '2026-05-01T00:00:00', '2026-05-20T23:59:59'],
    ['quarter_to_date', '2026-04-01T00:00:00', '2026-05-20T23:59:59'],
    ['year_to_date', '2026-01-01T00:00:00', '2026-05-20T23:59:59'],
  ] as const)('%s in UTC runs from %s to %s', (preset, date_start, date_end) => {
    expect(presetRange(preset, NOW, 'UTC', null)).toEqual({ date_start, date_end });
  });

  it('reads "today" in the store time zone', () => {
    // 01:00 UTC on the 21st is still the 20th in New York and already the 21st in Tokyo.
    const at = Date.UTC(2026, 4, 21, 1, 0, 0);
    expect(presetRange('today', at, 'America/New_York', null).date_start).toBe('2026-05-20T00:00:00');
    expect(presetRange('today', at, 'Asia/Tokyo', null).date_start).toBe('2026-05-21T00:00:00');
    expect(presetRange('today', at, '-05:00', null).date_start).toBe('2026-05-20T00:00:00');
  });

  it('clamps a month back to the last day of a shorter month', () => {
    const may31 = Date.UTC(2026, 4, 31, 12);
    expect(presetRange('last_3_months', may31, 'UTC', null).date_start).toBe('2026-02-28T00:00:00');
  });

  it('starts all time when the account was created, in the store time zone', () => {
    const created = Date.UTC(2025, 10, 3, 2, 15, 30);
    expect(presetRange('all_time', NOW, 'America/New_York', created)).toEqual({
      date_start: '2025-11-02T21:15:30',
      date_end: '2026-05-20T23:59:59',
    });
    // Without a creation date (or one in the future) all time is today so far.
    expect(presetRange('all_time', NOW, 'UTC', null).date_start).toBe('2026-05-20T14:30:00');
    expect(presetRange('all_time', NOW, 'UTC', NOW + 1000).date_start).toBe('2026-05-20T14:30:00');
  });

  it('covers every preset, defaulting to the last 7 days', () => {
    for (const preset of PERIOD_PRESETS)
      expect(presetRange(preset, NOW, 'UTC', NOW - 1).date_end).toMatch(/T23:59:59$/);
    expect(DEFAULT_PERIOD_PRESET).toBe('last_7_days');
    expect(storedPeriodPreset('year_to_date')).toBe('year_to_date');
    expect(storedPeriodPreset('forever')).toBe('last_7_days');
    expect(storedPeriodPreset(null)).toBe('last_7_days');
  });
});

describe('time zones', () => {
  it('reads wall clocks to instants and back', () => {
    const local = { year: 2026, month: 5, day: 20, hour: 0, minute: 0, second: 0 };
    expect(fromLocal(local, 'UTC')).toBe(Date.UTC(2026, 4, 20));
    expect(fromLocal(local, 'America/New_York')).toBe(Date.UTC(2026, 4, 20, 4));
    expect(fromLocal(local, 'Asia/Kolkata')).toBe(Date.UTC(2026, 4, 19, 18, 30));
    expect(fromLocal(local, '+05:30')).toBe(Date.UTC(2026, 4, 19, 18, 30));
    expect(toLocal(Date.UTC(2026, 4, 19, 18, 30), 'Asia/Kolkata')).toEqual(local);
  });

  it('reads a skipped daylight-saving time with the offset before the jump, a repeated one as its first', () => {
    // 2026-03-08 02:30 does not exist in New York; 2026-11-01 01:30 happens twice.
    expect(
      fromLocal({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York'),
    ).toBe(Date.UTC(2026, 2, 8, 7, 30));
    expect(
      fromLocal({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, 'America/New_York'),
    ).toBe(Date.UTC(2026, 10, 1, 5, 30));
  });

  it('accepts zone names and offsets only', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('+05:30')).toBe(true);
    expect(isValidTimeZone('-14:00')).toBe(true);
    expect(isValidTimeZone('+15:00')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('+5')).toBe(false);
  });

  it('parses only real local date-times', () => {
    expect(parseLocalDateTime('2026-02-28T23:59:59')).toBeDefined();
    expect(parseLocalDateTime('2026-02-29T00:00:00')).toBeUndefined();
    expect(parseLocalDateTime('2026-02-28T24:00:00')).toBeUndefined();
    expect(parseLocalDateTime('2026-02-28')).toBeUndefined();
  });
});

describe('rangeInstants and chart buckets', () => {
  it('makes the end exclusive one second after the inclusive end', () => {
    expect(
      rangeInstants({ date_start: '2026-05-13T00:00:00', date_end: '2026-05-19T23:59:59' }, 'UTC'),
    ).toEqual({
      from_ms: Date.UTC(2026, 4, 13),
      to_ms: Date.UTC(2026, 4, 20),
    });
  });

  it('picks hours, days or months by the length of the range', () => {
    const day = 86_400_000;
    expect(chartInterval({ from_ms: 0, to_ms: day })).toBe('hour');
    expect(chartInterval({ from_ms: 0, to_ms: 7 * day })).toBe('day');
    expect(chartInterval({ from_ms: 0, to_ms: 92 * day })).toBe('day');
    expect(chartInterval({ from_ms: 0, to_ms: 93 * day })).toBe('month');
  });

  it('starts a bucket at each local midnight, across a daylight-saving change', () => {
    const range = rangeInstants(
      { date_start: '2026-03-07T00:00:00', date_end: '2026-03-09T23:59:59' },
      'America/New_York',
    )!;
    expect(chartBuckets(range, 'day', 'America/New_York')).toEqual([
      Date.UTC(2026, 2, 7, 5),
      Date.UTC(2026, 2, 8, 5),
      Date.UTC(2026, 2, 9, 4),
    ]);
  });

  it('starts a bucket at each first of the month, and every hour of a day', () => {
    const year = rangeInstants(
      { date_start: '2026-01-15T00:00:00', date_end: '2026-04-10T23:59:59' },
      'UTC',
    )!;
    expect(chartBuckets(year, 'month', 'UTC')).toEqual([
      Date.UTC(2026, 0, 15),
      Date.UTC(2026, 1, 1),
      Date.UTC(2026, 2, 1),
      Date.UTC(2026, 3, 1),
    ]);
    const today = rangeInstants(presetRange('today', NOW, 'Asia/Kolkata', null), 'Asia/Kolkata')!;
    const hours = chartBuckets(today, 'hour', 'Asia/Kolkata');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe(Date.UTC(2026, 4, 19, 18, 30));
  });
});

describe('reportLinkQuery', () => {
  const range = { date_start: '2026-05-13T00:00:00', date_end: '2026-05-19T23:59:59' };
  it('links each figure to its list over the same days', () => {
    expect(reportLinkQuery('total_payment_volume', range)).toEqual({
      page: 'wc-admin',
      path: '/payments/transactions',
      filter: 'advanced',
      'date_between[0]': '2026-05-13',
      'date_between[1]': '2026-05-19',
    });
    expect(reportLinkQuery('charges', range).type_is).toBe('charge');
    expect(reportLinkQuery('refunds', range).type_is).toBe('refund');
    expect(reportLinkQuery('disputes', range).path).toBe('/payments/disputes');
  });
});

describe('volumeAxisTicks', () => {
  it('spans zero to the highest value in round steps of the currency', () => {
    // $262.56 at most: $0, $100, $200, $300.
    expect(volumeAxisTicks([12_000, 26_256, 3_000])).toEqual([0, 10_000, 20_000, 30_000]);
    expect(volumeAxisTicks([99])).toEqual([0, 25, 50, 75, 100]);
    expect(volumeAxisTicks([7])).toEqual([0, 2, 4, 6, 8]);
  });

  it('reaches below zero for a period whose refunds and disputes outweigh its charges', () => {
    expect(volumeAxisTicks([-5_000, 15_000])).toEqual([-5_000, 0, 5_000, 10_000, 15_000]);
    expect(volumeAxisTicks([-1_200])).toEqual([-1_500, -1_000, -500, 0]);
  });

  it('gives a single tick at zero for an empty period, and whole minor units always', () => {
    expect(volumeAxisTicks([])).toEqual([0]);
    expect(volumeAxisTicks([0, 0])).toEqual([0]);
    for (const values of [[1], [3], [13_579], [-2, 5], [987_654_321]]) {
      const ticks = volumeAxisTicks(values);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks[0]).toBeLessThanOrEqual(Math.min(0, ...values));
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(Math.max(0, ...values));
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(9);
    }
  });
});
