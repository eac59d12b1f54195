import { assert, convertMinor, type FraudRule, isAvsMismatch } from '@paydesk/domain';
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

/** Rows read per query: enough to keep round trips few, few enough to keep memory flat. */
const BATCH_ROWS = 20_000;

interface PaymentRow {
  seq: number;
  created_at: Date;
  amount: number;
  currency: string;
  items_count: number | null;
  billing_address: FraudAddress | null;
  shipping_address: FraudAddress | null;
  ip_country: string | null;
  checks: Record<string, unknown> | null;
}

function addTo(volume: Volume, currency: string, amount_minor: number): void {
  const sum = (volume[currency] ?? 0) + amount_minor;
  assert(Number.isSafeInteger(sum), `the ${currency} volume stays a safe integer`);
  volume[currency] = sum;
}

/** One batch of the window's payments, newest first, after the keyset position given. */
function paymentsBatch(db: Executor, accountId: string, from: Date, to: Date, after: PaymentRow | undefined) {
  let query = db
    .selectFrom('balance_transactions as bt')
    .innerJoin('charges as c', 'c.id', 'bt.charge_id')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'bt.seq',
      'bt.created_at',
      'c.amount',
      'c.currency',
      'o.items_count',
      'o.billing_address',
      'o.shipping_address',
      'c.ip_country',
      sql<Record<string, unknown> | null>`c.payment_method_details -> 'card' -> 'checks'`.as('checks'),
    ])
    .where('bt.account_id', '=', accountId)
    .where('bt.type', 'in', ['charge', 'payment'])
    .where('bt.created_at', '>=', from)
    .where('bt.created_at', '<', to);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('bt.created_at', '<', after.created_at),
        eb.and([eb('bt.created_at', '=', after.created_at), eb('bt.seq', '<', after.seq)]),
      ]),
    );
  }
  return query
    .orderBy('bt.created_at', 'desc')
    .orderBy('bt.seq', 'desc')
    .limit(BATCH_ROWS)
    .execute() as Promise<PaymentRow[]>;
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
  const convert = (amount: number, fromCurrency: string, toCurrency: string) =>
    convertMinor(amount, fromCurrency, toCurrency, crossRate(input.rates, fromCurrency, toCurrency));
  const tested = { count: 0, amount: {} as Volume };
  const total = { count: 0, amount: {} as Volume };
  const perRule = input.rules.map((rule) => ({
    key: rule.key,
    outcome: rule.outcome,
    count: 0,
    amount: {} as Volume,
  }));
  let after: PaymentRow | undefined;
  for (;;) {
    const rows = await paymentsBatch(db, input.accountId, from, to, after);
    for (const row of rows) {
      tested.count++;
      addTo(tested.amount, row.currency, row.amount);
      if (input.rules.length === 0) continue;
      const attributes = paymentFraudAttributes({
        amount_minor: row.amount,
        currency: row.currency,
        items_count: row.items_count,
        billing_address: row.billing_address ?? {},
        shipping_address: row.shipping_address,
        ip_country: row.ip_country,
        avs_mismatch: isAvsMismatch(row.checks),
      });
      const evaluation = evaluateFraudRules(input.rules, attributes, convert);
      if (evaluation.matched.length === 0) continue;
      total.count++;
      addTo(total.amount, row.currency, row.amount);
      perRule.forEach((entry, index) => {
        if (evaluation.ruleset_results[input.rules[index]!.key] === 'allow') return;
        entry.count++;
        addTo(entry.amount, row.currency, row.amount);
      });
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows.at(-1);
  }
  assert(total.count <= tested.count, 'a backtest catches no more payments than it tests');
  return {
    window: { from: formatUtcDateTime(from.getTime()), to: formatUtcDateTime(to.getTime()) },
    tested,
    total,
    rules: perRule,
  };
}
