import type { Db } from '../../db/database.ts';
import { findAccount } from '../accounts.ts';
import { deleteUnusedDocuments } from '../document-rows.ts';

/**
 * Every table holding rows of an account, in an order that deletes referencing rows first.
 * reset.test.ts checks that each table with an account_id column is listed here.
 */
export const ACCOUNT_TABLES = [
  'exports',
  'notes',
  'documents',
  'vat_details',
  'vat_numbers',
  'files',
  'fraud_outcomes',
  'ledger_rollups',
  'ledger_cube',
  'ledger_cube_hours',
  'ledger_customers',
  'ledger_customer_letters',
  'ledger_unswept',
  'ledger_unswept_hours',
  'payment_risk',
  'balance_transactions',
  'refunds',
  'disputes',
  'charges',
  'payment_intents',
  'payouts',
  'loans',
  'card_readers',
] as const;

/** The rule lives in domain: the settings page offers the reset by it too. */
export { canResetAccount } from '@paydesk/domain/onboarding/reset';

/**
 * Deletes the store's account and everything made under it, in one database transaction, so
 * the store is back at "connected, no account". Orders stay: they are the store's.
 * Answers false when there was no account.
 */
export async function resetAccount(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locked first: payments in flight finish before the reset reads what to delete, and those
    // that start meanwhile wait for it and then find no account (findAccount's `keyShare`).
    const account = await findAccount(trx, 'update');
    if (!account) return false;
    const id = account.id;
    await trx
      .deleteFrom('reader_fee_items')
      .where('reader_id', 'in', trx.selectFrom('card_readers').select('id').where('account_id', '=', id))
      .execute();
    await trx
      .deleteFrom('timeline_events')
      .where(
        'payment_intent_id',
        'in',
        trx.selectFrom('payment_intents').select('id').where('account_id', '=', id),
      )
      .execute();
    // Which payout swept each row: named by the account's payouts and ledger rows, which follow.
    await trx
      .deleteFrom('ledger_payouts')
      .where('payout_id', 'in', trx.selectFrom('payouts').select('id').where('account_id', '=', id))
      .execute();
    for (const table of ACCOUNT_TABLES) {
      await trx.deleteFrom(table).where('account_id', '=', id).execute();
    }
    await deleteUnusedDocuments(trx);
    // Daily jobs (payouts, availability) name the account in their payload.
    await trx
      .deleteFrom('jobs')
      .where('status', '=', 'queued')
      .where((eb) => eb(eb.ref('payload', '->>').key('account_id' as never), '=', id))
      .execute();
    await trx.deleteFrom('accounts').where('id', '=', id).execute();
    return true;
  });
}
