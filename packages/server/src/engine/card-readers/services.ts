import { appError, cardReaderFee, invalidParams } from '@paydesk/domain';
import { cardReaders } from '@paydesk/domain/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { CardReadersTable } from '../../db/schema.ts';
import { ownedBy } from '../../db/scope.ts';
import { requireAccount } from '../accounts.ts';
import type { IdSource } from '../ids.ts';
import { type Executor, postLedger } from '../ledger.ts';
import type { EngineContext } from '../payments/context.ts';
import { lockAccount } from '../payouts/services.ts';

const READER_DEVICE_TYPES: readonly string[] = cardReaders.READER_DEVICE_TYPES;

/** In-person channels: a reader (or a phone with Tap to Pay) took the payment. */
const IN_PERSON_CHANNELS = ['in_person', 'in_person_pos'] as const;

/** Registers a card reader (`tmr_…`) on the store's account. */
export async function createReader(
  db: Db,
  ids: IdSource,
  input: { label: string; device_type?: string | undefined; now: Date },
): Promise<Selectable<CardReadersTable>> {
  const deviceType = input.device_type ?? 'bbpos_wisepos_e';
  if (!READER_DEVICE_TYPES.includes(deviceType)) {
    throw invalidParams({ device_type: `One of ${READER_DEVICE_TYPES.join(', ')}.` });
  }
  const label = input.label.trim();
  if (label.length === 0 || label.length > 100)
    throw invalidParams({ label: 'Between 1 and 100 characters.' });
  const account = await requireAccount(db);
  return db
    .insertInto('card_readers')
    .values({
      id: ids.next('tmr'),
      account_id: account.id,
      device_type: deviceType,
      label,
      is_active: true,
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `GET {base}/readers`. */
export async function listReaders(
  db: Executor,
  accountId: string,
  limit: number,
): Promise<z.infer<typeof cardReaders.ZReader>[]> {
  return db
    .selectFrom('card_readers')
    .select(['id', 'device_type', 'is_active', 'label'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface ReaderFeeResult {
  transaction_id: string;
  charge_id: string;
  amount: number;
  currency: string;
  items: { reader_id: string; count: number; fee: number }[];
}

/**
 * The `readers.fees` job: bills each reader of the account for the in-person charges captured
 * since its last bill. One `card_reader_fee` ledger entry per run carries the total as a negative
 * amount with fee 0 (the fee is the whole movement, so net = amount = −total, and it is not
 * counted twice in fee totals); `reader_fee_items` say what each reader contributed. The entry
 * gets a `ch_…` charge id of its own, as the provider bills reader fees as charges, so the
 * payment detail page can open it. Nothing is posted when no reader was used.
 */
export async function chargeReaderFees(
  ctx: EngineContext,
  accountId: string,
): Promise<ReaderFeeResult | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, accountId);
    const readerRows = await trx
      .selectFrom('card_readers')
      .select(['id', 'fees_counted_until'])
      .where('account_id', '=', account.id)
      .orderBy('id')
      .forUpdate()
      .execute();
    const currency = account.default_currency;
    const items: ReaderFeeResult['items'] = [];
    for (const reader of readerRows) {
      let query = trx
        .selectFrom('charges')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('reader_id', '=', reader.id)
        .where('account_id', '=', account.id)
        .where('captured', '=', true)
        .where('channel', 'in', IN_PERSON_CHANNELS)
        .where('captured_at', '<=', ctx.now);
      if (reader.fees_counted_until) query = query.where('captured_at', '>', reader.fees_counted_until);
      const count = Number((await query.executeTakeFirstOrThrow()).count);
      if (count > 0) items.push({ reader_id: reader.id, count, fee: cardReaderFee(count, currency) });
    }
    if (readerRows.length > 0) {
      await trx
        .updateTable('card_readers')
        .set({ fees_counted_until: ctx.now })
        .where(
          'id',
          'in',
          readerRows.map((r) => r.id),
        )
        .execute();
    }
    const total = items.reduce((sum, item) => sum + item.fee, 0);
    if (total === 0) return undefined;
    const transactionId = ctx.ids.next('txn');
    const chargeId = ctx.ids.next('ch');
    await postLedger(trx, [
      {
        id: transactionId,
        account_id: account.id,
        type: 'card_reader_fee',
        amount: -total,
        fee: 0,
        currency,
        source_id: chargeId,
        charge_id: chargeId,
        available_on: ctx.now,
        created_at: ctx.now,
        channel: 'in_person',
        description: 'Card reader fee',
      },
    ]);
    await trx
      .insertInto('reader_fee_items')
      .values(
        items.map((item) => ({
          balance_transaction_id: transactionId,
          reader_id: item.reader_id,
          status: 'active',
          count: item.count,
          fee: item.fee,
          currency,
        })),
      )
      .execute();
    return { transaction_id: transactionId, charge_id: chargeId, amount: -total, currency, items };
  });
}

/** `GET {base}/readers/charges/:id`: the fee's rows per reader, by transaction id or charge id. */
export async function readerFeeStats(
  db: Executor,
  accountId: string,
  id: string,
): Promise<z.infer<typeof cardReaders.ZReaderStatsRow>[]> {
  const txn = await db
    .selectFrom('balance_transactions')
    .select('id')
    .where(ownedBy(accountId))
    .where('type', '=', 'card_reader_fee')
    .where(id.startsWith('txn_') ? 'id' : 'charge_id', '=', id)
    .executeTakeFirst();
  if (!txn) throw appError('wcpay_readers_not_found');
  const rows = await db
    .selectFrom('reader_fee_items')
    .select(['reader_id', 'status', 'count', 'fee', 'currency'])
    .where('balance_transaction_id', '=', txn.id)
    .orderBy('reader_id')
    .execute();
  return rows.map((row) => ({
    reader_id: row.reader_id,
    status: row.status,
    count: row.count,
    fee: { amount: row.fee, currency: row.currency },
  }));
}
