import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { currencyAmount as money } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { useActiveLoanSummary } from '../api/get-active-loan-summary.ts';
import { date, withholdRate } from './format.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The active loan's overview card, from the active loan summary: what was repaid of the
 * loan and its fee, the current repayment period, and the loan's terms. Nothing shows when no
 * loan is being repaid.
 */
export function ActiveLoanOverview() {
  const summary = useActiveLoanSummary();
  if (summary.isError) {
    return (
      <LoadError
        message={__('Error retrieving the active loan summary.')}
        onRetry={() => void summary.refetch()}
        testId="active-loan-error"
      />
    );
  }
  if (summary.isPending) return <Skeleton h={160} aria-label={__('Loading')} />;
  if (!summary.data) return null;
  const loan = summary.data.details;
  const interval = loan.current_repayment_interval;
  const currency = loan.currency;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="active-loan-title"
      data-testid="active-loan"
    >
      <Title id="active-loan-title" order={2} size="h4" mb="md">
        {__('Active loan overview')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
        <Figure
          label={__('Total repaid')}
          testId="loan-total-repaid"
          value={sprintf(
            __('%1$s of %2$s'),
            money(loan.paid_amount, currency),
            money(loan.advance_amount + loan.fee_amount, currency),
          )}
        />
        <Figure
          label={__('Repaid this period')}
          testId="loan-period-paid"
          value={money(interval.paid_amount, currency)}
        />
        <Figure
          label={sprintf(__('Minimum due by %s'), date(interval.due_at))}
          testId="loan-period-remaining"
          value={money(interval.remaining_amount, currency)}
        />
        <Figure label={__('Loan disbursed')} testId="loan-paid-out" value={date(loan.advance_paid_out_at)} />
        <Figure label={__('Loan amount')} testId="loan-amount" value={money(loan.advance_amount, currency)} />
        <Figure label={__('Fixed fee')} testId="loan-fee" value={money(loan.fee_amount, currency)} />
        <Figure
          label={__('Withhold rate')}
          testId="loan-withhold-rate"
          value={withholdRate(loan.withhold_rate)}
        />
        <Figure
          label={__('Repayments began')}
          testId="loan-repayments-begin"
          value={date(loan.repayments_begin_at)}
        />
      </SimpleGrid>
    </Card>
  );
}
