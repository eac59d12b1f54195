import { Box, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery, useSearch } from '../../../lib/navigation.ts';
import { track } from '../../../lib/track.ts';
import { PaymentDetails } from '../detail/payment-details.tsx';

/** The readers a card reader fee charged for: a view of its own, loaded when asked for. */
const CardReadersTable = lazy(async () => ({
  default: (await import('../detail/card-readers-table.tsx')).CardReadersTable,
}));

/** The detail page is at most 1032 pixels wide. */
const MAX_WIDTH_PX = 1032;

/**
 * Links from the fraud protection pages carry the list filters they came from; they are
 * recorded once and removed, so that reloading the page does not count the visit again.
 */
function useTrackAndClearListFilters(statusIs: string | null, typeIs: string | null) {
  useEffect(() => {
    if (!statusIs && !typeIs) return;
    track('wcpay_fraud_protection_order_details_link_clicked', {
      status_is: statusIs,
      type_is: typeIs,
    });
    updateQuery({ status_is: undefined, type_is: undefined }, { replace: true });
  }, [statusIs, typeIs]);
}

/** /payments/transactions/details: one payment, or the readers a card reader fee charged for. */
export default function PaymentDetailPage() {
  const search = useSearch();
  const id = search.get('id') ?? '';
  const transactionType = search.get('transaction_type');
  useTrackAndClearListFilters(search.get('status_is'), search.get('type_is'));
  return (
    <Box maw={MAX_WIDTH_PX} data-testid="payment-detail-page">
      {transactionType === 'card_reader_fee' ? (
        <Suspense fallback={<Loader aria-label={__('Loading')} />}>
          <CardReadersTable id={search.get('transaction_id') || id} />
        </Suspense>
      ) : (
        <PaymentDetails id={id} focusDispute={search.get('type') === 'dispute'} />
      )}
    </Box>
  );
}
