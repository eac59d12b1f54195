import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PayoutsList } from '../list/payouts-list.tsx';
import { PayoutNotices } from '../notices/payout-notices.tsx';

/** Matching a statement sits below the list and loads after it, outside the page's first load. */
const StatementMatch = lazy(() =>
  import('../statement/statement-match.tsx').then((module) => ({ default: module.StatementMatch })),
);

/**
 * The payouts page: notices and schedule, the payout history, then
 * matching a bank statement against it.
 */
export default function PayoutsPage() {
  return (
    <Stack gap="md" data-testid="payouts-page">
      <PayoutNotices />
      <PayoutsList />
      <Suspense fallback={<Skeleton h={160} />}>
        <StatementMatch />
      </Suspense>
    </Stack>
  );
}
