import type { QueryClient } from '@tanstack/react-query';
import { paymentDetailKeys } from './detail/api/query-keys.ts';
import { TRANSACTIONS_QUERY_ROOT } from './list/query-keys.ts';

/**
 * Marks stale every view a refund, capture or cancel changes: the transactions lists and their
 * summaries, and the payment pages. Whichever page the merchant acted on, the others read again
 * when shown, so a list does not show a captured payment as uncaptured.
 */
export async function invalidatePaymentViews(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_ROOT }),
    client.invalidateQueries({ queryKey: paymentDetailKeys.all }),
  ]);
}
