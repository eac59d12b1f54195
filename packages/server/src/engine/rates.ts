import { appError } from '@paydesk/domain';
import { crossRateOf } from '@paydesk/domain/money/decimal';
import type { Executor } from './ledger.ts';

/** Sandbox rates are quoted against USD; other pairs are crossed through it. */
export type RateTable = ReadonlyMap<string, string>;

export async function loadRates(db: Executor): Promise<RateTable> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['quote', 'rate'])
    .where('base', '=', 'usd')
    .execute();
  return new Map(rows.map((row) => [row.quote, row.rate]));
}

/**
 * The rate from one currency to another, crossed through USD (`crossRateOf`: exact, 10 places).
 */
export function crossRate(rates: RateTable, from: string, to: string): string {
  const a = rates.get(from.toLowerCase());
  const b = rates.get(to.toLowerCase());
  if (!a || !b) throw appError('unsupported_currency', { args: [from, to] });
  if (from.toLowerCase() === to.toLowerCase()) return '1';
  return crossRateOf(a, b);
}
