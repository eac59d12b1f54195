import { Alert, Loader, Stack, Title } from '@mantine/core';
import { INSTANT_PAYOUT_NOTE, isFetchablePayoutId } from '@paydesk/domain/payouts/display';
import type { ComponentType } from 'react';
import { hasErrorCode } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { usePayout } from '../api/get-payout.ts';
import { PayoutSummary } from '../detail/payout-summary.tsx';
import { PayoutReconciliation } from '../detail/reconciliation.tsx';

/** The transactions list narrowed to one payout; the app hands it over (features stay apart). */
export type PayoutTransactions = ComponentType<{ depositId: string }>;

function NotFound() {
  return (
    <Alert color="gray" data-testid="payout-not-found">
      {__('The deposit you are looking for cannot be found.')}
    </Alert>
  );
}

/**
 * The payout detail page: its summary, bank account and reference, and the
 * transactions it paid out; an instant payout has a note instead. An id with a non-word
 * character is never fetched.
 */
export default function PayoutDetailPage({
  transactions: Transactions,
}: {
  transactions: PayoutTransactions;
}) {
  const { id } = useQueryValues();
  const payout = usePayout(id);
  if (!isFetchablePayoutId(id)) return <NotFound />;
  if (payout.isError)
    return hasErrorCode(payout.error, 'wcpay_deposit_not_found') ? (
      <NotFound />
    ) : (
      <Alert color="red">{__('Error retrieving payout.')}</Alert>
    );
  if (!payout.data) return <Loader aria-label={__('Loading')} />;
  return (
    <Stack gap="md" data-testid="payout-detail">
      <PayoutSummary payout={payout.data} />
      <PayoutReconciliation payout={payout.data} />
      {payout.data.automatic ? (
        <section aria-labelledby="payout-transactions-heading">
          <Title order={2} size="h4" mb="sm" id="payout-transactions-heading">
            {__('Transactions in this payout')}
          </Title>
          <Transactions depositId={payout.data.id} />
        </section>
      ) : (
        <Alert color="blue" data-testid="instant-payout-note">
          {__(INSTANT_PAYOUT_NOTE)}
        </Alert>
      )}
    </Stack>
  );
}
