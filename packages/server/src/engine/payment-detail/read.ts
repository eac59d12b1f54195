import { appError } from '@paydesk/domain';
import { epochSeconds } from '@paydesk/domain/time';
import type { Db } from '../../db/database.ts';
import { ownedBy } from '../../db/scope.ts';
import { type ChargeRow, chargeRows } from '../document-rows.ts';
import type { Executor } from '../ledger.ts';
import { CAPTURE_LEDGER_TYPES } from '../payments/plan-capture.ts';
import {
  type CaptureEntry,
  type ChargeRelations,
  capturedEventData,
  chargeView,
  type PaymentEntry,
  paymentIntentView,
  record,
  type TCharge,
  type TimelineRow,
  type TPaymentIntent,
  type TTimelineEvent,
  timelineEventView,
  withEntryCaptures,
} from './views.ts';

export const PAYMENT_DETAIL_ERRORS = {
  chargeNotFound: () => appError('wcpay_charge_not_found'),
  orderNotFound: () => appError('wcpay_missing_order'),
  orderHasNoCharge: () => appError('wcpay_charge_not_found'),
  intentNotFound: () => appError('wcpay_payment_intent_not_found'),
} as const;

/**
 * Runs a read in one read-only snapshot, so that a charge, its refunds and its ledger entries
 * agree with each other even while a refund or a capture is being written.
 */
export function inSnapshot<T>(db: Db, read: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

// ---------------------------------------------------------------------------------------------
// Charges.

/** The order of an intent and the fraud rules' outcome of its payment. */
async function loadOrderAndOutcome(
  db: Executor,
  intentId: string,
  orderId: number | null,
): Promise<Omit<ChargeRelations, 'intent'>> {
  const order =
    orderId === null
      ? undefined
      : await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  const fraudOutcome = await db
    .selectFrom('fraud_outcomes')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirst();
  return { order, fraudOutcome };
}

async function loadIntentRelations(
  db: Executor,
  intentId: string,
  orderId: number | null,
): Promise<ChargeRelations> {
  const intent = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', intentId)
    .executeTakeFirst();
  return { intent, ...(await loadOrderAndOutcome(db, intentId, orderId)) };
}

/** Loads what the detail page shows about a charge and gives its view. */
async function loadCharge(db: Executor, row: ChargeRow, relations?: ChargeRelations): Promise<TCharge> {
  // One query after another: the reads share one connection in their snapshot (inSnapshot).
  const ledger = await db
    .selectFrom('balance_transactions as b')
    .leftJoin('ledger_payouts as lp', 'lp.seq', 'b.seq')
    .select([
      'b.id',
      'b.type',
      'b.amount',
      'b.fee',
      'b.net',
      'b.currency',
      'b.exchange_rate',
      'b.source_id',
      'lp.payout_id',
      'b.available_on',
    ])
    .where('b.charge_id', '=', row.id)
    .orderBy('b.seq')
    .execute();
  const refunds = await db
    .selectFrom('refunds')
    .selectAll()
    .where('charge_id', '=', row.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const dispute = await db
    .selectFrom('disputes')
    .selectAll()
    .where('charge_id', '=', row.id)
    .executeTakeFirst();
  const related = relations ?? (await loadIntentRelations(db, row.payment_intent_id, row.order_id));
  return chargeView(row, { ledger, refunds, dispute, related });
}

/** `GET {base}/charges/{id}`. */
export async function readCharge(db: Executor, accountId: string, id: string): Promise<TCharge> {
  const row = await db
    .selectFrom(chargeRows(db))
    .selectAll()
    .where('id', '=', id)
    .where(ownedBy(accountId))
    .executeTakeFirst();
  if (!row) throw PAYMENT_DETAIL_ERRORS.chargeNotFound();
  return loadCharge(db, row);
}

/** `GET {base}/charges/order/{id}`: the order's latest charge. */
export async function readChargeByOrder(db: Executor, accountId: string, orderId: number): Promise<TCharge> {
  const order = await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw PAYMENT_DETAIL_ERRORS.orderNotFound();
  const row = await db
    .selectFrom(chargeRows(db))
    .selectAll()
    .where('order_id', '=', orderId)
    .where(ownedBy(accountId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw PAYMENT_DETAIL_ERRORS.orderHasNoCharge();
  return loadCharge(db, row);
}

// ---------------------------------------------------------------------------------------------
// Payment intents.

/** `GET {base}/payment_intents/{id}`. */
export async function readPaymentIntent(
  db: Executor,
  accountId: string,
  id: string,
): Promise<TPaymentIntent> {
  const intent = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', id)
    .where(ownedBy(accountId))
    .executeTakeFirst();
  if (!intent) throw PAYMENT_DETAIL_ERRORS.intentNotFound();
  const relations = { intent, ...(await loadOrderAndOutcome(db, intent.id, intent.order_id)) };
  const chargeRow =
    intent.latest_charge_id === null
      ? undefined
      : await db
          .selectFrom(chargeRows(db))
          .selectAll()
          .where('id', '=', intent.latest_charge_id)
          .executeTakeFirst();
  return paymentIntentView(relations, chargeRow ? await loadCharge(db, chargeRow, relations) : null);
}

// ---------------------------------------------------------------------------------------------
// Timeline.

/** The intent a timeline id names: a payment intent id, or a charge id resolved to its intent. */
async function timelineIntentId(db: Executor, accountId: string, id: string): Promise<string> {
  if (id.startsWith('pi_')) {
    const intent = await db
      .selectFrom('payment_intents')
      .select('id')
      .where('id', '=', id)
      .where(ownedBy(accountId))
      .executeTakeFirst();
    if (!intent) throw PAYMENT_DETAIL_ERRORS.intentNotFound();
    return intent.id;
  }
  const charge = await db
    .selectFrom('charges')
    .select('payment_intent_id')
    .where('id', '=', id)
    .where(ownedBy(accountId))
    .executeTakeFirst();
  if (!charge) throw PAYMENT_DETAIL_ERRORS.chargeNotFound();
  return charge.payment_intent_id;
}

/** A payment has a handful of events; this bounds the answer should something loop. */
export const MAX_TIMELINE_EVENTS = 1000;

/** `GET {base}/timeline/{id}`: every event of the payment, newest first. */
export async function readTimeline(
  db: Executor,
  accountId: string,
  id: string,
): Promise<{ data: TTimelineEvent[] }> {
  const intentId = await timelineIntentId(db, accountId, id);
  const stored = await db
    .selectFrom('timeline_events as t')
    .select(['t.id as order', 't.type', 't.datetime', 't.data', 't.charge_id'])
    .where('t.payment_intent_id', '=', intentId)
    .orderBy('t.datetime', 'desc')
    .orderBy('t.id', 'desc')
    .limit(MAX_TIMELINE_EVENTS)
    .execute();
  // The payment's ledger entries (bt_intent_idx) say which payout swept each event's money, give
  // a capture's event its amounts (capturedEventData), and are the events of the captures made at
  // checkout, which keep no row (withEntryCaptures). A capture's fee rates and the amount
  // authorized are its charge's (charges_pkey, charge_documents_pkey). A dispute's event does not
  // name its entry (the disputed amount and fee taken from the balance), so that one is found by
  // the dispute; an inquiry has none.
  const entries = await db
    .selectFrom('balance_transactions as bt')
    .leftJoin('ledger_payouts as lp', 'lp.seq', 'bt.seq')
    .leftJoin('payouts as p', 'p.id', 'lp.payout_id')
    .leftJoin(chargeRows(db), (join) =>
      join.onRef('charges.id', '=', 'bt.charge_id').on('bt.type', 'in', CAPTURE_LEDGER_TYPES),
    )
    .select([
      'bt.id as transaction_id',
      'bt.type',
      'bt.charge_id',
      'bt.created_at',
      'bt.dispute_id',
      'bt.amount',
      'bt.fee',
      'bt.currency',
      'bt.customer_amount',
      'bt.customer_currency',
      'bt.exchange_rate',
      'p.id as payout_id',
      'p.arrival_date',
      'charges.fee_rates as charge_fee_rates',
      'charges.amount as charge_amount',
    ])
    // The intent is the account's (timelineIntentId), so its entries are too; a condition on
    // the account would only tempt the planner into reading the account's whole list index.
    .where('bt.payment_intent_id', '=', intentId)
    .execute();
  const deposits = new Map<string, { id: string; arrival_date: number } | null>();
  const entriesById = new Map<string, PaymentEntry>();
  const disputeEntries = new Map<string, string>();
  const captures: CaptureEntry[] = [];
  const capturedCharges = new Map<string, { fee_rates: unknown; amount: number | null }>();
  for (const entry of entries) {
    deposits.set(
      entry.transaction_id,
      entry.payout_id && entry.arrival_date
        ? { id: entry.payout_id, arrival_date: epochSeconds(entry.arrival_date) }
        : null,
    );
    entriesById.set(entry.transaction_id, entry);
    if (entry.type === 'dispute' && entry.dispute_id)
      disputeEntries.set(entry.dispute_id, entry.transaction_id);
    if (entry.charge_id !== null && (CAPTURE_LEDGER_TYPES as readonly string[]).includes(entry.type)) {
      captures.push({ ...entry, charge_id: entry.charge_id });
      capturedCharges.set(entry.charge_id, {
        fee_rates: entry.charge_fee_rates,
        amount: entry.charge_amount,
      });
    }
  }
  const rows = withEntryCaptures(stored, captures, MAX_TIMELINE_EVENTS);
  const chargeOf = (row: TimelineRow) =>
    row.type === 'captured' && row.charge_id !== null ? capturedCharges.get(row.charge_id) : undefined;
  const data = rows.map((row) => {
    const stored = record(row.data);
    if (row.type !== 'captured' || typeof stored.transaction_id !== 'string') return stored;
    return capturedEventData(stored, entriesById.get(stored.transaction_id), chargeOf(row)?.amount ?? null);
  });
  return {
    data: rows.map((row, i) => {
      const own = data[i]!;
      const disputeEntry =
        row.type === 'dispute_needs_response' && typeof own.dispute_id === 'string'
          ? disputeEntries.get(own.dispute_id)
          : undefined;
      return timelineEventView(
        {
          ...row,
          charge_fee_rates: chargeOf(row)?.fee_rates,
          data:
            disputeEntry && own.transaction_id === undefined ? { ...own, transaction_id: disputeEntry } : own,
        },
        deposits,
      );
    }),
  };
}
