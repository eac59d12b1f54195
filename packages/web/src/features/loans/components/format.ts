import { formatStoreDate } from '@paydesk/domain/date-format';
import { formatWithholdRate } from '@paydesk/domain/money/format';
import { getSettings } from '../../../lib/bootstrap.ts';

/** A date (epoch seconds) with the store's date format and time zone. */
export function date(epoch_s: number): string {
  const settings = getSettings();
  return formatStoreDate(epoch_s, settings.dateFormat, settings.timezone);
}

/** A withhold rate (a fraction) as a percent with up to 2 decimals (spec 2 §5). */
export function withholdRate(rate: number): string {
  return formatWithholdRate(rate, getSettings().locale);
}
