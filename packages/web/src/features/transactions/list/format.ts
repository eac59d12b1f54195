import { formatStoreDateTime } from '@paydesk/domain/date-format';
import { utcDateTimeSeconds } from '@paydesk/domain/time';
import { getSettings } from '../../../lib/bootstrap.ts';

/**
 * Epoch seconds from what the lists answer: UTC `YYYY-MM-DD HH:MM:SS` text (the lists' dates),
 * other ISO text, epoch seconds or epoch milliseconds.
 */
export function toEpochSeconds(value: number | string): number {
  if (typeof value === 'string') {
    const utc = utcDateTimeSeconds(value);
    return Number.isNaN(utc) ? Math.floor(Date.parse(value) / 1000) : utc;
  }
  // Anything past the year 2286 in seconds is a time in milliseconds.
  return value > 9_999_999_999 ? Math.floor(value / 1000) : value;
}

/** A date and time with the store's formats and time zone. */
export function dateTime(value: number | string): string {
  const settings = getSettings();
  return formatStoreDateTime(toEpochSeconds(value), settings);
}
