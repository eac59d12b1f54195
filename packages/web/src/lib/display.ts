import { formatStoreDate } from '@paydesk/domain/date-format';
import { formatCount } from '@paydesk/domain/locale';
import { formatCurrency, formatStoreAmount } from '@paydesk/domain/money/format';
import type { ChipType } from '@paydesk/domain/transactions/status';
import { getSettings } from './bootstrap.ts';

/** Amounts in the store's locale; one not in the store currency shows its code ("€10.00 EUR"). */
export function money(amount_minor: number, currency: string): string {
  return formatStoreAmount(amount_minor, currency, getSettings());
}

/**
 * An amount in its own currency's symbol and the store's locale, never with its code ("€10.00"):
 * for places where every amount is in one currency that the page names.
 */
export function currencyAmount(amount_minor: number, currency: string): string {
  return formatCurrency(amount_minor, currency, getSettings().locale);
}

/** A count with the store locale's digit grouping ("10,000,001 transactions"). */
export function countText(count: number): string {
  return formatCount(count, getSettings().locale);
}

/** A date (epoch milliseconds) in the store's date format and time zone. */
export function storeDate(epoch_ms: number): string {
  const settings = getSettings();
  return formatStoreDate(Math.floor(epoch_ms / 1000), settings.dateFormat, settings.timezone);
}

/** Mantine colours of the status chips, by their names: primary, success, warning, alert, light. */
export const CHIP_COLORS: Record<ChipType, string> = {
  primary: 'blue',
  success: 'green',
  warning: 'yellow',
  alert: 'red',
  light: 'gray',
};
