/**
 * Dates as the store shows them: the store's `date_format` and `time_format` are the platform's
 * PHP-style format strings ('F j, Y', 'g:i a'), applied in the store's time zone. Only the
 * calendar parts come from Intl, so the result does not depend on the browser's own zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** At most this many format characters are read; a longer format is a mistake, not a date. */
export const DATE_FORMAT_MAX_LENGTH = 100;

interface CalendarParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock parts of an instant in a time zone; an unknown zone falls back to UTC. */
export function calendarParts(epoch_ms: number, timeZone = 'UTC'): CalendarParts {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone).formatToParts(new Date(epoch_ms));
  } catch {
    // An unknown zone name is a settings mistake; the date is still worth showing, in UTC.
    parts = formatterFor('UTC').formatToParts(new Date(epoch_ms));
  }
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    year: Number(value('year')),
    month: Number(value('month')),
    day: Number(value('day')),
    weekday: SHORT_WEEKDAYS.indexOf(value('weekday')),
    hour: Number(value('hour')) % 24,
    minute: Number(value('minute')),
    second: Number(value('second')),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function formatCharacter(char: string, p: CalendarParts): string | null {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  switch (char) {
    case 'd':
      return pad(p.day);
    case 'j':
      return String(p.day);
    case 'S':
      return ordinalSuffix(p.day);
    case 'D':
      return WEEKDAYS[p.weekday]?.slice(0, 3) ?? '';
    case 'l':
      return WEEKDAYS[p.weekday] ?? '';
    case 'N':
      return String(p.weekday === 0 ? 7 : p.weekday);
    case 'w':
      return String(p.weekday);
    case 'F':
      return MONTHS[p.month - 1] ?? '';
    case 'M':
      return MONTHS[p.month - 1]?.slice(0, 3) ?? '';
    case 'm':
      return pad(p.month);
    case 'n':
      return String(p.month);
    case 'Y':
      return String(p.year);
    case 'y':
      return pad(p.year % 100);
    case 'a':
      return p.hour < 12 ? 'am' : 'pm';
    case 'A':
      return p.hour < 12 ? 'AM' : 'PM';
    case 'g':
      return String(hour12);
    case 'h':
      return pad(hour12);
    case 'G':
      return String(p.hour);
    case 'H':
      return pad(p.hour);
    case 'i':
      return pad(p.minute);
    case 's':
      return pad(p.second);
    default:
      return null;
  }
}

/**
 * Formats an instant (epoch seconds) with a PHP-style format in a time zone:
 * formatStoreDate(1767225600, 'F j, Y', 'UTC') is 'January 1, 2026'. A backslash makes the next
 * character literal, as in PHP; characters without a meaning are copied.
 */
export function formatStoreDate(epoch_s: number, format: string, timeZone = 'UTC'): string {
  const parts = calendarParts(epoch_s * 1000, timeZone);
  const chars = [...format.slice(0, DATE_FORMAT_MAX_LENGTH)];
  let out = '';
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if (char === '\\') {
      out += chars[index + 1] ?? '';
      index++;
      continue;
    }
    out += formatCharacter(char, parts) ?? char;
  }
  return out;
}

/** The date and time together, as lists and timelines show them: 'January 1, 2026 / 9:05 am'. */
export function formatStoreDateTime(
  epoch_s: number,
  settings: { dateFormat: string; timeFormat: string; timezone: string },
): string {
  return `${formatStoreDate(epoch_s, settings.dateFormat, settings.timezone)} / ${formatStoreDate(
    epoch_s,
    settings.timeFormat,
    settings.timezone,
  )}`;
}

/** An instant as `YYYY-MM-DD HH:MM:SS` in UTC, the form the API's date fields take. */
export function formatUtcDateTime(epoch_ms: number): string {
  return new Date(epoch_ms).toISOString().slice(0, 19).replace('T', ' ');
}
