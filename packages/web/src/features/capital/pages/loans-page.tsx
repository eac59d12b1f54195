import { Stack } from '@mantine/core';
import { ActiveLoanOverview } from '../components/active-loan-overview.tsx';
import { LoansTable } from '../components/loans-table.tsx';

/** The Loans page: the active loan's overview card and the table of all loans. */
export default function LoansPage() {
  return (
    <Stack gap="lg" data-testid="loans-page">
      <ActiveLoanOverview />
      <LoansTable />
    </Stack>
  );
}
