import { hidesGreetingInboxAndNotifications } from '@paydesk/domain/overview/account-status';
import { lazy, Suspense } from 'react';
import { useAccount } from '../account/api/get-account.ts';

const NotificationsBannerBody = lazy(() => import('./notifications-banner-body.tsx'));

/**
 * The account's notifications banner. Hidden while the account is rejected or under review,
 * and when verification asks nothing of the merchant: no errors, nothing past due,
 * no deadline.
 */
export function NotificationsBanner() {
  const account = useAccount();
  const data = account.data;
  if (!data || hidesGreetingInboxAndNotifications(data.status)) return null;
  const hasRequirements =
    data.requirements.errors.length > 0 || data.pastDue || data.currentDeadline !== null;
  if (!hasRequirements) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsBannerBody account={data} />
    </Suspense>
  );
}
