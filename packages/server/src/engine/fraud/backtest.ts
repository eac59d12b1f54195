import {
  assert,
  convertMinor,
  type FraudEvaluation,
  type FraudRule,
  fraudCheckKeys,
  isAvsMismatch,
  sumMinor,
} from '@paydesk/domain';
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
 * Payments of a slice that share every attribute the rules read but their amount, counted
 * together with their amounts (comma-separated minor units), from the narrow rows the ledger
 * keeps of them (payment_risk, migration 0026). Addresses are there only when the order ships to
 * a different address than it bills; sameAddress decides the rest.
 */
interface PaymentGroup {
  currency: string;
  items_count: number | null;
  ip_country: string | null;
  billing_country: string | null;
  billing_address: FraudAddress | null;
  shipping_address: FraudAddress | null;
  line1_check: string | null;
  postal_code_check: string | null;
  amounts: string;
}

function paymentGroups(db: Executor, accountId: string, from: Date, to: Date) {
  return sql<PaymentGroup>`
    select currency, items_count, ip_country, billing_country, billing_address, shipping_address,
           line1_check, postal_code_check, string_agg(amount::text, ',') as amounts
      from payment_risk
     where account_id = ${accountId} and created_at >= ${from} and created_at < ${to}
     group by 1, 2, 3, 4, 5, 6, 7, 8`
    .execute(db)
    .then((result) => result.rows);
}

interface Tally {
  count: number;
  amount: Volume;
}

/**
 * What `rules` would have caught among the payments that succeeded in the last `days` days:
 * the charges (and local-method payments) of the transactions list, each evaluated by the
 * checkout's own rule evaluation over what the payment recorded. The rules that read the total
 * are evaluated once per amount, the others once per group: rules are independent, so each
 * payment's result is the one the checkout would give it. Amounts are summed per
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
  const tested: Tally = { count: 0, amount: {} };
  const total: Tally = { count: 0, amount: {} };
  const perRule = input.rules.map((rule) => ({
    key: rule.key,
    outcome: rule.outcome,
    count: 0,
    amount: {} as Volume,
  }));
  const tallies = new Map(perRule.map((entry) => [entry.key, entry]));
  const count = (tally: Tally, currency: string, payments: number, volume: number) => {
    tally.count += payments;
    addTo(tally.amount, currency, volume);
  };
  const reads = input.rules.map((rule) => fraudCheckKeys(rule.check));
  const byTotal = input.rules.filter((_, index) => reads[index]!.includes('order_total'));
  const byRest = input.rules.filter((_, index) => !reads[index]!.includes('order_total'));
  // When the rules that read the total read nothing else, an amount in a currency has one result
  // in every group; otherwise each group evaluates its own amounts.
  const totalOnly = reads.every((keys) => !keys.includes('order_total') || keys.length === 1);
  const evaluationsByCurrency = new Map<string, Map<number, FraudEvaluation>>();
  const evaluationsOf = (currency: string) => {
    if (!totalOnly) return new Map<number, FraudEvaluation>();
    let evaluations = evaluationsByCurrency.get(currency);
    if (!evaluations) {
      evaluations = new Map();
      evaluationsByCurrency.set(currency, evaluations);
    }
    return evaluations;
  };
  const add = (group: PaymentGroup) => {
    const amounts = group.amounts.split(',').map(Number);
    const volume = amounts.reduce((sum, amount) => {
      assert(Number.isSafeInteger(amount), 'a payment amount is a safe integer');
      return sumMinor(sum, amount);
    }, 0);
    count(tested, group.currency, amounts.length, volume);
    if (input.rules.length === 0) return;
    const attributesAt = (amount_minor: number) =>
      paymentFraudAttributes({
        amount_minor,
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
    // Rules that do not read the total: one evaluation answers for every payment of the group.
    const rest = evaluateFraudRules(byRest, attributesAt(amounts[0]!), convert);
    for (const key of rest.matched) count(tallies.get(key)!, group.currency, amounts.length, volume);
    if (rest.matched.length > 0) count(total, group.currency, amounts.length, volume);
    if (byTotal.length === 0) return;
    const evaluations = evaluationsOf(group.currency);
    for (const amount of amounts) {
      let evaluation = evaluations.get(amount);
      if (!evaluation) {
        evaluation = evaluateFraudRules(byTotal, attributesAt(amount), convert);
        evaluations.set(amount, evaluation);
      }
      for (const key of evaluation.matched) count(tallies.get(key)!, group.currency, 1, amount);
      if (rest.matched.length === 0 && evaluation.matched.length > 0) count(total, group.currency, 1, amount);
    }
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
