import { OVERVIEW_DISPUTES_LIMIT } from '@paydesk/domain/contracts/reporting';
import type { DisputeSummaryItem } from '@paydesk/domain/overview/tasks';
import { AWAITING_RESPONSE_STATUSES } from '@paydesk/domain/transactions/status';
import type { Executor } from '../ledger.ts';

/**
 * The disputes the merchant still has to answer, as the Overview's dispute items, the nearest
 * deadline first. `disputes_status_idx` serves it in that order.
 */
export async function disputesAwaitingResponse(
  db: Executor,
  accountId: string,
): Promise<DisputeSummaryItem[]> {
  const rows = await db
    .selectFrom('disputes')
    .select(['id', 'charge_id', 'amount', 'currency', 'due_by'])
    .where('account_id', '=', accountId)
    .where('status', 'in', AWAITING_RESPONSE_STATUSES)
    .orderBy('due_by', 'asc')
    .orderBy('id', 'asc')
    .limit(OVERVIEW_DISPUTES_LIMIT)
    .execute();
  return rows.map((row) => ({
    dispute_id: row.id,
    charge_id: row.charge_id,
    amount: row.amount,
    currency: row.currency,
    due_by: row.due_by.toISOString(),
  }));
}
