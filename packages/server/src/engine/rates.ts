import { appError } from '@paydesk/domain';
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

const SCALE = 10n ** 12n;

function toScaled(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * SCALE + BigInt((fraction + '0'.repeat(12)).slice(0, 12));
}

/**
 * The rate from one currency to another as a decimal string with 10 places, crossed through
 * USD with integer arithmetic (rounded half away from zero).
 */
export function crossRate(rates: RateTable, from: string, to: string): string {
  const a = rates.get(from.toLowerCase());
  const b = rates.get(to.toLowerCase());
  if (!a || !b) throw appError('unsupported_currency', { args: [from, to] });
  if (from.toLowerCase() === to.toLowerCase()) return '1';
  const scaled = (toScaled(b) * 10n ** 10n * 2n + toScaled(a)) / (toScaled(a) * 2n);
  const text = scaled.toString().padStart(11, '0');
  return `${text.slice(0, -10)}.${text.slice(-10)}`.replace(/\.?0+$/, '');
}
