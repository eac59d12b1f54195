import { hidesGreetingInboxAndNotifications } from '@paydesk/domain/overview/account-status';
import { lazy, Suspense } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';

const InboxCard = lazy(() => import('./inbox-card.tsx'));

/**
 * The Overview inbox, loaded on its own once the page shows it, so its code (the HTML sanitiser
 * among it) does not weigh on the page's first load. Rejected and under-review accounts do not
 * see it.
 */
export function InboxPanel() {
  const settings = getSettings();
  if (!settings.isAccountConnected || hidesGreetingInboxAndNotifications(settings.accountStatus.status))
    return null;
  return (
    <Suspense fallback={null}>
      <InboxCard />
    </Suspense>
  );
}
