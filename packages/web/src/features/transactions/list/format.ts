import { formatStoreDateTime } from '@paydesk/domain/date-format';
import { getSettings } from '../../../lib/bootstrap.ts';

/** Epoch seconds from what the lists answer: epoch seconds, epoch milliseconds or ISO text. */
export function toEpochSeconds(value: number | string): number {
  if (typeof value === 'string') return Math.floor(Date.parse(value) / 1000);
  // Anything past the year 2286 in seconds is a time in milliseconds.
  return value > 9_999_999_999 ? Math.floor(value / 1000) : value;
}

/** A date and time with the store's formats and time zone. */
export function dateTime(value: number | string): string {
  const settings = getSettings();
  return formatStoreDateTime(toEpochSeconds(value), settings);
}
