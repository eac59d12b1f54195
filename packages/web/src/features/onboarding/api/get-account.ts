import { onboarding } from '@paydesk/domain/contracts';
import { apiFetch } from '../../../lib/api.ts';

/** GET {base}/accounts: the account and its status, polled while the sandbox is set up. */
export function fetchAccount(signal?: AbortSignal) {
  return apiFetch(onboarding.accountsGet, signal ? { signal } : {});
}
