import type { TPayout } from '../contracts/payouts.ts';
import type { TFraudOutcomeTransaction, TTransaction } from '../contracts/transactions.ts';
import { PAYMENT_METHOD_LABELS } from '../payments/messages.ts';
import { payoutGrossAmount } from '../payouts/display.ts';
import { SECOND_MS, utcDateTimeSeconds } from '../time.ts';
import { CHANNEL_LABELS, listLabel } from '../transactions/list-labels.ts';
import {
  fraudOutcomeStatusLabel,
  PAYOUT_TYPE_LABELS,
  payoutStatusDisplay,
  riskLevelLabel,
  transactionTypeLabel,
} from '../transactions/status.ts';
import { moneyCell, textCell, zonedDateTimeFormatter } from './csv.ts';

/**
 * The columns of the CSV exports: the columns of the table on screen, in
 * its order and with its headings, then the codes a spreadsheet needs to read the numbers (the
 * table shows the currency beside each amount; a CSV number cannot carry it) and the row's id.
 * Amounts are in major units; dates are `YYYY-MM-DD HH:MM:SS` in the requested time zone.
 */

/** How a row's cells are written: the time zone and the language of country names. */
export interface CsvFormat {
  dateTime: (epoch_ms: number) => string;
  countryName: (code: string) => string;
}

export function csvFormat(options: { timeZone?: string | null; locale?: string | null }): CsvFormat {
  const names = new Map<string, string>();
  let display: Intl.DisplayNames | undefined;
  const language = (options.locale ?? 'en').replace('_', '-');
  return {
    dateTime: zonedDateTimeFormatter(options.timeZone),
    countryName: (code) => {
      let name = names.get(code);
      if (name === undefined) {
        try {
          display ??= new Intl.DisplayNames([language, 'en'], { type: 'region' });
          name = display.of(code.toUpperCase()) ?? code;
        } catch (error) {
          // A malformed code from old data is written as it is rather than failing the export.
          if (!(error instanceof RangeError)) throw error;
          name = code;
        }
        names.set(code, name);
      }
      return name;
    },
  };
}

/** The transactions table's headings (web features/transactions/list), then the codes. */
export const TRANSACTION_CSV_HEADERS = [
  'Date / Time',
  'Type',
  'Channel',
  'Amount',
  'Fees',
  'Net',
  'Order #',
  'Payment method',
  'Customer',
  'Email',
  'Country',
  'Customer amount',
  'Risk level',
  'Payout date',
  'Currency',
  'Customer currency',
  'Transaction ID',
] as const;

/** How many of the headings above are the table's own columns. */
export const TRANSACTION_CSV_TABLE_COLUMNS = 14;

function paymentMethod(source: string | null, identifier: string | null): string {
  if (!source) return '';
  const label = Object.hasOwn(PAYMENT_METHOD_LABELS, source) ? PAYMENT_METHOD_LABELS[source]! : source;
  return identifier ? `${label} •••• ${identifier}` : label;
}

/** One transaction as CSV cells, in the order of TRANSACTION_CSV_HEADERS. */
export function transactionCsvCells(row: TTransaction, format: CsvFormat): string[] {
  const customerCurrency = row.customer_currency ?? row.currency;
  return [
    format.dateTime(utcDateTimeSeconds(row.date) * SECOND_MS),
    textCell(transactionTypeLabel(row.type)),
    textCell(listLabel(CHANNEL_LABELS, row.channel)),
    moneyCell(row.amount, row.currency),
    // The table shows fees as what they take away; the file does the same.
    moneyCell(-row.fees, row.currency),
    moneyCell(row.net, row.currency),
    textCell(row.order?.number),
    textCell(paymentMethod(row.source, row.source_identifier)),
    textCell(row.customer_name),
    textCell(row.customer_email),
    textCell(row.customer_country ? format.countryName(row.customer_country) : ''),
    row.customer_amount === null ? '' : moneyCell(row.customer_amount, customerCurrency),
    textCell(riskLevelLabel(row.risk_level)),
    format.dateTime(utcDateTimeSeconds(row.available_on) * SECOND_MS).slice(0, 10),
    textCell(row.currency.toUpperCase()),
    textCell(row.customer_amount === null ? '' : customerCurrency.toUpperCase()),
    textCell(row.transaction_id),
  ];
}

/** The blocked payments table's headings, then the currency and the payment's id. */
export const FRAUD_OUTCOME_CSV_HEADERS = [
  'Date / Time',
  'Amount',
  'Order #',
  'Customer',
  'Status',
  'Currency',
  'Payment ID',
] as const;

/** How many of the headings above are the table's own columns. */
export const FRAUD_OUTCOME_CSV_TABLE_COLUMNS = 5;

/**
 * One blocked (or held) payment as CSV cells. `state` is where every row of the export stands,
 * the list's `status` filter: the table labels its rows by it, not by their first rule outcome.
 */
export function fraudOutcomeCsvCells(
  row: TFraudOutcomeTransaction,
  state: 'block' | 'review',
  format: CsvFormat,
): string[] {
  return [
    format.dateTime(utcDateTimeSeconds(row.created) * SECOND_MS),
    moneyCell(row.amount, row.currency),
    textCell(row.order?.number),
    textCell(row.customer_name),
    textCell(fraudOutcomeStatusLabel(state)),
    textCell(row.currency.toUpperCase()),
    textCell(row.payment_intent.id),
  ];
}

/** The payouts table's headings (web features/payouts), then the fee, the currency and the id. */
export const PAYOUT_CSV_HEADERS = [
  'Date',
  'Type',
  'Amount',
  'Status',
  'Bank account',
  'Bank reference ID',
  'Fee',
  'Currency',
  'Payout ID',
] as const;

/** How many of the headings above are the table's own columns. */
export const PAYOUT_CSV_TABLE_COLUMNS = 6;

/** One payout as CSV cells, in the order of PAYOUT_CSV_HEADERS; the date is the arrival day. */
export function payoutCsvCells(row: TPayout, format: CsvFormat): string[] {
  return [
    format.dateTime(row.date).slice(0, 10),
    textCell(PAYOUT_TYPE_LABELS[row.type]),
    moneyCell(payoutGrossAmount(row), row.currency),
    textCell(payoutStatusDisplay(row.status, row.type).label),
    textCell(row.bankAccount),
    textCell(row.bank_reference_key),
    moneyCell(-row.fee, row.currency),
    textCell(row.currency.toUpperCase()),
    textCell(row.id),
  ];
}
