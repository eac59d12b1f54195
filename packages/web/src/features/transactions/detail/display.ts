import { formatStoreDateTime } from '@paydesk/domain/date-format';
import { getSettings } from '../../../lib/bootstrap.ts';

export { CHIP_COLORS, countText, money } from '../../../lib/display.ts';

/** An instant (epoch seconds) in the store's date and time formats and time zone. */
export function dateTime(epoch_s: number): string {
  const settings = getSettings();
  return formatStoreDateTime(epoch_s, settings);
}
