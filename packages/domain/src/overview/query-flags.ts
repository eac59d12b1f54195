/**
 * What the Overview shows for the query flags other pages redirect with, and when
 * the connection success and eligibility modals open. Messages are plain English; the web wraps
 * them in __().
 */

export type QueryFlagNoticeKey =
  | 'connection_success'
  | 'sandbox_success'
  | 'loan_offer_error'
  | 'server_link_error'
  | 'reset_account_error'
  | 'login_error';

export interface QueryFlagNotice {
  key: QueryFlagNoticeKey;
  status: 'success' | 'error';
  message: string;
}

/** Each flag and the exact value that raises it. */
export const QUERY_FLAGS: Readonly<Record<QueryFlagNoticeKey, { name: string; value: string }>> = {
  connection_success: { name: 'wcpay-connection-success', value: '1' },
  sandbox_success: { name: 'wcpay-sandbox-success', value: 'true' },
  loan_offer_error: { name: 'wcpay-loan-offer-error', value: '1' },
  server_link_error: { name: 'wcpay-server-link-error', value: '1' },
  reset_account_error: { name: 'wcpay-reset-account-error', value: '1' },
  login_error: { name: 'wcpay-login-error', value: '1' },
};

export const QUERY_FLAG_MESSAGES: Readonly<Record<QueryFlagNoticeKey, string>> = {
  connection_success:
    'Thanks for verifying your business details! Your store is connected and ready to take payments.',
  sandbox_success: 'Success! Your sandbox account is ready, so you can start testing payments.',
  loan_offer_error:
    'There was a problem redirecting you to the loan offer. Please check that it is not expired and try again.',
  server_link_error:
    'There was a problem redirecting you to the requested link. Please check that it is valid and try again.',
  reset_account_error: 'There was a problem resetting your account. Please wait a few seconds and try again.',
  login_error: 'There was a problem redirecting you to the account dashboard. Please try again.',
};

export interface OverviewAccountState {
  status: string | null;
  paymentsEnabled: boolean;
  /** `deposits.status` of the account: `enabled` when payouts are made. */
  depositsStatus: string | null;
  testModeOnboarding: boolean;
  progressiveOnboarding: { isEnabled: boolean; isComplete: boolean };
}

type Query = Readonly<Record<string, string | undefined>>;

export function hasQueryFlag(query: Query, key: QueryFlagNoticeKey): boolean {
  const flag = QUERY_FLAGS[key];
  return query[flag.name] === flag.value;
}

/** A fully working account: it takes payments and pays out, with no onboarding left to finish. */
function fullyActivated(account: OverviewAccountState): boolean {
  const po = account.progressiveOnboarding;
  return (
    !account.testModeOnboarding &&
    account.paymentsEnabled &&
    account.depositsStatus === 'enabled' &&
    (!po.isEnabled || po.isComplete)
  );
}

/**
 * The connection success modal greets a live account that came back from verification fully
 * activated, until the merchant dismisses it for good.
 */
export function showsConnectionSuccessModal(
  query: Query,
  account: OverviewAccountState,
  dismissed: boolean,
): boolean {
  return hasQueryFlag(query, 'connection_success') && fullyActivated(account) && !dismissed;
}

/**
 * The eligibility modal explains progressive onboarding to a merchant who came back from the
 * short form: the account takes payments now and the rest of the verification comes later.
 */
export function showsEligibilityModal(
  query: Query,
  account: OverviewAccountState,
  dismissed: boolean,
): boolean {
  const po = account.progressiveOnboarding;
  return hasQueryFlag(query, 'connection_success') && po.isEnabled && !po.isComplete && !dismissed;
}

/**
 * The notices the query flags raise, in the page's order. The connection flag shows its notice
 * only when neither modal speaks for it; the sandbox flag only once the sandbox account is
 * usable (complete or enabled), since the set-up may still be finishing.
 */
export function queryFlagNotices(
  query: Query,
  account: OverviewAccountState,
  modals: { connectionSuccessDismissed: boolean; eligibilityDismissed: boolean },
): QueryFlagNotice[] {
  const notices: QueryFlagNotice[] = [];
  const add = (key: QueryFlagNoticeKey, status: QueryFlagNotice['status']) =>
    notices.push({ key, status, message: QUERY_FLAG_MESSAGES[key] });
  if (
    hasQueryFlag(query, 'connection_success') &&
    !showsConnectionSuccessModal(query, account, modals.connectionSuccessDismissed) &&
    !showsEligibilityModal(query, account, modals.eligibilityDismissed)
  ) {
    add('connection_success', 'success');
  }
  if (
    hasQueryFlag(query, 'sandbox_success') &&
    (account.status === 'complete' || account.status === 'enabled')
  ) {
    add('sandbox_success', 'success');
  }
  for (const key of [
    'login_error',
    'loan_offer_error',
    'server_link_error',
    'reset_account_error',
  ] as const) {
    if (hasQueryFlag(query, key)) add(key, 'error');
  }
  return notices;
}
