import { appError } from '@paydesk/domain';
import { CONNECTED_HOME_OPTION } from '@paydesk/domain/overview/safe-mode';
import { type Expression, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AccountsTable } from '../db/schema.ts';
import { getOption, getStoreSettings, setOptions } from '../store/options.ts';
import type { AccountSnapshot } from '../store/page-settings.ts';
import { clockNow } from './clock.ts';
import { hasSubmittedVatData } from './documents/vat-details.ts';
import type { IdSource } from './ids.ts';
import type { Executor } from './ledger.ts';

export type Account = Selectable<AccountsTable>;

/** The inconsistent account state: an account exists but was never verified. */
export const INCOMPLETE_SETUP_MESSAGE = 'Please complete your setup to process payments.';

/** The option that records the store's registration with the payments service. */
export const STORE_CONNECTED_OPTION = 'paydesk_store_connected';

/** The account's payout standing as `GET {base}/accounts` and the settings answer it. */
export function depositStanding(account: Pick<Account, 'deposits_blocked' | 'payouts_enabled'>): {
  status: 'enabled' | 'disabled' | 'blocked';
  restrictions: 'deposits_unrestricted' | 'deposits_blocked';
} {
  return {
    status: account.deposits_blocked ? 'blocked' : account.payouts_enabled ? 'enabled' : 'disabled',
    restrictions: account.deposits_blocked ? 'deposits_blocked' : 'deposits_unrestricted',
  };
}

/**
 * How a transaction holds the account row it reads: `keyShare` for work that writes rows under the
 * account (a payment, a refund), so that a reset waits for it to finish and it waits for a reset,
 * then finds no account; `update` for the reset itself.
 */
export type AccountLock = 'keyShare' | 'update';

/** The store's account: the newest one (a reset makes a new account and keeps the old rows). */
function currentAccount(db: Executor) {
  return db.selectFrom('accounts').orderBy('created_at', 'desc').limit(1);
}

/**
 * An account's rows are selected by its id, or by the store's account found inside the same
 * statement (`currentAccountId`), which spares a read's own round trip for the account.
 */
export type AccountKey = string | Expression<string>;

/** The store's account's id as a subquery of a statement: `account_id = (select id …)`. */
export function currentAccountId(db: Executor): Expression<string> {
  return currentAccount(db).select('id').$asScalar();
}

/**
 * Reads a list of the store's account by `currentAccountId`, so the list is one statement
 * instead of the account's and the list's. An empty answer is checked against the account, so a
 * store without one still answers `wcpay_account_not_found`.
 */
export async function readCurrentAccount<T>(
  db: Executor,
  read: (account: AccountKey) => Promise<T>,
  isEmpty: (answer: T) => boolean,
): Promise<T> {
  const answer = await read(currentAccountId(db));
  if (isEmpty(answer)) await requireAccount(db);
  return answer;
}

/**
 * An account a read is of: its id, or `currentAccountId` so that the read's statements find it
 * themselves, and its default currency, read only when asked. A summary asks for it when its
 * sums do not name the currency, and when it has no rows at all, which also answers
 * `wcpay_account_not_found` for a store without an account.
 */
export interface AccountRef {
  id: AccountKey;
  defaultCurrency: () => Promise<string>;
}

/** The store's account, found by each statement that reads it (`currentAccountId`). */
export function currentAccountRef(db: Executor): AccountRef {
  return {
    id: currentAccountId(db),
    defaultCurrency: async () => (await requireAccount(db)).default_currency,
  };
}

/**
 * The currency a summary's total is in: the one the filters ask for, else the only one of its
 * rows, else the store's. An empty summary reads the account all the same, so that a store
 * without one answers `wcpay_account_not_found`.
 */
export async function summaryCurrency(
  account: AccountRef,
  currencies: readonly string[],
  asked?: string,
): Promise<string> {
  const named = asked ?? (currencies.length === 1 ? currencies[0] : undefined);
  if (named !== undefined && currencies.length > 0) return named;
  const defaultCurrency = await account.defaultCurrency();
  return named ?? defaultCurrency;
}

export async function findAccount(db: Executor, lock?: AccountLock): Promise<Account | undefined> {
  const query = currentAccount(db).selectAll();
  if (lock === 'update') return query.forUpdate().executeTakeFirst();
  if (lock === 'keyShare') return query.forKeyShare().executeTakeFirst();
  return query.executeTakeFirst();
}

export async function requireAccount(db: Executor, lock?: AccountLock): Promise<Account> {
  const account = await findAccount(db, lock);
  if (!account) {
    throw appError('wcpay_account_not_found');
  }
  return account;
}

export interface NewAccount {
  mode: 'test' | 'live';
  status: string;
  country: string;
  currency: string;
  businessName: string;
  isTestDrive?: boolean;
  createdAt: Date;
  detailsSubmitted?: boolean;
  paymentsEnabled?: boolean;
}

/** Creates the store's account with a verified sandbox bank account for payouts. */
export async function createAccount(db: Db, ids: IdSource, input: NewAccount): Promise<Account> {
  const currency = input.currency.toLowerCase();
  const account = await db
    .insertInto('accounts')
    .values({
      id: ids.next('acct'),
      mode: input.mode,
      status: input.status,
      country: input.country.toUpperCase(),
      default_currency: currency,
      business_name: input.businessName,
      is_test_drive: input.isTestDrive ?? false,
      details_submitted: input.detailsSubmitted ?? true,
      payments_enabled: input.paymentsEnabled ?? true,
      payouts_enabled: input.paymentsEnabled ?? true,
      deposit_completed_waiting_period: true,
      deposit_minimum_amounts: JSON.stringify({ [currency]: currency === 'jpy' ? 100 : 100 }),
      external_accounts: JSON.stringify([
        {
          id: 'ba_sandbox',
          currency,
          status: 'verified',
          bank_name: 'STRIPE TEST BANK',
          last4: '6789',
          country: input.country.toUpperCase(),
        },
      ]),
      created_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The address the store was connected from; another one later means Safe Mode (a copied or
  // moved site), which the Overview reports.
  const { home } = await getStoreSettings(db);
  await setOptions(db, { [STORE_CONNECTED_OPTION]: true, [CONNECTED_HOME_OPTION]: home });
  return account;
}

/** The account as the settings object shows it, in one of the account states the pages know. */
export async function readAccountSnapshot(db: Db): Promise<AccountSnapshot> {
  const [account, connected] = await Promise.all([
    findAccount(db),
    getOption<boolean>(db, STORE_CONNECTED_OPTION),
  ]);
  if (!account) {
    return {
      isJetpackConnected: connected === true,
      isAccountConnected: false,
      isAccountValid: false,
      status: null,
      detailsSubmitted: false,
      paymentsEnabled: false,
      testMode: false,
      testModeOnboarding: false,
      errorMessage: '',
      hasSubmittedVatData: false,
      country: null,
      currency: null,
      now: await clockNow(db),
      accountLoans: { has_active_loan: false, has_past_loans: false },
    };
  }
  const loans = await db
    .selectFrom('loans')
    .select([
      sql<string>`count(*) filter (where fully_paid_at is null)`.as('active'),
      sql<string>`count(*) filter (where fully_paid_at is not null)`.as('repaid'),
    ])
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();
  return {
    isJetpackConnected: true,
    isAccountConnected: true,
    isAccountValid: account.details_submitted && !account.status.startsWith('rejected'),
    status: account.status,
    detailsSubmitted: account.details_submitted,
    paymentsEnabled: account.payments_enabled,
    testMode: account.mode === 'test',
    testModeOnboarding: account.mode === 'test' && account.is_test_drive,
    // An account whose business details were never verified cannot take payments yet.
    errorMessage: account.details_submitted ? '' : INCOMPLETE_SETUP_MESSAGE,
    hasSubmittedVatData: await hasSubmittedVatData(db, account.id),
    country: account.country,
    currency: account.default_currency,
    now: await clockNow(db),
    accountLoans: { has_active_loan: Number(loans.active) > 0, has_past_loans: Number(loans.repaid) > 0 },
  };
}
