/**
 * Query keys of the payments settings (`GET {base}/settings`) and the store settings
 * (`GET /wc/v3/settings/general`): one key per resource, whichever page reads it.
 */
export const settingsKeys = {
  payments: () => ['payments-settings'] as const,
  store: () => ['store-settings'] as const,
};
