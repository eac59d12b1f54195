import type { onboarding } from '@paydesk/domain/contracts';
import { connectUrlWith } from '../../../lib/connect-url.ts';

/**
 * GET the connect URL as a fetch: with test_drive it makes the sandbox account and
 * answers success and data.redirect_to. Anything else is a failure the caller reports.
 */
export async function requestTestDrive(query: Record<string, string | undefined>): Promise<string> {
  const response = await fetch(connectUrlWith({ ...query, test_drive: 'true' }), {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  const answer = (await response.json()) as onboarding.TConnectAnswer;
  if (!response.ok || !answer.success || !answer.data.redirect_to) {
    throw new Error(answer.data?.message ?? `The sandbox set-up answered ${response.status}`);
  }
  return answer.data.redirect_to;
}
