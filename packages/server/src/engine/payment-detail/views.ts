import { assert, CARD_FUNDING_VALUES, convertMinor, formatAddressHtml } from '@paydesk/domain';
import { paymentDetail } from '@paydesk/domain/contracts';
import { epochSeconds } from '@paydesk/domain/time';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  BalanceTransactionsTable,
  DisputesTable,
  FraudOutcomesTable,
  OrdersTable,
  PaymentIntentsTable,
  RefundsTable,
  TimelineEventsTable,
} from '../../db/schema.ts';
import type { ChargeRow } from '../document-rows.ts';

/*
 * The payment detail page's views: stored rows as the contract gives them. Pure; the queries
 * that load the rows are in read.ts.
 */

export type TCharge = z.infer<typeof paymentDetail.ZCharge>;
type TChargeOrder = z.infer<typeof paymentDetail.ZChargeOrder>;
export type TPaymentIntent = z.infer<typeof paymentDetail.ZPaymentIntent>;
export type TTimelineEvent = z.infer<typeof paymentDetail.ZTimelineEvent>;
type TPaymentMethodDetails = z.infer<typeof paymentDetail.ZPaymentMethodDetails>;
type FraudMetaBoxType = (typeof paymentDetail.FRAUD_META_BOX_TYPES)[number];

const CAPTURE_LEDGER_TYPES = new Set(['charge', 'payment']);

// ---------------------------------------------------------------------------------------------
// Payment-method details.

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const integer = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null);
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : null;

const BLOCK_SCHEMAS = new Map(
  paymentDetail.ZPaymentMethodDetails.options.map((option) => {
    const type = option.shape.type.value;
    return [type, (option.shape as unknown as Record<string, z.ZodObject>)[type]!] as const;
  }),
);

/**
 * The stored `payment_method_details` with every field of its type's block, a value
 * the processor did not report (a declined attempt) as null. Numbers stay numbers where the
 * block says so; a value of the wrong kind is dropped to null rather than passed on.
 */
export function paymentMethodDetailsView(
  stored: Record<string, unknown>,
  fallbackType: string,
): TPaymentMethodDetails {
  const type = typeof stored.type === 'string' ? stored.type : fallbackType;
  const schema = BLOCK_SCHEMAS.get(type as TPaymentMethodDetails['type']);
  assert(schema, `payment_method_details of unknown type ${type}`);
  const source = record(stored[type]);
  const block: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    switch (key) {
      case 'exp_month':
      case 'exp_year':
        block[key] = integer(value);
        break;
      case 'funding':
        block[key] = oneOf(CARD_FUNDING_VALUES, value);
        break;
      case 'platform':
        block[key] = oneOf(['ios', 'android'], value);
        break;
      case 'payment_method_category':
        block[key] = oneOf(paymentDetail.KLARNA_CATEGORIES, value);
        break;
      case 'checks': {
        const checks = record(value);
        block[key] = {
          cvc_check: text(checks.cvc_check),
          address_line1_check: text(checks.address_line1_check),
          address_postal_code_check: text(checks.address_postal_code_check),
        };
        break;
      }
      default:
        block[key] = text(value);
    }
  }
  return { type, [type]: block } as TPaymentMethodDetails;
}

// ---------------------------------------------------------------------------------------------
// Orders and fraud outcomes.

/** What the fraud rules did with an intent's payment, as the order's fraud meta box shows it. */
export function fraudMetaBoxType(
  outcome: Pick<Selectable<FraudOutcomesTable>, 'status' | 'manual_action'> | undefined,
  intent: Pick<Selectable<PaymentIntentsTable>, 'status' | 'cancellation_reason'> | undefined,
): FraudMetaBoxType {
  if (!outcome) return 'allow';
  if (outcome.status === 'block') return 'block';
  if (outcome.manual_action === 'approved') return 'review_allowed';
  if (outcome.manual_action === 'blocked') return 'review_blocked';
  if (intent?.status === 'canceled' && intent.cancellation_reason === 'automatic') return 'review_expired';
  return 'review';
}

export function orderView(
  order: Selectable<OrdersTable>,
  outcome: Selectable<FraudOutcomesTable> | undefined,
  intent: Selectable<PaymentIntentsTable> | undefined,
): TChargeOrder {
  const subscriptions = Array.isArray(order.subscriptions) ? order.subscriptions : [];
  return {
    id: order.id,
    number: order.number,
    url: order.url,
    subscriptions: subscriptions.map((s) => ({ number: String(s.number), url: String(s.url) })),
    status: order.status,
    fraud_meta_box_type: fraudMetaBoxType(outcome, intent),
  };
}

// ---------------------------------------------------------------------------------------------
// Charges.

/** The intent of a charge and what hangs off it: its order and the fraud rules' outcome. */
export interface ChargeRelations {
  intent: Selectable<PaymentIntentsTable> | undefined;
  order: Selectable<OrdersTable> | undefined;
  fraudOutcome: Selectable<FraudOutcomesTable> | undefined;
}

/** The rows of one charge the detail page shows besides the charge itself. */
export interface ChargeRows {
  /** The charge's ledger entries, in ledger order. */
  ledger: (Pick<
    Selectable<BalanceTransactionsTable>,
    'id' | 'type' | 'amount' | 'fee' | 'net' | 'currency' | 'exchange_rate' | 'source_id' | 'available_on'
  > & {
    /** The payout that swept the entry (`ledger_payouts`), null while unswept. */
    payout_id: string | null;
  })[];
  /** Oldest first. */
  refunds: Selectable<RefundsTable>[];
  dispute: Selectable<DisputesTable> | undefined;
  related: ChargeRelations;
}

/** A charge with everything the detail page shows about it. */
export function chargeView(row: ChargeRow, { ledger, refunds, dispute, related }: ChargeRows): TCharge {
  const capture = ledger.find((entry) => CAPTURE_LEDGER_TYPES.has(entry.type) && entry.source_id === row.id);
  const refundEntries = new Map(
    ledger.filter((entry) => entry.type === 'refund').map((entry) => [entry.source_id, entry]),
  );
  const paydowns = ledger.filter((entry) => entry.type === 'financing_paydown');
  const billing = record(row.billing_details);
  const address = record(billing.address);
  const postal = {
    line1: text(address.line1),
    line2: text(address.line2),
    city: text(address.city),
    state: text(address.state),
    postal_code: text(address.postal_code),
    country: text(address.country),
  };
  const outcome = record(row.outcome);
  const feeRates = row.fee_rates === null ? null : paymentDetail.ZFeeRates.safeParse(row.fee_rates);
  assert(feeRates === null || feeRates.success, `fee_rates of charge ${row.id} match the contract`);
  const fee_rates = feeRates?.data ?? null;
  return {
    id: row.id,
    payment_intent: row.payment_intent_id,
    amount: row.amount,
    amount_captured: row.amount_captured,
    amount_refunded: row.amount_refunded,
    currency: row.currency,
    created: epochSeconds(row.created_at),
    captured: row.captured,
    refunded: row.refunded,
    paid: row.paid,
    status: row.status,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    application_fee_amount: row.application_fee_amount,
    fee_rates,
    balance_transaction: capture
      ? {
          id: capture.id,
          currency: capture.currency,
          amount: capture.amount,
          fee: capture.fee,
          net: capture.net,
          exchange_rate: capture.exchange_rate,
          available_on: epochSeconds(capture.available_on),
          deposit_id: capture.payout_id,
        }
      : null,
    refunds: {
      data: refunds.map((refund) => {
        const entry = refundEntries.get(refund.id);
        return {
          id: refund.id,
          amount: refund.amount,
          currency: refund.currency,
          status: refund.status,
          reason: refund.reason,
          failure_reason: refund.failure_reason,
          created: epochSeconds(refund.created_at),
          balance_transaction: entry
            ? { id: entry.id, currency: entry.currency, amount: entry.amount }
            : null,
        };
      }),
    },
    disputed: dispute !== undefined && dispute !== null,
    dispute: dispute
      ? {
          id: dispute.id,
          amount: dispute.amount,
          currency: dispute.currency,
          status: dispute.status as (typeof paymentDetail.ZChargeDispute.shape.status.options)[number],
          reason: dispute.reason,
          created: epochSeconds(dispute.created_at),
          evidence_details: {
            due_by: epochSeconds(dispute.due_by),
            has_evidence: dispute.has_evidence,
            submission_count: dispute.submission_count,
          },
        }
      : null,
    order: related.order ? orderView(related.order, related.fraudOutcome, related.intent) : null,
    billing_details: {
      name: text(billing.name),
      email: text(billing.email),
      phone: text(billing.phone),
      address: postal,
      formatted_address: formatAddressHtml(postal),
    },
    payment_method: row.payment_method_id,
    payment_method_details: paymentMethodDetailsView(row.payment_method_details, row.payment_method_type),
    outcome:
      typeof outcome.type === 'string'
        ? {
            type: outcome.type,
            network_status: text(outcome.network_status),
            reason: text(outcome.reason),
            risk_level: text(outcome.risk_level) ?? 'normal',
            risk_score: integer(outcome.risk_score),
            seller_message: text(outcome.seller_message),
          }
        : null,
    paydown:
      paydowns.length > 0
        ? { amount: paydowns.reduce((sum, entry) => sum + entry.amount, 0), currency: paydowns[0]!.currency }
        : null,
    channel: row.channel,
    source_device: row.source_device,
    reader_id: row.reader_id,
    capture_before: row.authorization_expires_at ? epochSeconds(row.authorization_expires_at) : null,
    has_failed_refund: refunds.some((refund) => refund.status === 'failed'),
  };
}

// ---------------------------------------------------------------------------------------------
// Payment intents.

/** A payment intent as the detail page shows it, with its latest charge's view. */
export function paymentIntentView(
  { intent, order, fraudOutcome }: ChargeRelations & { intent: Selectable<PaymentIntentsTable> },
  charge: TCharge | null,
): TPaymentIntent {
  return {
    id: intent.id,
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    capture_method: intent.capture_method,
    created: epochSeconds(intent.created_at),
    canceled_at: intent.canceled_at ? epochSeconds(intent.canceled_at) : null,
    cancellation_reason: intent.cancellation_reason,
    payment_method_types: [intent.payment_method_type],
    last_payment_error: intent.last_payment_error,
    charge,
    order: order ? orderView(order, fraudOutcome, intent) : null,
    fraud_outcome: fraudOutcome
      ? {
          status: fraudOutcome.status,
          manual_action: fraudOutcome.manual_action,
          ruleset_results: stringRecord(fraudOutcome.ruleset_results),
          created: epochSeconds(fraudOutcome.created_at),
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Timeline.

export function stringRecord(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The keys of an event's data copied as they are when present with the right kind of value. */
const INTEGER_KEYS = ['amount', 'fee', 'amount_captured', 'amount_refunded', 'evidence_due_by'] as const;
const STRING_KEYS = [
  'currency',
  'failure_reason',
  'acquirer_reference_number',
  'acquirer_reference_number_status',
  'loan_id',
  'transaction_id',
  'refund_id',
  'dispute_id',
] as const;

const isTimelineType = (type: string): type is TTimelineEvent['type'] =>
  (paymentDetail.ZTimelineEvent.shape.type.options as readonly string[]).includes(type);

/** A payment's ledger entry, with what a capture's event reads its amounts from. */
export type PaymentEntry = Pick<
  Selectable<BalanceTransactionsTable>,
  'amount' | 'fee' | 'currency' | 'customer_amount' | 'customer_currency' | 'exchange_rate'
>;

/**
 * A capture's event data with its amounts. A capture's event keeps only its ledger entry's id
 * (and who captured); what it shows is that entry's and its charge's: the amount captured in the
 * customer's currency and in the store's, the fee, and the amount authorized (`authorized`, the
 * charge's amount) in both. An event stored with its amounts, as captures once were, is read as
 * it is.
 */
export function capturedEventData(
  stored: Record<string, unknown>,
  entry: PaymentEntry | undefined,
  authorized: number | null,
): Record<string, unknown> {
  if (stored.amount !== undefined || entry === undefined || authorized === null) return stored;
  const captured = entry.customer_amount ?? entry.amount;
  const currency = entry.customer_currency ?? entry.currency;
  return {
    ...stored,
    amount: captured,
    amount_captured: captured,
    currency,
    fee: entry.fee,
    transaction_details: {
      customer_currency: currency,
      customer_amount: authorized,
      customer_amount_captured: captured,
      store_currency: entry.currency,
      store_amount: convertMinor(authorized, currency, entry.currency, entry.exchange_rate ?? '1'),
      store_amount_captured: entry.amount,
      store_fee: entry.fee,
    },
  };
}

/** An event of a payment, stored or read from a capture's ledger entry. */
export interface TimelineRow {
  /** The stored event's id; a capture read from its entry sorts between two ids (`withEntryCaptures`). */
  order: number;
  type: string;
  datetime: Date;
  data: unknown;
  charge_id: string | null;
}

/** A capture's ledger entry, the event of a capture that keeps no row. */
export interface CaptureEntry {
  transaction_id: string;
  charge_id: string;
  created_at: Date;
}

/**
 * What can come before a capture in the same instant: a local method's first step, a manual
 * authorization, a hold for review and its approval. Everything else at that instant (a loan's
 * paydown, a refund, a dispute) follows it.
 */
const BEFORE_CAPTURE: readonly string[] = [
  'started',
  'authorized',
  'fraud_outcome_review',
  'fraud_outcome_manual_approve',
] satisfies TTimelineEvent['type'][];

/**
 * A payment's events, newest first, with the captures that keep no event of their own (made at
 * checkout, by nobody) read from their ledger entries. Such a capture takes the place its event
 * would have had: after what started, authorized or held the payment in the same instant, before
 * what followed. A charge with a stored capture (a person's, or one stored before captures were
 * read from the ledger) gets no second.
 */
export function withEntryCaptures(
  rows: readonly TimelineRow[],
  captures: readonly CaptureEntry[],
  limit: number,
): TimelineRow[] {
  const stored = new Set(rows.filter((row) => row.type === 'captured').map((row) => row.charge_id));
  const read = captures.filter((capture) => !stored.has(capture.charge_id));
  if (read.length === 0) return rows.slice(0, limit);
  const merged = [...rows];
  for (const capture of read) {
    const at = capture.created_at.getTime();
    const before = rows.filter((row) => row.datetime.getTime() === at && BEFORE_CAPTURE.includes(row.type));
    merged.push({
      // Stored ids start at 1, so a capture nothing came before is the oldest event of its instant.
      order: Math.max(0, ...before.map((row) => row.order)) + 0.5,
      type: 'captured',
      datetime: capture.created_at,
      data: { transaction_id: capture.transaction_id },
      charge_id: capture.charge_id,
    });
  }
  return merged
    .sort((a, b) => b.datetime.getTime() - a.datetime.getTime() || b.order - a.order)
    .slice(0, limit);
}

/**
 * One stored event as the contract gives it. `deposits` maps ledger entry ids to the payout that
 * swept them; an event with a ledger entry gets `deposit` (null until a payout sweeps it). A
 * capture's `fee_rates` are its charge's (`charge_fee_rates`), unless the event kept a copy of
 * its own, as captures were once stored.
 */
export function timelineEventView(
  row: Pick<Selectable<TimelineEventsTable>, 'type' | 'datetime' | 'data'> & {
    charge_fee_rates?: unknown;
  },
  deposits: ReadonlyMap<string, { id: string; arrival_date: number } | null>,
): TTimelineEvent {
  assert(isTimelineType(row.type), `timeline event of unknown type ${row.type}`);
  const data = record(row.data);
  const event: TTimelineEvent = { type: row.type, datetime: epochSeconds(row.datetime) };
  const target = event as Record<string, unknown>;
  for (const key of INTEGER_KEYS) if (Number.isSafeInteger(data[key])) target[key] = data[key];
  for (const key of STRING_KEYS) if (typeof data[key] === 'string') target[key] = data[key];
  if (typeof data.reason === 'string' || data.reason === null) event.reason = data.reason;
  const feeRates = paymentDetail.ZFeeRates.safeParse(data.fee_rates ?? row.charge_fee_rates);
  if (feeRates.success) event.fee_rates = feeRates.data;
  const details = paymentDetail.ZTimelineTransactionDetails.safeParse(data.transaction_details);
  if (details.success) event.transaction_details = details.data;
  const user = record(data.user);
  if (Number.isSafeInteger(user.id) && typeof user.username === 'string')
    event.user = { id: user.id as number, username: user.username };
  if (data.ruleset_results !== undefined) event.ruleset_results = stringRecord(data.ruleset_results);
  if (event.transaction_id !== undefined) event.deposit = deposits.get(event.transaction_id) ?? null;
  return event;
}
