import { assert, convertMinor, type FraudRule, isAvsMismatch, sumMinor } from '@paydesk/domain';
import type { fraud } from '@paydesk/domain/contracts';
import { formatUtcDateTime } from '@paydesk/domain/date-format';
import { type FraudAddress, paymentFraudAttributes } from '@paydesk/domain/fraud/attributes';
import { evaluateFraudRules } from '@paydesk/domain/fraud/rules';
import { sql } from 'kysely';
import type { z } from 'zod';
import { DAY_MS } from '../clock.ts';
import type { Executor } from '../ledger.ts';
import { crossRate, type RateTable } from '../rates.ts';

type Result = z.infer<typeof fraud.ZBacktestResult>;
type Volume = Record<string, number>;

/**
 * The window is read a day at a time, so memory stays flat whatever the store's size, with
 * this many days in flight at once.
 */
const SLICE_MS = DAY_MS;
const SLICES_IN_FLIGHT = 3;

function addTo(volume: Volume, currency: string, amount_minor: number): void {
  volume[currency] = sumMinor(volume[currency] ?? 0, amount_minor);
}

/**
 * Payments of a slice that share every attribute the rules read, counted together. Addresses
 * travel only when they may differ: an order that ships nowhere else, or to an identical
 * address, is the same address without parsing either (sameAddress decides the rest).
 */
interface PaymentGroup {
  amount: number;
  currency: string;
  items_count: number | null;
  ip_country: string | null;
  billing_country: string | null;
  billing_address: FraudAddress | null;
  shipping_address: FraudAddress | null;
  line1_check: string | null;
  postal_code_check: string | null;
  payments: number;
}

function paymentGroups(db: Executor, accountId: string, from: Date, to: Date) {
  return sql<PaymentGroup>`
    select c.amount, c.currency, o.items_count, c.ip_country,
           o.billing_address ->> 'country' as billing_country,
           case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
                then o.billing_address end as billing_address,
           case when o.shipping_address is not null and o.shipping_address is distinct from o.billing_address
                then o.shipping_address end as shipping_address,
           c.payment_method_details #>> '{card,checks,address_line1_check}' as line1_check,
           c.payment_method_details #>> '{card,checks,address_postal_code_check}' as postal_code_check,
           count(*)::int as payments
      from balance_transactions bt
      join charges c on c.id = bt.charge_id
      left join orders o on o.id = c.order_id
     where bt.account_id = ${accountId} and bt.type in ('charge', 'payment')
       and bt.created_at >= ${from} and bt.created_at < ${to}
     group by 1, 2, 3, 4, 5, 6, 7, 8, 9`
    .execute(db)
    .then((result) => result.rows);
}

/**
 * What `rules` would have caught among the payments that succeeded in the last `days` days:
 * the charges (and local-method payments) of the transactions list, each evaluated by the
 * checkout's own rule evaluation over what the payment recorded. Amounts are summed per
 * currency of the payment, never mixed.
 */
export async function backtestFraudRules(
  db: Executor,
  input: { accountId: string; rules: readonly FraudRule[]; days: number; now: Date; rates: RateTable },
): Promise<Result> {
  const to = input.now;
  const from = new Date(to.getTime() - input.days * DAY_MS);
  // A few currency pairs serve every payment: each rate is crossed once.
  const pairRates = new Map<string, string>();
  const convert = (amount: number, fromCurrency: string, toCurrency: string) => {
    const pair = `${fromCurrency}>${toCurrency}`;
    let rate = pairRates.get(pair);
    if (rate === undefined) {
      rate = crossRate(input.rates, fromCurrency, toCurrency);
      pairRates.set(pair, rate);
    }
    return convertMinor(amount, fromCurrency, toCurrency, rate);
  };
  const tested = { count: 0, amount: {} as Volume };
  const total = { count: 0, amount: {} as Volume };
  const perRule = input.rules.map((rule) => ({
    key: rule.key,
    outcome: rule.outcome,
    count: 0,
    amount: {} as Volume,
  }));
  const add = (group: PaymentGroup) => {
    const volume = group.amount * group.payments;
    assert(Number.isSafeInteger(volume), 'a group of payments sums to a safe integer');
    tested.count += group.payments;
    addTo(tested.amount, group.currency, volume);
    if (input.rules.length === 0) return;
    const attributes = paymentFraudAttributes({
      amount_minor: group.amount,
      currency: group.currency,
      items_count: group.items_count,
      billing_address: group.billing_address ?? { country: group.billing_country },
      shipping_address: group.shipping_address,
      ip_country: group.ip_country,
      avs_mismatch: isAvsMismatch({
        address_line1_check: group.line1_check,
        address_postal_code_check: group.postal_code_check,
      }),
    });
    const evaluation = evaluateFraudRules(input.rules, attributes, convert);
    if (evaluation.matched.length === 0) return;
    total.count += group.payments;
    addTo(total.amount, group.currency, volume);
    perRule.forEach((entry, index) => {
      if (evaluation.ruleset_results[input.rules[index]!.key] === 'allow') return;
      entry.count += group.payments;
      addTo(entry.amount, group.currency, volume);
    });
  };
  const slices: [Date, Date][] = [];
  for (let start = from.getTime(); start < to.getTime(); start += SLICE_MS) {
    slices.push([new Date(start), new Date(Math.min(start + SLICE_MS, to.getTime()))]);
  }
  for (let index = 0; index < slices.length; index += SLICES_IN_FLIGHT) {
    const batch = await Promise.all(
      slices
        .slice(index, index + SLICES_IN_FLIGHT)
        .map(([sliceFrom, sliceTo]) => paymentGroups(db, input.accountId, sliceFrom, sliceTo)),
    );
    for (const groups of batch) for (const group of groups) add(group);
  }
  assert(total.count <= tested.count, 'a backtest catches no more payments than it tests');
  return {
    window: { from: formatUtcDateTime(from.getTime()), to: formatUtcDateTime(to.getTime()) },
    tested,
    total,
    rules: perRule,
  };
}
