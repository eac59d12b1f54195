import { assert } from '@paydesk/domain';
import type { DatabaseHandle } from '../../db/database.ts';
import { clockNow, DAY_MS } from '../clock.ts';
import { seededIds } from '../ids.ts';
import { minimumChargeAmount } from '../payments/plan-checkout.ts';
import { loanState, type PlanEnv } from '../payments/state.ts';
import { sandboxProcessor } from '../processor/sandbox.ts';
import { SeedBatches } from './batches.ts';
import { bulkLoading, maySkipKeyChecks } from './bulk-load.ts';
import { makeHistory } from './history.ts';
import { mixSeed, mulberry32, type Random } from './mix.ts';
import { emptyCounts, type SeedCounts, type SeedRun } from './run.ts';
import { EventQueue } from './schedule.ts';
import { openStore } from './store.ts';

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
   * On PostgreSQL, the bulk inserts go through `COPY … FROM STDIN` (db/copy-in.ts): default on;
   * false sends them as JSON documents, as on the embedded database.
   */
  copy?: boolean;
  /**
   * Drops the written tables' secondary indexes for the run and builds them at the end
   * (bulk-load.ts). Default: on the embedded database only.
   */
  deferIndexes?: boolean;
}

export type { SeedCounts } from './run.ts';

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
  /**
   * Time spent at the end building the deferred indexes, checking the foreign keys and gathering
   * the tables' statistics (bulk-load.ts).
   */
  finish_ms: number;
  /** Indexes dropped for the run and built once at its end. */
  deferred_indexes: number;
  batches: number;
}

export const DEFAULT_DAYS = 90;
export const DEFAULT_SEED = 1;
export const DEFAULT_BATCH_PAYMENTS = 4000;
/** The most history the command writes in one go; bounds memory and time. */
export const MAX_TRANSACTIONS = 20_000_000;
export const MAX_DAYS = 3650;

/**
 * Writes `transactions` ledger rows of history over the `days` before `end`. Runs through the
 * planners and services of the engine; see the module comment. The parts: the store
 * (store.ts), the checkouts of the mix (checkouts.ts) and their follow-ups (follow-ups.ts),
 * the midnights' payouts and reader fees and the loan (daily.ts), in time order (history.ts),
 * written in batches (batches.ts) under the bulk loading the database allows (bulk-load.ts).
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
  const nextOrderId = Number(maxOrder.max ?? 0) + 1;
  const ids = seededIds(mulberry32(mixSeed(seed, nextOrderId, 1)));
  const random: Random = mulberry32(mixSeed(seed, nextOrderId, 2));

  const store = await openStore(database, ids, start);
  const { account, activeLoan, rates } = store;
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
  const minimums = new Map<string, number>();

  // The embedded database belongs to this process, so it may be bulk loaded (bulk-load.ts).
  const deferring = options.deferIndexes ?? database.kind === 'pglite';
  const skipKeyChecks = deferring && (await maySkipKeyChecks(db));
  const run: SeedRun = {
    db,
    store,
    env,
    random,
    start,
    end,
    days,
    target,
    nextOrderId,
    validateInputs: options.validateInputs ?? false,
    counts: emptyCounts(),
    queue: new EventQueue(),
    batches: new SeedBatches(db, store.pool, {
      bulk: options.bulk ?? true,
      skipKeyChecks,
      copyPool: options.copy === false ? undefined : database.pool,
      overlapWrites: database.kind === 'postgres',
      lastOrderId: () => run.nextOrderId - 1,
      onProgress: options.onProgress,
    }),
    serviceContext: (at) => ({ db, ids: serviceIds, now: new Date(at), rates }),
    minimumFor: (code) => {
      let minimum = minimums.get(code);
      if (minimum === undefined) {
        minimum = minimumChargeAmount(env, code);
        minimums.set(code, minimum);
      }
      return minimum;
    },
  };
  let planMs = 0;
  const finish = await bulkLoading(database, { deferring, skipKeyChecks }, async () => {
    planMs = await makeHistory(run, batchPayments);
  });

  const { batches } = run;
  return {
    account_id: account.id,
    account_created: store.created,
    rows: batches.written,
    start: new Date(start),
    end: new Date(end),
    counts: run.counts,
    ledger_types: batches.ledgerTypes,
    plan_ms: Math.round(planMs),
    write_ms: Math.round(batches.writeMs),
    finish_ms: Math.round(finish.ms),
    deferred_indexes: finish.indexes,
    batches: batches.batches,
  };
}
