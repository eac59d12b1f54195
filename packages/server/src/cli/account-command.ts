import { appError, CURRENCIES } from '@paydesk/domain';
import type { ExternalAccount } from '../db/schema.ts';
import { findAccount } from '../engine/accounts.ts';
import { booleanFlag, UsageError } from './args.ts';
import type { Command } from './commands.ts';

/** The account statuses the pages know. */
export const ACCOUNT_STATUSES = [
  'complete',
  'enabled',
  'pending_verification',
  'restricted_soon',
  'restricted_partially',
  'restricted',
  'under_review',
  'rejected.fraud',
  'rejected.terms_of_service',
  'rejected.listed',
  'rejected.other',
] as const;

const FLAGS = [
  'status',
  'payments-enabled',
  'payouts-blocked',
  'waiting-period-complete',
  'payout-schedule',
  'progressive-onboarding',
  'default-currency',
];
/** Progressive onboarding: off, open (taking payments before full verification) or complete. */
const PROGRESSIVE_ONBOARDING = {
  off: { isEnabled: false, isComplete: false },
  open: { isEnabled: true, isComplete: false },
  complete: { isEnabled: true, isComplete: true },
} as const;
const SCHEDULES = ['daily', 'weekly', 'monthly', 'manual'] as const;

export const accountCommands: Record<string, Command> = {
  'account:set': {
    usage: `account:set [--status ${ACCOUNT_STATUSES.join('|')}] [--payments-enabled true|false] [--payouts-blocked true|false] [--waiting-period-complete true|false] [--payout-schedule daily|weekly|monthly|manual] [--progressive-onboarding off|open|complete] [--default-currency CUR]`,
    description:
      "Changes the sandbox account's state, as the payments provider would (test accounts only); a new default currency gets a verified sandbox bank account.",
    async run({ database, flags, out }) {
      const unknown = Object.keys(flags).filter((name) => !FLAGS.includes(name));
      if (unknown.length > 0)
        throw new UsageError(`Unknown flag(s): ${unknown.map((f) => `--${f}`).join(', ')}`);
      if (Object.keys(flags).length === 0)
        throw new UsageError(`Give at least one of ${FLAGS.map((f) => `--${f}`).join(', ')}`);
      const status = flags.status;
      if (status !== undefined && !(ACCOUNT_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status must be one of ${ACCOUNT_STATUSES.join(', ')}`);
      }
      const paymentsEnabled = booleanFlag(flags, 'payments-enabled');
      const payoutsBlocked = booleanFlag(flags, 'payouts-blocked');
      const waitingComplete = booleanFlag(flags, 'waiting-period-complete');
      const schedule = flags['payout-schedule'];
      if (schedule !== undefined && !(SCHEDULES as readonly string[]).includes(schedule)) {
        throw new UsageError(`--payout-schedule must be one of ${SCHEDULES.join(', ')}`);
      }
      const poText = flags['progressive-onboarding'];
      if (poText !== undefined && !Object.hasOwn(PROGRESSIVE_ONBOARDING, poText)) {
        throw new UsageError('--progressive-onboarding must be one of off, open, complete');
      }
      const po =
        poText === undefined
          ? undefined
          : PROGRESSIVE_ONBOARDING[poText as keyof typeof PROGRESSIVE_ONBOARDING];
      const currencyText = flags['default-currency'];
      const currency = currencyText?.toLowerCase();
      if (currency !== undefined && !Object.hasOwn(CURRENCIES, currency.toUpperCase())) {
        throw new UsageError('--default-currency must be a known three-letter currency code');
      }
      const account = await findAccount(database.db);
      if (!account) {
        throw appError('wcpay_account_not_found');
      }
      if (account.mode !== 'test') {
        throw appError('wcpay_live_account');
      }
      let banks: ExternalAccount[] | undefined;
      if (currency && !account.external_accounts.some((bank) => bank.currency.toLowerCase() === currency)) {
        banks = [
          ...account.external_accounts,
          {
            id: `ba_sandbox_${currency}`,
            currency,
            status: 'verified',
            bank_name: 'STRIPE TEST BANK',
            last4: '6789',
            country: account.country,
          },
        ];
      }
      const updated = await database.db
        .updateTable('accounts')
        .set({
          ...(status !== undefined ? { status } : {}),
          ...(paymentsEnabled !== undefined ? { payments_enabled: paymentsEnabled } : {}),
          ...(payoutsBlocked !== undefined ? { deposits_blocked: payoutsBlocked } : {}),
          ...(waitingComplete !== undefined ? { deposit_completed_waiting_period: waitingComplete } : {}),
          ...(schedule !== undefined ? { deposit_schedule_interval: schedule } : {}),
          ...(po !== undefined ? { progressive_onboarding: JSON.stringify(po) } : {}),
          ...(currency !== undefined ? { default_currency: currency } : {}),
          ...(banks ? { external_accounts: JSON.stringify(banks) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', account.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      out(
        `Account ${updated.id}: status ${updated.status}, payments ${updated.payments_enabled ? 'enabled' : 'disabled'}, ` +
          `payouts ${updated.deposits_blocked ? 'blocked' : 'unblocked'}, waiting period ` +
          `${updated.deposit_completed_waiting_period ? 'complete' : 'incomplete'}, ${updated.deposit_schedule_interval} payouts, default currency ${updated.default_currency.toUpperCase()}.`,
      );
      return 0;
    },
  },
};
