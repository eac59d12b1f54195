import type { Db } from '../../db/database.ts';
import type { EngineContext } from '../payments/context.ts';
import type { PlanEnv } from '../payments/state.ts';
import type { SeedBatches } from './batches.ts';
import type { Random } from './mix.ts';
import type { EventQueue } from './schedule.ts';
import type { SeedStore } from './store.ts';

/** What the seeder made, by kind. */
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

export const emptyCounts = (): SeedCounts => ({
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

/** What the parts of one seed run share while they make the history. */
export interface SeedRun {
  db: Db;
  store: SeedStore;
  /** The planners' environment; `now` is set to each event's time before it is planned. */
  env: PlanEnv;
  /** The generator every draw of the history comes from, in the order of the events. */
  random: Random;
  /** The history's period, in epoch milliseconds, and the ledger rows it should have. */
  start: number;
  end: number;
  days: number;
  target: number;
  /** The order id the next checkout takes. */
  nextOrderId: number;
  /** Checks each generated checkout against the API's contract. */
  validateInputs: boolean;
  counts: SeedCounts;
  queue: EventQueue;
  batches: SeedBatches;
  /** For the services that run while planning goes on (they draw ids from their own stream). */
  serviceContext: (at: number) => EngineContext;
  /** The smallest charge in a currency. */
  minimumFor: (code: string) => number;
}
