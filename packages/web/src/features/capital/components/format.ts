import { formatStoreDate } from '@paydesk/domain/date-format';
import { formatWithholdRate } from '@paydesk/domain/money/format';
import { utcDateTimeSeconds } from '@paydesk/domain/time';
import { getSettings } from '../../../lib/bootstrap.ts';

/**
 * A date with the store's date format and time zone, from epoch seconds (the active loan's
 * summary) or UTC `YYYY-MM-DD HH:MM:SS` text (the loans list).
 */
export function date(at: number | string): string {
  const settings = getSettings();
  const epoch_s = typeof at === 'string' ? utcDateTimeSeconds(at) : at;
  return formatStoreDate(epoch_s, settings.dateFormat, settings.timezone);
}

/** A withhold rate (a fraction) as a percent with up to 2 decimals. */
export function withholdRate(rate: number): string {
  return formatWithholdRate(rate, getSettings().locale);
}
