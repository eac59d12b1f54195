/**
 * The payments account (`GET {base}/accounts`). The Overview, its task list, the payouts page and
 * the payment-methods wizard all read it under this one key, so a change to the account
 * refreshes every page that shows it.
 */
export const accountKeys = {
  all: ['account'] as const,
  current: () => [...accountKeys.all, 'current'] as const,
};
