import { engineContext } from '../engine/context.ts';
import { issueDueInvoices } from '../engine/documents/invoices.ts';
import { formatDuration, type ProgressStream, progressBar } from '../engine/seed/progress.ts';
import {
  DEFAULT_DAYS,
  DEFAULT_SEED,
  MAX_DAYS,
  MAX_TRANSACTIONS,
  type SeedResult,
  seedHistory,
} from '../engine/seed/seed.ts';
import { booleanFlag, UsageError } from './args.ts';
import type { Command } from './commands.ts';

function integerFlag(
  flags: Record<string, string>,
  name: string,
  options: { min: number; max: number; fallback?: number },
): number {
  const text = flags[name];
  if (text === undefined) {
    if (options.fallback === undefined) throw new UsageError(`--${name} is required`);
    return options.fallback;
  }
  const value = Number(text.replaceAll('_', ''));
  if (
    !/^\d[\d_]*$/.test(text) ||
    !Number.isSafeInteger(value) ||
    value < options.min ||
    value > options.max
  ) {
    throw new UsageError(`--${name} must be a whole number from ${options.min} to ${options.max}`);
  }
  return value;
}

export function seedSummary(result: SeedResult, elapsed_ms: number): string[] {
  const c = result.counts;
  const rate = Math.round((result.rows * 1000) / Math.max(1, elapsed_ms));
  const types = Object.entries(result.ledger_types)
    .sort(([, a], [, b]) => b - a)
    .map(([type, n]) => `${type} ${n.toLocaleString('en-US')}`)
    .join(', ');
  return [
    `Seeded ${result.rows.toLocaleString('en-US')} ledger rows in ${formatDuration(elapsed_ms)} (${rate.toLocaleString('en-US')} rows/s; ` +
      `planning ${formatDuration(result.plan_ms)}, writing ${formatDuration(result.write_ms)}, ${result.batches} batches` +
      `; ${result.deferred_indexes > 0 ? `building ${result.deferred_indexes} indexes, ` : ''}checking and analyzing ${formatDuration(result.finish_ms)}).`,
    `History from ${result.start.toISOString()} to ${result.end.toISOString()} on account ${result.account_id}` +
      `${result.account_created ? ' (created)' : ''}.`,
    `Ledger rows: ${types}.`,
    `Payments ${c.payments}: succeeded ${c.succeeded}, declined ${c.declined}, blocked by a rule ${c.blocked}, ` +
      `held for review ${c.held_for_review}, manual authorizations ${c.manual_authorizations} ` +
      `(captured later ${c.captured_later}, left uncaptured ${c.left_uncaptured}), voided or expired ${c.voided}.`,
    `Refunds ${c.refunds} (partial ${c.partial_refunds}); disputes ${c.disputes} (inquiries ${c.inquiries}, ` +
      `evidence submitted ${c.disputes_submitted}, won ${c.disputes_won}, accepted ${c.disputes_accepted}); ` +
      `elevated or highest risk ${c.elevated_risk}; in person ${c.in_person}; other currencies ${c.foreign_currency}; ` +
      `local methods ${c.local_methods}; payouts ${c.payouts}; reader fees ${c.reader_fees}; loans ${c.loans}.`,
  ];
}

export const seedCommands: Record<string, Command> = {
  seed: {
    usage: 'seed --transactions N [--days D] [--seed S] [--defer-indexes]',
    description:
      "Writes N ledger rows of sandbox history over the last D days (default 90) through the engine; same seed, same history. --defer-indexes builds the written tables' secondary indexes once at the end (always on the embedded database; on PostgreSQL only when given, as lists read without them meanwhile).",
    async run({ database, flags, out }) {
      const transactions = integerFlag(flags, 'transactions', { min: 1, max: MAX_TRANSACTIONS });
      const days = integerFlag(flags, 'days', { min: 1, max: MAX_DAYS, fallback: DEFAULT_DAYS });
      const seed = integerFlag(flags, 'seed', { min: 0, max: 2 ** 32 - 1, fallback: DEFAULT_SEED });
      const deferIndexes = booleanFlag(flags, 'defer-indexes');
      const stderr: ProgressStream = process.stderr;
      const progress = progressBar(stderr, transactions);
      const began = performance.now();
      const result = await seedHistory(database, {
        transactions,
        days,
        seed,
        ...(deferIndexes === undefined ? {} : { deferIndexes }),
        onProgress: (rows) => progress.update(rows),
      });
      progress.finish(result.rows);
      // The months the history covers get their fee invoices now, as the daily job would.
      const invoices = await issueDueInvoices(await engineContext(database.db), result.account_id);
      for (const line of seedSummary(result, performance.now() - began)) out(line);
      out(`Fee invoices: ${invoices.length}.`);
      return 0;
    },
  },
};
