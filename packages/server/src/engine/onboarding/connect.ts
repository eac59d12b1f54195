import { errorSpec } from '@paydesk/domain';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { getConnectOptions } from '../../store/connect-options.ts';
import { setOptions } from '../../store/options.ts';
import { findAccount, STORE_CONNECTED_OPTION } from '../accounts.ts';
import { canResetAccount, resetAccount } from './reset.ts';
import { startTestDrive } from './test-drive.ts';

/** What the connect link of the settings object (`wcpay-connect=1`) asks for. */
export interface ConnectRequest {
  /** `wcpay-reset-account`: remove the account and start again. */
  reset: boolean;
  /** `wcpay-disable-onboarding-test-mode`: leave the sandbox for a live account. */
  leaveSandbox: boolean;
  /** `test_drive` or `auto_start_test_drive_onboarding`: start a sandbox account. */
  testDrive: boolean;
  /** `sample_data`: the sandbox starts with a history. */
  sampleData: boolean;
  /** Where the merchant came from, as the onboarding wizard records it. */
  source: string;
}

/** A step that went wrong, for the server's log; the merchant is told in general terms. */
export interface ConnectFailure {
  error: unknown;
  message: string;
}

/** Where a connect link leads: the step the merchant is at next. */
export type ConnectOutcome =
  /** The account is gone; the merchant starts again at Connect. */
  | { step: 'reset' }
  /** The account stays: it may not be reset (it has live history), or resetting it failed. */
  | { step: 'reset_refused'; failure?: ConnectFailure }
  /** A live account stays as it is; there is no sandbox to leave. */
  | { step: 'live' }
  /** The store is connected; the merchant verifies the business in the onboarding wizard. */
  | { step: 'verify_business'; source: string }
  /** The operator paused account creation; nothing was started. */
  | { step: 'paused'; message: string }
  /** The sandbox account is ready (or was already). */
  | { step: 'test_drive' }
  /** The sandbox account could not be set up. */
  | { step: 'test_drive_failed'; failure: ConnectFailure };

/**
 * Follows a connect link: resets the account, leaves the sandbox for a live account, starts the
 * sandbox test drive, or connects the store for business verification, in that order of
 * precedence; while the operator has paused account creation, a store without an account
 * starts nothing.
 */
export async function followConnectLink(
  database: DatabaseHandle,
  request: ConnectRequest,
): Promise<ConnectOutcome> {
  const { db } = database;
  if (request.reset) return resetForConnect(db);
  if (request.leaveSandbox) return leaveSandbox(db, request.source);

  // While the operator has paused account creation, neither a sandbox nor a new account can be
  // started, whatever the link says; the Connect page explains why.
  if (!(await findAccount(db)) && (await getConnectOptions(db)).onBoardingDisabled) {
    return { step: 'paused', message: errorSpec('wcpay_onboarding_paused').message };
  }

  if (request.testDrive) {
    try {
      await startTestDrive(database, { sampleData: request.sampleData });
    } catch (error) {
      return {
        step: 'test_drive_failed',
        failure: { error, message: 'the sandbox test drive could not be set up' },
      };
    }
    return { step: 'test_drive' };
  }

  // Connecting registers the store with the payments service (the first account state:
  // connected, no account); business verification then goes through the onboarding wizard.
  await setOptions(db, { [STORE_CONNECTED_OPTION]: true });
  return { step: 'verify_business', source: request.source };
}

async function resetForConnect(db: Db): Promise<ConnectOutcome> {
  const account = await findAccount(db);
  if (account && !canResetAccount(account)) return { step: 'reset_refused' };
  try {
    await resetAccount(db);
  } catch (error) {
    return { step: 'reset_refused', failure: { error, message: 'the account could not be reset' } };
  }
  return { step: 'reset' };
}

/**
 * The live-activation modal's confirmation: the sandbox account and its test data go, and the
 * merchant verifies the business for a live account. A live account is left as it is.
 */
async function leaveSandbox(db: Db, source: string): Promise<ConnectOutcome> {
  const account = await findAccount(db);
  if (account && account.mode === 'live') return { step: 'live' };
  try {
    await resetAccount(db);
  } catch (error) {
    return {
      step: 'reset_refused',
      failure: { error, message: 'the sandbox account could not be removed for live activation' },
    };
  }
  await setOptions(db, { [STORE_CONNECTED_OPTION]: true });
  return { step: 'verify_business', source };
}

/**
 * Where the admin page sends the merchant before the app loads, if anywhere: a store without
 * an account sees Connect instead of the Overview.
 */
export async function onboardingRedirect(db: Db, path: string): Promise<string | undefined> {
  if (path === '/payments/overview' && !(await findAccount(db))) return '/payments/connect';
  return undefined;
}
