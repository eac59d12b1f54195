import { calendarParts } from '../date-format.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time.ts';

/**
 * The payment activity widget's periods, as wall-clock ranges in the
 * store's time zone, and the instants and chart buckets the server reads them as.
 *
 * A range travels as two local date-times, `YYYY-MM-DDTHH:MM:SS`, both inclusive (the end is the
 * last second of its day), with the time zone beside them.
 */

export const PERIOD_PRESETS = [
  'today',
  'last_7_days',
  'last_4_weeks',
  'last_3_months',
  'last_12_months',
  'month_to_date',
  'quarter_to_date',
  'year_to_date',
  'all_time',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PERIOD_PRESET: PeriodPreset = 'last_7_days';
/** The chosen preset is kept in session storage under this key. */
export const PERIOD_PRESET_STORAGE_KEY = 'wcpay_payment_activity_period';

export function isPeriodPreset(value: unknown): value is PeriodPreset {
  return typeof value === 'string' && (PERIOD_PRESETS as readonly string[]).includes(value);
}

/** The stored preset, or the default for anything else. */
export function storedPeriodPreset(value: string | null | undefined): PeriodPreset {
  return isPeriodPreset(value) ? value : DEFAULT_PERIOD_PRESET;
}

export interface LocalDateTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface LocalRange {
  date_start: string;
  date_end: string;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatLocalDateTime(local: LocalDateTime): string {
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
}

/** Reads `YYYY-MM-DDTHH:MM:SS`; undefined for anything else, or for a day or time that does not exist. */
export function parseLocalDateTime(text: string): LocalDateTime | undefined {
  const match = LOCAL_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return { year, month, day, hour, minute, second };
}

/**
 * Whether a time zone is usable: an IANA name the runtime knows (`Europe/Paris`) or a fixed
 * offset (`+05:30`, `-03:00`, at most 14 hours).
 */
export function isValidTimeZone(timeZone: string): boolean {
  const offset = OFFSET.exec(timeZone);
  if (offset) return Number(offset[2]) * 60 + Number(offset[3]) <= 14 * 60 && Number(offset[3]) < 60;
  if (timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes a fixed offset adds to UTC, or undefined for a zone name. */
function fixedOffsetMinutes(timeZone: string): number | undefined {
  const offset = OFFSET.exec(timeZone);
  if (!offset) return undefined;
  const minutes = Number(offset[2]) * 60 + Number(offset[3]);
  return offset[1] === '-' ? -minutes : minutes;
}

const asUtc = (local: LocalDateTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);

/** The wall clock of an instant in a time zone (zone name or fixed offset). */
export function toLocal(epoch_ms: number, timeZone: string): LocalDateTime {
  const fixed = fixedOffsetMinutes(timeZone);
  if (fixed !== undefined) {
    const shifted = new Date(epoch_ms + fixed * MINUTE_MS);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  const parts = calendarParts(epoch_ms, timeZone);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(epoch_ms: number, timeZone: string): number {
  const whole_second_ms = Math.floor(epoch_ms / 1000) * 1000;
  return asUtc(toLocal(whole_second_ms, timeZone)) - whole_second_ms;
}

/**
 * The instant a wall-clock time names in a time zone. A time skipped by a daylight-saving jump
 * is read with the offset before the jump (02:30 on a spring-forward night is 03:30); a time
 * that happens twice is its first occurrence.
 */
export function fromLocal(local: LocalDateTime, timeZone: string): number {
  const wall = asUtc(local);
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  // Of the offsets around that day, take the first that reads back the same wall clock.
  for (const candidate of [Math.min(before, after), Math.max(before, after)]) {
    if (asUtc(toLocal(candidate, timeZone)) === wall) return candidate;
  }
  return before;
}

/** A calendar date moved by whole days, months or years; a missing day of month clamps to its last day. */
function shiftDate(
  date: { year: number; month: number; day: number },
  shift: { days?: number; months?: number },
): { year: number; month: number; day: number } {
  const monthIndex = date.year * 12 + (date.month - 1) + (shift.months ?? 0);
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const moved = new Date(Date.UTC(year, month - 1, Math.min(date.day, lastDay) + (shift.days ?? 0)));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const startOfDay = (date: { year: number; month: number; day: number }): LocalDateTime => ({
  ...date,
  hour: 0,
  minute: 0,
  second: 0,
});
const endOfDay = (date: { year: number; month: number; day: number }): LocalDateTime => ({
  ...date,
  hour: 23,
  minute: 59,
  second: 59,
});

/**
 * The wall-clock range of a preset, in the store's time zone, at `now`. Presets counting back
 * (last 7 days, 4 weeks, 3 and 12 months) start at midnight that long ago and end with
 * yesterday; "to date" presets and today end with today; all time starts when the account was
 * created (or today, when that is unknown or later).
 */
export function presetRange(
  preset: PeriodPreset,
  now_ms: number,
  timeZone: string,
  accountCreated_ms: number | null,
): LocalRange {
  const now = toLocal(now_ms, timeZone);
  const today = { year: now.year, month: now.month, day: now.day };
  const yesterday = shiftDate(today, { days: -1 });
  const range = (start: LocalDateTime, end: LocalDateTime): LocalRange => ({
    date_start: formatLocalDateTime(start),
    date_end: formatLocalDateTime(end),
  });
  switch (preset) {
    case 'today':
      return range(startOfDay(today), endOfDay(today));
    case 'last_7_days':
      return range(startOfDay(shiftDate(today, { days: -7 })), endOfDay(yesterday));
    case 'last_4_weeks':
      return range(startOfDay(shiftDate(today, { days: -28 })), endOfDay(yesterday));
    case 'last_3_months':
      return range(startOfDay(shiftDate(today, { months: -3 })), endOfDay(yesterday));
    case 'last_12_months':
      return range(startOfDay(shiftDate(today, { months: -12 })), endOfDay(yesterday));
    case 'month_to_date':
      return range(startOfDay({ ...today, day: 1 }), endOfDay(today));
    case 'quarter_to_date':
      return range(
        startOfDay({ year: today.year, month: Math.floor((today.month - 1) / 3) * 3 + 1, day: 1 }),
        endOfDay(today),
      );
    case 'year_to_date':
      return range(startOfDay({ year: today.year, month: 1, day: 1 }), endOfDay(today));
    case 'all_time': {
      const created =
        accountCreated_ms !== null && accountCreated_ms <= now_ms
          ? toLocal(accountCreated_ms, timeZone)
          : now;
      return range({ ...created }, endOfDay(today));
    }
  }
}

/** A range as instants: `from` inclusive, `to` exclusive (one second after the inclusive end). */
export interface InstantRange {
  from_ms: number;
  to_ms: number;
}

export function rangeInstants(range: LocalRange, timeZone: string): InstantRange | undefined {
  const start = parseLocalDateTime(range.date_start);
  const end = parseLocalDateTime(range.date_end);
  if (!start || !end) return undefined;
  return { from_ms: fromLocal(start, timeZone), to_ms: fromLocal(end, timeZone) + 1000 };
}

export type ChartInterval = 'hour' | 'day' | 'month';

/** The chart's bar width: hours for up to two days, days up to 92 days, months beyond. */
export function chartInterval(range: InstantRange): ChartInterval {
  const span_ms = range.to_ms - range.from_ms;
  if (span_ms <= 2 * DAY_MS) return 'hour';
  if (span_ms <= 92 * DAY_MS) return 'day';
  return 'month';
}

/** How many steps the chart's amount axis aims for between its lowest and highest tick. */
export const VOLUME_AXIS_STEPS = 4;

/**
 * The amount axis of the volume chart: round ticks, in minor units, from at or below the lowest
 * value (and never above zero) to at or above the highest (never below zero), about
 * VOLUME_AXIS_STEPS apart. A step is 1, 2, 2.5 or 5 times a power of ten minor units, and a whole
 * number of them, so every tick is an exact amount. All values zero give the single tick 0.
 */
export function volumeAxisTicks(values: readonly number[], steps = VOLUME_AXIS_STEPS): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return [0];
  const raw = (high - low) / Math.max(1, steps);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const multipliers = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const step = Math.max(1, Math.round(multipliers.map((m) => m * magnitude).find((s) => s >= raw) ?? raw));
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last; tick += step) ticks.push(tick);
  return ticks;
}

/** The most chart buckets a range is split into (ten years of months, 92 days of days). */
export const MAX_CHART_BUCKETS = 2300;

/**
 * Where each chart bucket starts, as instants: the range's start, then every following local
 * hour, midnight or first of the month in the time zone, until the range's end.
 */
export function chartBuckets(range: InstantRange, interval: ChartInterval, timeZone: string): number[] {
  const starts = [range.from_ms];
  let cursor = toLocal(range.from_ms, timeZone);
  while (starts.length < MAX_CHART_BUCKETS) {
    let at: number;
    if (interval === 'hour') {
      // Hours of elapsed time, so a daylight-saving night has 23 or 25 bars.
      at = (starts[starts.length - 1] as number) + HOUR_MS;
    } else {
      const next =
        interval === 'day'
          ? startOfDay(shiftDate(cursor, { days: 1 }))
          : startOfDay(shiftDate({ ...cursor, day: 1 }, { months: 1 }));
      at = fromLocal(next, timeZone);
      cursor = next;
    }
    if (at >= range.to_ms) break;
    starts.push(at);
  }
  return starts;
}

/**
 * The transaction types the widget's report links name, grouped as its figures count them:
 * charges, refunds and disputes make up the total payment volume; fees are read from every
 * reported type, and a card reader fee is a fee as a whole.
 */
export const REPORT_TYPES = {
  charges: ['charge', 'payment'],
  refunds: ['payment_failure_refund', 'payment_refund', 'refund', 'refund_failure'],
  disputes: ['dispute', 'dispute_reversal'],
  fees: ['card_reader_fee', 'adjustment'],
} as const;
export const REPORT_LINK_TYPES = [
  ...REPORT_TYPES.charges,
  ...REPORT_TYPES.refunds,
  ...REPORT_TYPES.disputes,
  ...REPORT_TYPES.fees,
] as const;
export type ReportLinkType = (typeof REPORT_LINK_TYPES)[number];

/** The calendar day of a local date-time, for the transactions list's date filter. */
export function localDay(text: string): string {
  return text.slice(0, 10);
}

export type ReportTile = 'total_payment_volume' | 'charges' | 'refunds' | 'disputes' | 'fees';

/**
 * The admin-page query of a figure's report: the transactions list (or the disputes list) over
 * the same days, with the advanced date filter, and the type filter when one type says it.
 */
export function reportLinkQuery(tile: ReportTile, range: LocalRange): Record<string, string> {
  const days = {
    filter: 'advanced',
    'date_between[0]': localDay(range.date_start),
    'date_between[1]': localDay(range.date_end),
  };
  switch (tile) {
    case 'disputes':
      return { page: 'wc-admin', path: '/payments/disputes', ...days };
    case 'charges':
      return { page: 'wc-admin', path: '/payments/transactions', ...days, type_is: 'charge' };
    case 'refunds':
      return { page: 'wc-admin', path: '/payments/transactions', ...days, type_is: 'refund' };
    default:
      return { page: 'wc-admin', path: '/payments/transactions', ...days };
  }
}
