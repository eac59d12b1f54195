import type { QueryClient } from '@tanstack/react-query';
import { paymentDetailKeys, transactionsKeys } from '../../lib/query-keys/index.ts';

/**
 * Marks stale every view a refund, capture or cancel changes: the transactions lists and their
 * summaries, and the payment pages. Whichever page the merchant acted on, the others read again
 * when shown, so a list does not show a captured payment as uncaptured.
 */
export async function invalidatePaymentViews(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: transactionsKeys.all }),
    client.invalidateQueries({ queryKey: paymentDetailKeys.all }),
  ]);
}
