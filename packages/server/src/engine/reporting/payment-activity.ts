import { assert, minorFromAggregate, sumMinor } from '@paydesk/domain';
import type { reporting } from '@paydesk/domain/contracts';
import {
  chartBuckets,
  chartInterval,
  formatLocalDateTime,
  REPORT_TYPES,
  rangeInstants,
  toLocal,
} from '@paydesk/domain/overview/payment-activity';
import { HOUR_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import { looseScan } from '../../db/loose-scan.ts';
import type { Executor } from '../ledger.ts';

const ALL_TYPES: readonly string[] = [
  ...REPORT_TYPES.charges,
  ...REPORT_TYPES.refunds,
  ...REPORT_TYPES.disputes,
  ...REPORT_TYPES.fees,
];
const CHARGE_TYPES: readonly string[] = REPORT_TYPES.charges;
const REFUND_TYPES: readonly string[] = REPORT_TYPES.refunds;
const DISPUTE_TYPES: readonly string[] = REPORT_TYPES.disputes;
/** Types that make up the total payment volume, summed with their signs. */
const VOLUME_TYPES = new Set([...CHARGE_TYPES, ...REFUND_TYPES, ...DISPUTE_TYPES]);

interface BucketRow {
  bucket: number;
  type: string;
  amount: number;
  fee: number;
}

/**
 * Sums of one settlement currency in `[from, to)` per chart bucket and ledger type. Whole hours
 * come from the hourly rollups, the partial hours at either end from the ledger itself, so the
 * cost follows the number of hours, not of payments. A rollup hour counts in the bucket where it
 * starts; only in time zones with a part-hour offset can that move an hour's sums to the
 * neighbouring bar, never out of the totals.
 */
async function bucketSums(
  db: Executor,
  accountId: string,
  currency: string,
  from: Date,
  to: Date,
  bucketStarts: readonly number[],
): Promise<BucketRow[]> {
  const firstHour = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const endHour = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  const wholeHours = firstHour < endHour;
  const edges: [Date, Date][] = wholeHours
    ? [
        [from, firstHour],
        [endHour, to],
      ]
    : [[from, to]];
  // The bucket starts travel as one text value, parsed once (a scalar subquery is an InitPlan),
  // not once per summed row.
  const thresholds = bucketStarts.map((ms) => new Date(ms).toISOString()).join(',');
  const types = sql.join(ALL_TYPES.map((type) => sql`${type}`));
  const parts = [
    ...(wholeHours
      ? [
          sql`select hour as at, type, amount, fee from ledger_rollups
              where account_id = ${accountId} and currency = ${currency}
                and hour >= ${firstHour} and hour < ${endHour} and type in (${types})`,
        ]
      : []),
    ...edges
      .filter(([start, end]) => start < end)
      .map(
        ([start, end]) =>
          sql`select created_at as at, type, amount, fee from balance_transactions
              where account_id = ${accountId} and currency = ${currency}
                and created_at >= ${start} and created_at < ${end} and type in (${types})`,
      ),
  ];
  if (parts.length === 0) return [];
  const result = await sql<{ bucket: number; type: string; amount: string; fee: string }>`
    select width_bucket(at, (select string_to_array(${thresholds}, ',')::timestamptz[])) as bucket, type,
           coalesce(sum(amount), 0)::text as amount, coalesce(sum(fee), 0)::text as fee
      from (${sql.join(parts, sql` union all `)}) as src
     group by 1, 2`.execute(db);
  return result.rows.map((row) => ({
    bucket: Number(row.bucket),
    type: row.type,
    amount: minorFromAggregate(row.amount),
    fee: minorFromAggregate(row.fee),
  }));
}

/**
 * Each currency the account settles in, the default currency first, and whether it has taken a
 * payment (its lifetime volume is above 0). A loose scan of `ledger_rollups_currency_idx` finds
 * the currencies, one probe each (the first charge hour of a currency ends its probe), so the
 * cost does not grow with the history.
 */
export async function depositCurrencies(
  db: Executor,
  account: { id: string; default_currency: string },
): Promise<{ currency: string; has_payments: boolean }[]> {
  const chargeTypes = sql.join(CHARGE_TYPES.map((type) => sql`${type}`));
  const result = await sql<{ currency: string; has_payments: boolean }>`
    ${looseScan('currencies', 'ledger_rollups', 'currency', account.id)}
    select c.currency,
           exists (select 1 from ledger_rollups r
                    where r.account_id = ${account.id} and r.currency = c.currency
                      and r.type in (${chargeTypes})) as has_payments
      from currencies c where c.currency is not null`.execute(db);
  const found = new Map(result.rows.map((row) => [row.currency, row.has_payments === true]));
  if (!found.has(account.default_currency)) found.set(account.default_currency, false);
  return [...found.entries()]
    .map(([currency, has_payments]) => ({ currency, has_payments }))
    .sort((a, b) =>
      a.currency === account.default_currency
        ? -1
        : b.currency === account.default_currency
          ? 1
          : a.currency.localeCompare(b.currency),
    );
}

/**
 * `GET {base}/reporting/payment_activity`: the figures of a
 * period in one settlement currency and the volume per hour, day or month across it.
 */
export async function paymentActivity(
  db: Executor,
  account: { id: string; default_currency: string },
  query: reporting.TPaymentActivityQuery,
): Promise<reporting.TPaymentActivity> {
  const range = rangeInstants(query, query.timezone);
  // The contract has checked both date-times and their order.
  assert(range && range.to_ms > range.from_ms, 'payment activity range must be valid');
  const currency = query.currency ?? account.default_currency;
  const interval = chartInterval(range);
  const starts = chartBuckets(range, interval, query.timezone);
  const [rows, currencies] = await Promise.all([
    bucketSums(db, account.id, currency, new Date(range.from_ms), new Date(range.to_ms), starts),
    depositCurrencies(db, account),
  ]);

  let charges = 0;
  let refunds = 0;
  let disputes = 0;
  let fees = 0;
  const series = starts.map(() => 0);
  for (const row of rows) {
    if (CHARGE_TYPES.includes(row.type)) charges = sumMinor(charges, row.amount);
    else if (REFUND_TYPES.includes(row.type)) refunds = sumMinor(refunds, -row.amount);
    else if (DISPUTE_TYPES.includes(row.type)) disputes = sumMinor(disputes, -row.amount);
    // A card reader fee is a fee as a whole: its amount is what the merchant paid.
    if (row.type === 'card_reader_fee') fees = sumMinor(fees, -row.amount);
    fees = sumMinor(fees, row.fee);
    const index = row.bucket - 1;
    if (VOLUME_TYPES.has(row.type) && index >= 0 && index < series.length) {
      series[index] = sumMinor(series[index] as number, row.amount);
    }
  }
  return {
    currency,
    total_payment_volume: sumMinor(charges, -refunds, -disputes),
    charges,
    refunds,
    disputes,
    fees,
    date_start: query.date_start,
    date_end: query.date_end,
    timezone: query.timezone,
    interval,
    series: starts.map((start, index) => ({
      date: formatLocalDateTime(toLocal(start, query.timezone)),
      total_payment_volume: series[index] as number,
    })),
    currencies,
  };
}
