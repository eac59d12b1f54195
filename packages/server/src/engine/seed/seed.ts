import {
  appError,
  assert,
  type FraudRule,
  isDisputeStatus,
  isInquiryStatus,
  PAYMENT_METHOD_IDS,
  type RefundReason,
} from '@paydesk/domain';
import { payments } from '@paydesk/domain/contracts';
import { ZFraudRules } from '@paydesk/domain/fraud/schemas';
import { HOUR_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import { getStoreSettings } from '../../store/options.ts';
import { type Account, createAccount, findAccount } from '../accounts.ts';
import { createLoan } from '../capital/services.ts';
import {
  chargeReaderFees,
  createReader,
  type ReaderFeeResult as ReaderFee,
} from '../card-readers/services.ts';
import { clockNow, DAY_MS } from '../clock.ts';
import {
  DISPUTE_REVIEW_MS,
  type DisputeState,
  planDisputeClose,
  planDisputeDeadline,
  planDisputeResolution,
  planEvidenceUpdate,
} from '../disputes/plan.ts';
import { applyEffects, type Effects, emptyEffects, mergeEffects } from '../effects.ts';
import { seededIds } from '../ids.ts';
import type { Actor, EngineContext } from '../payments/context.ts';
import { planCapture } from '../payments/plan-capture.ts';
import {
  AUTHORIZATION_WINDOW_MS,
  type CheckoutInput,
  minimumChargeAmount,
  planCheckout,
} from '../payments/plan-checkout.ts';
import { planRefund } from '../payments/plan-refund.ts';
import { planVoid } from '../payments/services.ts';
import { type ChargeState, loanState, type PlanEnv } from '../payments/state.ts';
import { planPayout, type UnsweptRow } from '../payouts/plan-payout.ts';
import { markPayoutInTransit, settlePayout } from '../payouts/services.ts';
import { LOSING_EVIDENCE, sandboxProcessor, WINNING_EVIDENCE } from '../processor/sandbox.ts';
import { loadRates } from '../rates.ts';
import { saveSettings } from '../settings/settings.ts';
import {
  checkForeignKeys,
  deferIndexes,
  maySkipKeyChecks,
  restoreDeferredIndexes,
  sendJsonAsBytes,
} from './bulk-load.ts';
import {
  DISPUTE_CARDS,
  declineCard,
  drawCustomer,
  drawMethod,
  drawOrderUsd,
  fromUsd,
  mixSeed,
  mulberry32,
  pick,
  pickWeighted,
  plainCard,
  type Random,
  RISK_CARDS,
} from './mix.ts';

/**
 * The seeder (`npm run cli -- seed`): months of realistic sandbox history made by the engine's
 * own planners, event by event in time order, as if the store had been trading all along:
 * checkouts, captures of held authorizations, refunds, disputes and their outcomes, voids, loan
 * repayments, and each midnight the scheduled payout. Planners never read the database, so the
 * events are planned in memory (env.now set to each event's time) and their effects written in
 * batches of thousands of payments, one database transaction per batch with applyEffects' bulk
 * statements. What needs the database (billing the card readers each day, payouts moving to
 * in transit and paid, paying out the loan) runs through the engine's services after the batch
 * that precedes it in time. docs/performance.md ("Seeding") has the measurements.
 */

export interface SeedOptions {
  /** Stop once at least this many ledger rows (balance transactions) were written. */
  transactions: number;
  /** How many days of history, ending at `end`. */
  days?: number;
  /** The same seed on the same database gives the same history. */
  seed?: number;
  /** The end of the history: the engine's current time unless given. */
  end?: Date;
  /** Payments planned per database transaction. */
  batchPayments?: number;
  /** Called after every batch with the ledger rows written so far. */
  onProgress?: (rows: number) => void;
  /** Checks each generated checkout against the API's contract (tests; slower). */
  validateInputs?: boolean;
  /** Writes batches with applyEffects' bulk statements (default); false uses the plain ones. */
  bulk?: boolean;
  /**
   * Drops the written tables' secondary indexes for the run and builds them at the end
   * (bulk-load.ts). Default: on the embedded database only.
   */
  deferIndexes?: boolean;
}

export interface SeedCounts {
  payments: number;
  succeeded: number;
  declined: number;
  blocked: number;
  held_for_review: number;
  manual_authorizations: number;
  captured_later: number;
  left_uncaptured: number;
  voided: number;
  refunds: number;
  partial_refunds: number;
  disputes: number;
  inquiries: number;
  disputes_submitted: number;
  disputes_accepted: number;
  disputes_won: number;
  elevated_risk: number;
  in_person: number;
  foreign_currency: number;
  local_methods: number;
  payouts: number;
  reader_fees: number;
  loans: number;
}

export interface SeedResult {
  account_id: string;
  account_created: boolean;
  /** Ledger rows written. */
  rows: number;
  start: Date;
  end: Date;
  counts: SeedCounts;
  /** Ledger rows written, by type. */
  ledger_types: Record<string, number>;
  /** Time spent planning in memory and writing to the database. */
  plan_ms: number;
  write_ms: number;
  /** Time spent at the end building the deferred indexes and checking the foreign keys (bulk-load.ts). */
  finish_ms: number;
  batches: number;
}

export const DEFAULT_DAYS = 90;
export const DEFAULT_SEED = 1;
export const DEFAULT_BATCH_PAYMENTS = 4000;
/** The most history the command writes in one go; bounds memory and time. */
export const MAX_TRANSACTIONS = 20_000_000;
export const MAX_DAYS = 3650;

/** Shares of payments (the rest are ordinary payments that succeed). */
const MIX = {
  decline: 0.05,
  dispute: 0.005,
  risk: 0.02,
  block: 0.005,
  review: 0.005,
  manual: 0.02,
  /** Of captured payments. */
  refund: 0.03,
  /** Of refunds. */
  partialRefund: 0.3,
  /** Of payments in the store's currency and country. */
  inPerson: 0.07,
  /** AVS-failing cards among ordinary ones; no rule acts on them, but the details show it. */
  avs: 0.004,
} as const;

type PaymentKind = 'decline' | 'dispute' | 'risk' | 'block' | 'review' | 'manual' | 'normal';

const KIND_SHARES: readonly (readonly [PaymentKind, number])[] = [
  ['decline', MIX.decline],
  ['dispute', MIX.dispute],
  ['risk', MIX.risk],
  ['block', MIX.block],
  ['review', MIX.review],
  ['manual', MIX.manual],
];

/** What kind of payment a uniform draw in [0, 1) makes, by the shares above. */
function paymentKind(roll: number): PaymentKind {
  let cut = 0;
  for (const [kind, share] of KIND_SHARES) {
    cut += share;
    if (roll < cut) return kind;
  }
  return 'normal';
}

/** Held authorizations younger than this at the end stay uncaptured, so the Uncaptured tab has rows. */
const UNCAPTURED_WINDOW_MS = 3 * DAY_MS;
/** While a batch is written to PostgreSQL, planning lets the database's answers in this often. */
const YIELD_EVERY_PAYMENTS = 50;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The checkout API's largest amount. */
const MAX_AMOUNT_MINOR = 99_999_999;
/** A payout is in transit an hour after it is made; the bank pays it two days later. */
const IN_TRANSIT_AFTER_MS = HOUR_MS;

/** The order total above which the seeded block rule refuses a payment, in US dollars. */
const BLOCK_THRESHOLD_USD = 5000;

/**
 * The fraud rules the seeder saves: a price block and an IP-country review, in the saved rules'
 * format (docs/fraud.md).
 */
export function seedFraudRules(currency: string, usdRate: number): FraudRule[] {
  const thresholdMajor = Math.round(BLOCK_THRESHOLD_USD * usdRate);
  return ZFraudRules.parse([
    {
      key: 'purchase_price_threshold',
      outcome: 'block',
      check: { key: 'order_total', operator: 'greater_than', value: `${thresholdMajor * 100}|${currency}` },
    },
    {
      key: 'ip_address_mismatch',
      outcome: 'review',
      check: { key: 'ip_billing_country_same', operator: 'equals', value: false },
    },
  ]);
}

/** Countries whose IP addresses do not match the billing address of the review rule's payments. */
const FOREIGN_IP_COUNTRIES = ['BR', 'IN', 'NG', 'VN', 'ID', 'RO'] as const;
const AVS_CARDS = ['4000000000000010', '4000000000000028', '4000000000000036', '4000000000000044'] as const;
const REFUND_REASONS: readonly (readonly [RefundReason | null, number])[] = [
  ['requested_by_customer', 70],
  ['duplicate', 8],
  ['fraudulent', 4],
  [null, 18],
];

/** Sales by UTC hour of day: quiet at night, busiest in the evening. */
const HOURLY_WEIGHT = [
  0.35, 0.25, 0.18, 0.15, 0.15, 0.2, 0.35, 0.6, 0.85, 1, 1.1, 1.15, 1.2, 1.2, 1.15, 1.1, 1.1, 1.15, 1.25,
  1.35, 1.3, 1.1, 0.8, 0.5,
] as const;
/** Sunday first. */
const WEEKDAY_WEIGHT = [0.85, 1.05, 1, 1, 1, 1.05, 0.9] as const;

/**
 * Maps progress through the history (0 to 1) to a time: the cumulative sales intensity per hour
 * (time of day, weekday, and a business that grows by half over the period), inverted.
 */
function timeline(start: number, end: number): (fraction: number) => number {
  const hours = Math.max(1, Math.ceil((end - start) / HOUR_MS));
  const cumulative = new Float64Array(hours + 1);
  for (let h = 0; h < hours; h++) {
    const at = new Date(start + h * HOUR_MS);
    const weight =
      HOURLY_WEIGHT[at.getUTCHours()]! * WEEKDAY_WEIGHT[at.getUTCDay()]! * (0.75 + (0.5 * h) / hours);
    cumulative[h + 1] = cumulative[h]! + weight;
  }
  const total = cumulative[hours]!;
  return (fraction) => {
    const target = Math.min(1, Math.max(0, fraction)) * total;
    let lo = 0;
    let hi = hours;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! <= target) lo = mid;
      else hi = mid;
    }
    const within = (target - cumulative[lo]!) / (cumulative[lo + 1]! - cumulative[lo]! || 1);
    return Math.min(end, start + (lo + within) * HOUR_MS);
  };
}

/** A min-heap of planned events by time (ties in the order they were scheduled). */
class EventQueue {
  #items: { at: number; seq: number; run: () => void }[] = [];
  #seq = 0;

  peek(): number {
    return this.#items[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  push(at: number, run: () => void): void {
    const items = this.#items;
    items.push({ at, seq: this.#seq++, run });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): (() => void) | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (!top || !last) return undefined;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && this.#less(left, smallest)) smallest = left;
        if (right < items.length && this.#less(right, smallest)) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top.run;
  }

  #less(a: number, b: number): boolean {
    const x = this.#items[a]!;
    const y = this.#items[b]!;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }
}

function parseJson<T>(value: unknown, fallback: T): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T) ?? fallback);
}

/**
 * The charge a checkout planned, as the planners read it back: its insert row with the updates
 * planned after it (a capture, a dispute) applied, JSON columns parsed, exactly what loading it
 * from the database would give once the batch is written.
 */
function plannedCharge(effects: Effects, chargeId: string): ChargeState {
  const inserted = effects.charges.find((row) => row.id === chargeId);
  assert(inserted, `checkout planned charge ${chargeId}`);
  const row: Record<string, unknown> = { ...inserted };
  for (const update of effects.chargeUpdates) if (update.id === chargeId) Object.assign(row, update.set);
  return {
    id: chargeId,
    account_id: String(row.account_id),
    payment_intent_id: String(row.payment_intent_id),
    order_id: (row.order_id as number | null | undefined) ?? null,
    amount: Number(row.amount),
    amount_captured: Number(row.amount_captured ?? 0),
    amount_refunded: Number(row.amount_refunded ?? 0),
    currency: String(row.currency),
    status: row.status as ChargeState['status'],
    captured: row.captured === true,
    refunded: row.refunded === true,
    payment_method_type: String(row.payment_method_type),
    payment_method_details: parseJson(row.payment_method_details, {}),
    billing_details: parseJson(row.billing_details, {}),
    channel: (row.channel as ChargeState['channel'] | undefined) ?? 'online',
    source_device: (row.source_device as ChargeState['source_device'] | undefined) ?? null,
    risk_level: (row.risk_level as number | null | undefined) ?? null,
    outcome: parseJson(row.outcome, {} as ChargeState['outcome']),
    exchange_rate: (row.exchange_rate as string | null | undefined) ?? null,
    refunds_fail: row.refunds_fail === true,
    scripted_dispute: parseJson(row.scripted_dispute, null),
    dispute_id: (row.dispute_id as string | null | undefined) ?? null,
    created_at: row.created_at as Date,
  };
}

function plannedDispute(effects: Effects, disputeId: string): DisputeState {
  const row = effects.disputes.find((d) => d.id === disputeId);
  assert(row, `capture planned dispute ${disputeId}`);
  assert(isDisputeStatus(row.status), `dispute ${disputeId} has a known status`);
  return {
    id: disputeId,
    account_id: row.account_id,
    charge_id: row.charge_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    evidence: {},
    metadata: {},
    due_by: new Date(row.due_by as Date),
    has_evidence: false,
    submission_count: 0,
    created_at: new Date(row.created_at as Date),
    closed_at: null,
    cover_letter: null,
    cover_letter_included: null,
  };
}

const emptyCounts = (): SeedCounts => ({
  payments: 0,
  succeeded: 0,
  declined: 0,
  blocked: 0,
  held_for_review: 0,
  manual_authorizations: 0,
  captured_later: 0,
  left_uncaptured: 0,
  voided: 0,
  refunds: 0,
  partial_refunds: 0,
  disputes: 0,
  inquiries: 0,
  disputes_submitted: 0,
  disputes_accepted: 0,
  disputes_won: 0,
  elevated_risk: 0,
  in_person: 0,
  foreign_currency: 0,
  local_methods: 0,
  payouts: 0,
  reader_fees: 0,
  loans: 0,
});

/** The store's account: the existing one (sandbox only), or a new connected sandbox account. */
async function sandboxAccount(
  database: DatabaseHandle,
  ids: EngineContext['ids'],
  createdAt: Date,
): Promise<{ account: Account; created: boolean }> {
  const existing = await findAccount(database.db);
  if (existing) {
    if (existing.mode !== 'test') {
      throw appError('wcpay_live_account');
    }
    if (!existing.payments_enabled) {
      throw appError('seed_payments_disabled');
    }
    return { account: existing, created: false };
  }
  const settings = await getStoreSettings(database.db);
  const account = await createAccount(database.db, ids, {
    mode: 'test',
    status: 'complete',
    country: settings.woocommerce_default_country.slice(0, 2),
    currency: settings.woocommerce_currency,
    businessName: settings.blogname,
    createdAt,
  });
  return { account, created: true };
}

const READERS = [
  { label: 'Front counter', device_type: 'bbpos_wisepos_e' },
  { label: 'Market stall', device_type: 'stripe_m2' },
  { label: 'Tap to Pay phone', device_type: 'cots_device' },
] as const;

/**
 * Writes `transactions` ledger rows of history over the `days` before `end`. Runs through the
 * planners and services of the engine; see the module comment.
 */
export async function seedHistory(database: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const target = options.transactions;
  const days = options.days ?? DEFAULT_DAYS;
  const seed = options.seed ?? DEFAULT_SEED;
  const batchPayments = options.batchPayments ?? DEFAULT_BATCH_PAYMENTS;
  assert(Number.isSafeInteger(target) && target > 0 && target <= MAX_TRANSACTIONS, 'transactions in range');
  assert(Number.isFinite(days) && days > 0 && days <= MAX_DAYS, 'days in range');
  assert(Number.isSafeInteger(seed), 'seed is an integer');

  const endAt = options.end ?? (await clockNow(db));
  const end = endAt.getTime();
  const start = end - Math.round(days * DAY_MS);

  // Each run continues the order numbers, and its generators are seeded by where it starts, so
  // running twice appends new history (new ids) while a fresh database always gets the same one.
  const maxOrder = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  let nextOrderId = Number(maxOrder.max ?? 0) + 1;
  const ids = seededIds(mulberry32(mixSeed(seed, nextOrderId, 1)));
  const random: Random = mulberry32(mixSeed(seed, nextOrderId, 2));

  const { account: found, created } = await sandboxAccount(database, ids, new Date(start - DAY_MS));
  const currency = found.default_currency;
  const rates = await loadRates(db);
  const usdRate = (code: string) => {
    const rate = rates.get(code);
    assert(rate, `a sandbox rate for ${code}`);
    return Number(rate);
  };
  // The seeded rules apply unless the merchant saved rules of their own.
  if (found.fraud_protection_level !== 'advanced' || (found.fraud_rules as unknown[]).length === 0) {
    await saveSettings(
      db,
      {
        current_protection_level: 'advanced',
        advanced_fraud_protection_settings: seedFraudRules(currency, usdRate(currency)),
      },
      new Date(start),
    );
  }
  // The sample store offers every method it draws, unless the merchant chose methods already.
  if (found.settings.enabled_payment_method_ids === undefined) {
    await saveSettings(db, { enabled_payment_method_ids: [...PAYMENT_METHOD_IDS] }, new Date(start));
  }
  const account = (await findAccount(db))!;

  let readers = await db
    .selectFrom('card_readers')
    .select(['id', 'device_type', 'fees_counted_until'])
    .where('account_id', '=', account.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (readers.length === 0) {
    for (const reader of READERS) await createReader(db, ids, { ...reader, now: new Date(start) });
    readers = await db
      .selectFrom('card_readers')
      .select(['id', 'device_type', 'fees_counted_until'])
      .where('account_id', '=', account.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
  // Reader fees bill what was captured since the last bill; days already billed stay billed.
  const readerFeesFrom = Math.max(start, ...readers.map((r) => r.fees_counted_until?.getTime() ?? 0));

  const actorRow = await db
    .selectFrom('users')
    .select(['id', 'login'])
    .where('role', '=', 'administrator')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const actor: Actor | undefined = actorRow ? { id: actorRow.id, username: actorRow.login } : undefined;

  // A loan still being repaid is repaid from this history's payments too, from its payout on.
  const activeLoan = await db
    .selectFrom('loans')
    .selectAll()
    .where('account_id', '=', account.id)
    .where('fully_paid_at', 'is', null)
    .orderBy('paid_out_at')
    .limit(1)
    .executeTakeFirst();
  const hasLoans = await db
    .selectFrom('loans')
    .select('id')
    .where('account_id', '=', account.id)
    .executeTakeFirst();

  // What payouts may sweep: every unswept row, now and as history is made.
  let pool: UnsweptRow[] = (
    await db
      .selectFrom('balance_transactions')
      .select(['id', 'currency', 'net', 'available_on'])
      .where('account_id', '=', account.id)
      .where('payout_id', 'is', null)
      .orderBy('seq')
      .execute()
  ).map((row) => ({ ...row }));

  const env: PlanEnv = {
    account,
    now: new Date(start),
    ids,
    rates,
    processor: sandboxProcessor,
    loan: activeLoan && activeLoan.paid_out_at.getTime() <= start ? loanState(activeLoan) : null,
  };
  // Services that run while planning goes on draw ids from their own stream, so the history
  // does not depend on how the two interleave.
  const serviceIds = seededIds(mulberry32(mixSeed(seed, nextOrderId, 3)));
  const serviceContext = (at: number): EngineContext => ({ db, ids: serviceIds, now: new Date(at), rates });

  const counts = emptyCounts();
  const ledgerTypes: Record<string, number> = {};
  let planned = 0;
  let written = 0;
  let batches = 0;
  let planMs = 0;
  let writeMs = 0;
  let batch = emptyEffects();
  let batchPaymentCount = 0;
  const queue = new EventQueue();
  const payoutsInFlight: { id: string; created: number }[] = [];
  const timeAt = timeline(start, end);
  const minimums = new Map<string, number>();
  const minimumFor = (code: string) => {
    let minimum = minimums.get(code);
    if (minimum === undefined) {
      minimum = minimumChargeAmount(env, code);
      minimums.set(code, minimum);
    }
    return minimum;
  };
  const blockThreshold = (code: string) => fromUsd(BLOCK_THRESHOLD_USD, code, usdRate(code));

  /** Adds one operation's effects to the batch; its ledger rows join the payout pool. */
  const take = (effects: Effects) => {
    for (const entry of effects.ledger) {
      pool.push({
        id: entry.id,
        currency: entry.currency,
        net: entry.amount - entry.fee,
        available_on: entry.available_on,
      });
    }
    planned += effects.ledger.length;
    mergeEffects(batch, effects);
  };

  // The embedded database belongs to this process, so it may be bulk loaded (bulk-load.ts).
  const deferring = options.deferIndexes ?? database.kind === 'pglite';
  const skipKeyChecks = deferring && (await maySkipKeyChecks(db));
  const write = async (effects: Effects, lastOrder: number) => {
    const began = performance.now();
    await db.transaction().execute(async (trx) => {
      // Replica mode skips the per-row foreign-key triggers; checkForeignKeys checks them at the end.
      if (skipKeyChecks) await sql`set local session_replication_role = replica`.execute(trx);
      await applyEffects(trx, effects, { bulk: options.bulk ?? true });
      // The in-memory order ids are taken: checkouts through the API continue after them.
      if (effects.orders.length > 0) {
        await sql`select setval(pg_get_serial_sequence('orders', 'id'), ${lastOrder})`.execute(trx);
      }
    });
    writeMs += performance.now() - began;
    batches++;
    written += effects.ledger.length;
    for (const entry of effects.ledger) ledgerTypes[entry.type] = (ledgerTypes[entry.type] ?? 0) + 1;
    options.onProgress?.(written);
  };

  /**
   * Starts writing the batch and returns once the previous one is written, so planning the next
   * batch overlaps writing this one: on PostgreSQL the server works while Node plans. PGlite
   * runs in this thread, where overlapping only adds memory (measured 10% slower), so there
   * each batch is written before the next is planned. One batch is in flight at most; a failed
   * write surfaces at the next flush.
   */
  const overlapWrites = database.kind === 'postgres';
  let inFlight: Promise<void> = Promise.resolve();
  const startFlush = async () => {
    await inFlight;
    if (Object.values(batch).every((list) => (list as unknown[]).length === 0)) return;
    const effects = batch;
    batch = emptyEffects();
    batchPaymentCount = 0;
    inFlight = write(effects, nextOrderId - 1);
    // Handled here so it is not reported as unhandled meanwhile; awaiting it rethrows.
    inFlight.catch(() => {});
  };
  /** Writes everything planned so far; what reads the database comes after this. */
  const flush = async () => {
    await startFlush();
    await inFlight;
  };

  // ---- Follow-ups of a payment, planned when their time comes -----------------------------

  /** A refund some time after the capture (the caller decided there is one). */
  const scheduleRefund = (charge: ChargeState, capturedAt: number) => {
    if (charge.refunds_fail || charge.dispute_id !== null) return;
    // Most refunds come within days of the sale, a few weeks later.
    const at = capturedAt + HOUR_MS + Math.floor(-Math.log(1 - random()) * 5 * DAY_MS);
    const partial = random() < MIX.partialRefund;
    const share = 0.2 + random() * 0.6;
    const reason = pickWeighted(random, REFUND_REASONS);
    if (at > end) return;
    queue.push(at, () => {
      env.now = new Date(at);
      const remaining = charge.amount_captured - charge.amount_refunded;
      const amount = partial
        ? Math.max(1, Math.min(remaining - 1, Math.floor(charge.amount_captured * share)))
        : undefined;
      if (remaining <= 0 || (partial && remaining < 2)) return;
      take(planRefund(charge, amount, reason, env, actor));
      counts.refunds++;
      if (partial) counts.partial_refunds++;
    });
  };

  const scheduleDispute = (dispute: DisputeState, charge: ChargeState) => {
    const roll = random();
    const won = random() < 0.5;
    const created = dispute.created_at.getTime();
    if (roll < 0.45) {
      const submitAt = created + DAY_MS / 2 + Math.floor(random() * 5 * DAY_MS);
      if (submitAt > end || submitAt >= dispute.due_by.getTime()) return;
      queue.push(submitAt, () => {
        env.now = new Date(submitAt);
        const name = charge.billing_details.name ?? '';
        take(
          planEvidenceUpdate(
            dispute,
            charge,
            {
              evidence: {
                customer_name: name,
                product_description: `Order #${charge.order_id} as described on the store.`,
                uncategorized_text: won ? WINNING_EVIDENCE : LOSING_EVIDENCE,
              },
              metadata: {},
              submit: true,
            },
            env,
            // Seeded evidence is text only: no files.
            new Map(),
          ),
        );
        counts.disputes_submitted++;
        const decideAt = submitAt + DISPUTE_REVIEW_MS;
        if (decideAt > end) return;
        queue.push(decideAt, () => {
          env.now = new Date(decideAt);
          const effects = planDisputeResolution(dispute, charge, env);
          if (effects.ledger.some((entry) => entry.type === 'dispute_reversal')) counts.disputes_won++;
          take(effects);
        });
      });
    } else if (roll < 0.65) {
      const acceptAt = created + DAY_MS / 2 + Math.floor(random() * 4 * DAY_MS);
      if (acceptAt > end || acceptAt >= dispute.due_by.getTime()) return;
      queue.push(acceptAt, () => {
        env.now = new Date(acceptAt);
        take(planDisputeClose(dispute, charge, env));
        counts.disputes_accepted++;
      });
    } else {
      // Unanswered: at the deadline a dispute is lost and an inquiry closes.
      const at = dispute.due_by.getTime();
      if (at > end) return;
      queue.push(at, () => {
        env.now = new Date(at);
        take(planDisputeDeadline(dispute, charge, env));
      });
    }
  };

  /** Follow-ups of a charge just captured: its refund, or the steps of the dispute it opened. */
  const afterCapture = (effects: Effects, charge: ChargeState, capturedAt: number) => {
    if (charge.dispute_id !== null) {
      const dispute = plannedDispute(effects, charge.dispute_id);
      counts.disputes++;
      if (isInquiryStatus(dispute.status)) counts.inquiries++;
      scheduleDispute(dispute, charge);
      return;
    }
    if (random() < MIX.refund) scheduleRefund(charge, capturedAt);
  };

  const scheduleHeld = (charge: ChargeState, at: number, review: boolean) => {
    const expiresAt = at + AUTHORIZATION_WINDOW_MS;
    if (review) {
      // The merchant blocks most reviewed payments within a day; the others lapse after seven.
      if (actor && random() < 0.6) {
        const blockAt = at + HOUR_MS + Math.floor(random() * DAY_MS);
        if (blockAt > end - UNCAPTURED_WINDOW_MS) return;
        queue.push(blockAt, () => {
          env.now = new Date(blockAt);
          take(planVoid(charge, env, { fraudReview: true, actor, reason: 'requested_by_customer' }));
          counts.voided++;
        });
      } else if (expiresAt <= end) {
        queue.push(expiresAt, () => {
          env.now = new Date(expiresAt);
          take(planVoid(charge, env, { fraudReview: false, actor: undefined, reason: 'automatic' }));
          counts.voided++;
        });
      }
      return;
    }
    if (at > end - UNCAPTURED_WINDOW_MS) {
      counts.left_uncaptured++;
      return;
    }
    if (random() < 0.05) {
      // Forgotten: the authorization expires, as the engine's job would let it.
      if (expiresAt > end) return;
      queue.push(expiresAt, () => {
        env.now = new Date(expiresAt);
        take(planVoid(charge, env, { fraudReview: false, actor: undefined, reason: 'automatic' }));
        counts.voided++;
      });
      return;
    }
    const captureAt = at + HOUR_MS + Math.floor(random() * 8 * HOUR_MS);
    const partial = random() < 0.15;
    const share = 0.5 + random() * 0.45;
    queue.push(captureAt, () => {
      env.now = new Date(captureAt);
      const amount = partial
        ? Math.max(minimumFor(charge.currency), Math.floor(charge.amount * share))
        : charge.amount;
      const effects = planCapture(charge, Math.min(amount, charge.amount), env, actor);
      take(effects);
      counts.captured_later++;
      afterCapture(effects, charge, captureAt);
    });
  };

  // ---- One checkout --------------------------------------------------------------------------

  const planPayment = (at: number) => {
    env.now = new Date(at);
    const orderId = nextOrderId++;
    const customer = drawCustomer(random, { country: account.country, currency });
    const domestic = customer.currency === currency && customer.country === account.country;
    const kind = paymentKind(random());
    const inPerson = kind === 'normal' && domestic && random() < MIX.inPerson;
    const method =
      kind === 'normal' && !inPerson ? drawMethod(random, customer) : inPerson ? 'card_present' : 'card';
    let amount = fromUsd(drawOrderUsd(random), customer.currency, usdRate(customer.currency));
    if (kind === 'block') amount = Math.round(blockThreshold(customer.currency) * (1.2 + random() * 1.8));
    amount = Math.min(MAX_AMOUNT_MINOR, Math.max(amount, minimumFor(customer.currency)));
    const year = new Date(at).getUTCFullYear();
    const card = {
      number:
        kind === 'decline'
          ? declineCard(random)
          : kind === 'dispute'
            ? pick(random, DISPUTE_CARDS)
            : kind === 'risk'
              ? pick(random, RISK_CARDS)
              : kind === 'normal' && random() < MIX.avs
                ? pick(random, AVS_CARDS)
                : plainCard(random, customer),
      exp_month: 1 + Math.floor(random() * 12),
      exp_year: year + 1 + Math.floor(random() * 4),
      cvc: String(100 + Math.floor(random() * 900)),
    };
    const reader = inPerson ? readers[Math.floor(random() * readers.length)] : undefined;
    const paymentMethod: CheckoutInput['payment_method_data'] =
      method === 'card'
        ? { type: 'card', card }
        : method === 'card_present'
          ? {
              type: 'card_present',
              ...(reader ? { reader_id: reader.id } : {}),
              ...(reader?.device_type === 'cots_device'
                ? { platform: random() < 0.6 ? 'ios' : 'android' }
                : {}),
              card,
            }
          : { type: method };
    const ipCountry =
      kind === 'review'
        ? pick(
            random,
            FOREIGN_IP_COUNTRIES.filter((c) => c !== customer.country),
          )
        : customer.country;
    let input: CheckoutInput = {
      amount,
      currency: customer.currency,
      capture_method: kind === 'manual' ? 'manual' : 'automatic',
      payment_method_data: paymentMethod,
      order: {
        number: String(orderId),
        items_count: 1 + Math.floor(random() ** 2 * 6),
        customer: { name: customer.name, email: customer.email },
        billing_address: customer.address,
      },
      ...(inPerson
        ? {}
        : {
            ip_address: `${pick(random, ['203.0.113', '198.51.100', '192.0.2'])}.${1 + Math.floor(random() * 254)}`,
            ip_country: ipCountry,
          }),
    };
    if (options.validateInputs) input = payments.ZPaymentIntentCreate.parse(input);

    const { effects, result } = planCheckout(input, env, {
      id: orderId,
      number: String(orderId),
      existing: false,
    });
    take(effects);
    batchPaymentCount++;
    counts.payments++;
    if (customer.currency !== currency) counts.foreign_currency++;
    if (inPerson) counts.in_person++;
    if (method !== 'card' && method !== 'card_present') counts.local_methods++;
    if (kind === 'risk') counts.elevated_risk++;
    if (result.status === 'requires_payment_method') {
      if (result.fraud_outcome === 'block') counts.blocked++;
      else counts.declined++;
      return;
    }
    const chargeId = result.charge?.id;
    assert(chargeId, 'a checkout that did not fail has a charge');
    if (result.status === 'requires_capture') {
      const review = result.fraud_outcome === 'review';
      if (review) counts.held_for_review++;
      else counts.manual_authorizations++;
      scheduleHeld(plannedCharge(effects, chargeId), at, review);
      return;
    }
    counts.succeeded++;
    // Only charges with something still to happen are read back and kept in memory.
    if (effects.disputes.length > 0) afterCapture(effects, plannedCharge(effects, chargeId), at);
    else if (random() < MIX.refund) scheduleRefund(plannedCharge(effects, chargeId), at);
  };

  // ---- Things that happen at their time and need the database --------------------------------

  /** The reader fee billed at the last day boundary, once its service has run. */
  let daily: Promise<(ReaderFee & { at: number }) | undefined> = Promise.resolve(undefined);
  /** Its ledger row joins the pool (and the count) at the next day boundary, whenever it ran. */
  const takeReaderFee = async () => {
    const fee = await daily;
    daily = Promise.resolve(undefined);
    if (!fee) return;
    pool.push({
      id: fee.transaction_id,
      currency: fee.currency,
      net: fee.amount,
      available_on: new Date(fee.at),
    });
    planned++;
    written++;
    ledgerTypes.card_reader_fee = (ledgerTypes.card_reader_fee ?? 0) + 1;
    counts.reader_fees++;
  };

  /**
   * Midnight: the day's scheduled payout (planned into the batch), then, once the batch is
   * written, what the daily jobs do in the database: payouts move to in transit and paid, and
   * the card readers are billed for the day. On PostgreSQL planning carries on meanwhile.
   */
  const dayBoundary = async (midnight: number) => {
    await takeReaderFee();
    env.now = new Date(midnight);
    const plan = planPayout(pool, account, env.now, ids);
    if (plan.effects.payouts.length > 0) {
      const swept = new Set(plan.effects.sweeps.flatMap((sweep) => sweep.txn_ids));
      pool = pool.filter((row) => !swept.has(row.id));
      for (const payout of plan.effects.payouts) payoutsInFlight.push({ id: payout.id, created: midnight });
      counts.payouts += plan.effects.payouts.length;
      take(plan.effects);
    }
    // The payout jobs change statuses only, so they run at the first day boundary after their
    // time: in transit an hour after the payout, paid at arrival two days later.
    const inTransit = payoutsInFlight
      .filter((p) => p.created + IN_TRANSIT_AFTER_MS <= midnight)
      .map((p) => p.id);
    const arrived = payoutsInFlight.filter((p) => p.created + 2 * DAY_MS <= midnight).map((p) => p.id);
    payoutsInFlight.splice(
      0,
      payoutsInFlight.length,
      ...payoutsInFlight.filter((p) => !arrived.includes(p.id)),
    );
    await startFlush();
    daily = inFlight.then(async () => {
      for (const id of inTransit) await markPayoutInTransit(db, id);
      for (const id of arrived) await settlePayout(db, id);
      if (midnight <= readerFeesFrom) return undefined;
      const fee = await chargeReaderFees(serviceContext(midnight), account.id);
      return fee ? { ...fee, at: midnight } : undefined;
    });
    // The next batch is written after these, as the jobs would have run before it.
    inFlight = daily.then(() => undefined);
    inFlight.catch(() => {});
    if (!overlapWrites) await inFlight;
  };

  const openLoan = async (at: number) => {
    await flush();
    // Sized to be repaid, at 15% of each payment's net, within about a tenth of the history.
    const salesPerDayUsd = (target / days) * 45;
    const loanUsd = Math.max(1000, Math.round((salesPerDayUsd * 0.15 * 0.1 * days) / 1.1 / 100) * 100);
    const amountMinor = fromUsd(loanUsd, currency, usdRate(currency));
    const loan = await createLoan(serviceContext(at), {
      amount: amountMinor,
      fee_amount: Math.round(amountMinor * 0.1),
      withhold_rate_bp: 1500,
      currency,
    });
    const row = await db
      .selectFrom('balance_transactions')
      .select(['id', 'currency', 'net', 'available_on'])
      .where('loan_id', '=', loan.id)
      .where('type', '=', 'financing_payout')
      .executeTakeFirstOrThrow();
    pool.push({ ...row });
    env.loan = loanState(loan);
    planned++;
    written++;
    ledgerTypes.financing_payout = (ledgerTypes.financing_payout ?? 0) + 1;
    counts.loans++;
  };

  // ---- The history, in time order -------------------------------------------------------------

  let nextMidnight = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
  let loanAt = hasLoans ? Number.POSITIVE_INFINITY : start + 2 * DAY_MS + 10 * HOUR_MS;
  if (loanAt > end) loanAt = Number.POSITIVE_INFINITY;
  if (activeLoan && !env.loan && activeLoan.paid_out_at.getTime() <= end) {
    queue.push(activeLoan.paid_out_at.getTime(), () => {
      env.loan = loanState(activeLoan);
    });
  }

  /** Runs everything due up to `t`: planned follow-ups, day boundaries and the loan, in order. */
  const advanceTo = async (t: number) => {
    for (;;) {
      const next = Math.min(queue.peek(), nextMidnight, loanAt);
      if (next > t) return;
      if (next === nextMidnight) {
        await dayBoundary(nextMidnight);
        nextMidnight += DAY_MS;
      } else if (next === loanAt) {
        loanAt = Number.POSITIVE_INFINITY;
        await openLoan(next);
      } else {
        const began = performance.now();
        queue.pop()?.();
        planMs += performance.now() - began;
      }
    }
  };

  // An earlier run that was interrupted may have left indexes to build: deferring adds to its
  // record, and not deferring builds them now.
  if (deferring) await deferIndexes(db);
  else await restoreDeferredIndexes(db);
  let finishMs = 0;
  const restoreSerializer = database.pglite ? sendJsonAsBytes(database.pglite) : () => {};
  try {
    await seedLoop();
  } finally {
    restoreSerializer();
    if (deferring) {
      const began = performance.now();
      await restoreDeferredIndexes(db);
      finishMs = performance.now() - began;
    }
  }
  if (skipKeyChecks) {
    const began = performance.now();
    await checkForeignKeys(db);
    finishMs += performance.now() - began;
  }
  async function seedLoop() {
    let last = start;
    while (planned < target) {
      const t = Math.max(last, Math.floor(timeAt((planned + random()) / target)));
      last = t;
      await advanceTo(t);
      if (planned >= target) break;
      const began = performance.now();
      planPayment(t);
      planMs += performance.now() - began;
      if (batchPaymentCount >= batchPayments) await (overlapWrites ? startFlush() : flush());
      // Planning never waits on anything, so without this the answers of the batch being written
      // would wait for the whole next batch to be planned before the next statement is sent.
      else if (overlapWrites && batchPaymentCount % YIELD_EVERY_PAYMENTS === 0) await yieldToIo();
    }
    // Whatever was due before the end still happens (a refund, a payout), so the history is whole.
    await advanceTo(end);
    await flush();
    await takeReaderFee();
  }

  return {
    account_id: account.id,
    account_created: created,
    rows: written,
    start: new Date(start),
    end: new Date(end),
    counts,
    ledger_types: ledgerTypes,
    plan_ms: Math.round(planMs),
    write_ms: Math.round(writeMs),
    finish_ms: Math.round(finishMs),
    batches,
  };
}
