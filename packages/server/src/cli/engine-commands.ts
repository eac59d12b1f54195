import { appError } from '@paydesk/domain';
import {
  CLOCK_ADVANCE_MAX_DAYS,
  CLOCK_ADVANCE_MAX_HOURS,
  CLOCK_ADVANCE_RANGE_MESSAGE,
  clockAdvanceMs,
} from '@paydesk/domain/sandbox/clock';
import { findAccount } from '../engine/accounts.ts';
import { createLoan } from '../engine/capital/services.ts';
import { createReader } from '../engine/card-readers/services.ts';
import { engineContext } from '../engine/context.ts';
import { checkLedger } from '../engine/ledger-check.ts';
import { advanceSandboxClock } from '../engine/sandbox-clock.ts';
import { required, UsageError } from './args.ts';
import type { Command } from './commands.ts';

function wholeNumber(
  flags: Record<string, string>,
  name: string,
  options: { min: number; max: number },
): number | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < options.min || value > options.max) {
    throw new UsageError(`--${name} must be a whole number from ${options.min} to ${options.max}`);
  }
  return value;
}

export const engineCommands: Record<string, Command> = {
  'ledger:check': {
    usage: 'ledger:check',
    description: 'Checks the ledger invariants; exits 1 naming each violation.',
    async run({ database, out }) {
      const results = await checkLedger(database.db);
      let failed = 0;
      for (const result of results) {
        if (result.count === 0) {
          out(`ok    ${result.name}: ${result.description}`);
          continue;
        }
        failed++;
        out(
          `FAIL  ${result.name}: ${result.description} (${result.count} violation${result.count === 1 ? '' : 's'})`,
        );
        for (const line of result.violations) out(`      ${line}`);
      }
      out(failed === 0 ? 'The ledger is consistent.' : `${failed} of ${results.length} checks failed.`);
      return failed === 0 ? 0 : 1;
    },
  },
  'clock:advance': {
    usage: 'clock:advance --days N [--hours H]',
    description: 'Moves sandbox time forward and runs the jobs that fall due (test accounts only).',
    async run({ database, flags, out }) {
      if (flags.days === undefined && flags.hours === undefined)
        throw new UsageError('--days (and/or --hours) is required');
      const days = wholeNumber(flags, 'days', { min: 0, max: CLOCK_ADVANCE_MAX_DAYS }) ?? 0;
      const hours = wholeNumber(flags, 'hours', { min: 0, max: CLOCK_ADVANCE_MAX_HOURS }) ?? 0;
      if (clockAdvanceMs({ days, hours }) === undefined) throw new UsageError(CLOCK_ADVANCE_RANGE_MESSAGE);
      const report = await advanceSandboxClock(database.db, { days, hours });
      out(
        `Advanced the clock by ${days} day(s) and ${hours} hour(s); engine time is now ${report.now.toISOString()}.`,
      );
      const total = [...report.ran.values()].reduce((a, b) => a + b, 0);
      out(total === 0 ? 'No jobs were due.' : `Ran ${total} job(s):`);
      for (const [kind, count] of [...report.ran].sort(([a], [b]) => a.localeCompare(b)))
        out(`  ${kind} × ${count}`);
      for (const failure of report.failures) out(`  failed: ${failure}`);
      return 0;
    },
  },
  'capital:loan': {
    usage: 'capital:loan --amount MINOR --fee MINOR --withhold-rate BP [--currency CUR]',
    description: 'Pays out a sandbox loan; repayments are withheld from later payments.',
    async run({ database, flags, out }) {
      const ctx = await engineContext(database.db);
      const account = await findAccount(database.db);
      // A loan made here is sandbox money: a live account's loans come from the provider.
      if (account && account.mode !== 'test') {
        throw appError('wcpay_live_account');
      }
      const loan = await createLoan(ctx, {
        amount:
          wholeNumber(flags, 'amount', { min: 1, max: 99_999_999_999 }) ?? Number(required(flags, 'amount')),
        fee_amount:
          wholeNumber(flags, 'fee', { min: 0, max: 99_999_999_999 }) ?? Number(required(flags, 'fee')),
        withhold_rate_bp:
          wholeNumber(flags, 'withhold-rate', { min: 1, max: 10_000 }) ??
          Number(required(flags, 'withhold-rate')),
        currency: flags.currency ?? account?.default_currency ?? 'usd',
      });
      out(
        `Paid out loan ${loan.stripe_loan_id}: ${loan.amount} + fee ${loan.fee_amount} ${loan.currency.toUpperCase()} minor units, withholding ${loan.withhold_rate_bp / 100} % of each payment.`,
      );
      return 0;
    },
  },
  'reader:create': {
    usage: 'reader:create --label LABEL [--device-type bbpos_wisepos_e|stripe_m2|cots_device]',
    description: 'Registers a card reader on the account.',
    async run({ database, flags, out }) {
      const ctx = await engineContext(database.db);
      const reader = await createReader(database.db, ctx.ids, {
        label: required(flags, 'label'),
        device_type: flags['device-type'],
        now: ctx.now,
      });
      out(`Created reader ${reader.id} (${reader.device_type}, "${reader.label}").`);
      return 0;
    },
  },
};
