import { formatStoreDateTime } from '@paydesk/domain/date-format';
import { formatStoreAmount } from '@paydesk/domain/money/format';
import { getSettings } from '../../../lib/bootstrap.ts';

/**
 * An amount in minor units as the store shows it, with the store's locale; one not in the store
 * currency shows its code ("$32.85 AUD" beside "$21.61").
 */
export function money(amount_minor: number, currency: string): string {
  return formatStoreAmount(amount_minor, currency, getSettings());
}

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
