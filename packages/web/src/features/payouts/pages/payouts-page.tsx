import { Stack } from '@mantine/core';
import { PayoutsList } from '../list/payouts-list.tsx';
import { PayoutNotices } from '../notices/payout-notices.tsx';

/** The payouts page (spec 2 §2 "Payouts list"): notices and schedule, then the payout history. */
export default function PayoutsPage() {
  return (
    <Stack gap="md" data-testid="payouts-page">
      <PayoutNotices />
      <PayoutsList />
    </Stack>
  );
}
