import { minorFromAggregate } from '@paydesk/domain';
import type { onboarding } from '@paydesk/domain/contracts';
import type { Db } from '../../db/database.ts';
import { getOption } from '../../store/options.ts';
import { depositStanding, findAccount, STORE_CONNECTED_OPTION } from '../accounts.ts';

/** The account as `GET {base}/accounts` answers it, with its status among the account states. */
export async function readAccountStatus(db: Db): Promise<onboarding.TAccountStatus> {
  const [account, connected] = await Promise.all([
    findAccount(db),
    getOption<boolean>(db, STORE_CONNECTED_OPTION),
  ]);
  if (!account) {
    return {
      status: null,
      isJetpackConnected: connected === true,
      isAccountConnected: false,
      isAccountValid: false,
      testMode: false,
      testDrive: false,
      progressiveOnboarding: { isEnabled: false, isComplete: false, tpv: 0, firstTransactionDate: null },
      created: null,
      deposits: {
        status: null,
        interval: null,
        restrictions: null,
        minimum_scheduled_deposit_amounts: {},
        completed_waiting_period: false,
      },
      paymentsEnabled: false,
      detailsSubmitted: false,
      requirements: { errors: [] },
      currentDeadline: null,
      pastDue: false,
      accountLink: '',
      hasSubmittedVatData: false,
      country: null,
    };
  }
  // Rollups keep one row per hour and type, so this reads hours, not payments.
  const volume = await db
    .selectFrom('ledger_rollups')
    .select((eb) => [eb.fn.sum<string | number>('amount').as('tpv'), eb.fn.min('hour').as('first')])
    .where('account_id', '=', account.id)
    .where('type', 'in', ['charge', 'payment'])
    .where('currency', '=', account.default_currency)
    .executeTakeFirst();
  const tpv = minorFromAggregate(volume?.tpv);
  const firstHour = volume?.first ? new Date(volume.first as unknown as string | Date) : null;
  const requirements = account.requirements;
  return {
    status: account.status,
    isJetpackConnected: true,
    isAccountConnected: true,
    isAccountValid: account.details_submitted && !account.status.startsWith('rejected'),
    testMode: account.mode === 'test',
    testDrive: account.is_test_drive,
    progressiveOnboarding: {
      isEnabled: account.progressive_onboarding.isEnabled,
      isComplete: account.progressive_onboarding.isComplete,
      tpv,
      firstTransactionDate: firstHour ? firstHour.toISOString() : null,
    },
    created: account.created_at.toISOString(),
    deposits: {
      status: depositStanding(account).status,
      interval: account.deposit_schedule_interval,
      restrictions: depositStanding(account).restrictions,
      minimum_scheduled_deposit_amounts: account.deposit_minimum_amounts,
      completed_waiting_period: account.deposit_completed_waiting_period,
    },
    paymentsEnabled: account.payments_enabled,
    detailsSubmitted: account.details_submitted,
    requirements: { errors: requirements.errors.map(({ code, reason }) => ({ code, reason })) },
    currentDeadline: requirements.current_deadline,
    pastDue: requirements.past_due.length > 0,
    accountLink: '',
    hasSubmittedVatData: false,
    country: account.country,
  };
}
