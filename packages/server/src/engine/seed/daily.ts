import { IN_TRANSIT_AFTER_MS, STANDARD_ARRIVAL_MS } from '@paydesk/domain/payouts/arrival';
import { sql } from 'kysely';
import { createLoan } from '../capital/services.ts';
import { chargeReaderFees, type ReaderFeeResult } from '../card-readers/services.ts';
import { loanState } from '../payments/state.ts';
import { planPayout } from '../payouts/plan-payout.ts';
import { markPayoutInTransit, settlePayout } from '../payouts/services.ts';
import { presentTables } from './bulk-load.ts';
import { fromUsd } from './mix.ts';
import type { SeedRun } from './run.ts';

/**
 * The store's days: each midnight the day's scheduled payout (planned into the batch), then,
 * once the batch is written, what the daily jobs do in the database: payouts move to in transit
 * and paid, and the card readers are billed for the day. On PostgreSQL planning carries on
 * meanwhile.
 */
export class SeedDays {
  /** The reader fee billed at the last day boundary, once its service has run. */
  #readerFee: Promise<(ReaderFeeResult & { at: number }) | undefined> = Promise.resolve(undefined);
  #payoutsInFlight: { id: string; created: number }[] = [];

  constructor(private readonly run: SeedRun) {}

  /** The last reader fee's ledger row joins the pool (and the count) at the next day boundary, whenever it ran. */
  async takeReaderFee(): Promise<void> {
    const fee = await this.#readerFee;
    this.#readerFee = Promise.resolve(undefined);
    if (!fee) return;
    this.run.batches.takeWritten(
      { id: fee.transaction_id, currency: fee.currency, net: fee.amount, available_on: new Date(fee.at) },
      'card_reader_fee',
    );
    this.run.counts.reader_fees++;
  }

  async midnight(midnight: number): Promise<void> {
    const { env, batches, counts, db, store } = this.run;
    await this.takeReaderFee();
    env.now = new Date(midnight);
    const plan = planPayout(batches.pool, store.account, env.now, env.ids);
    if (plan.effects.payouts.length > 0) {
      const swept = new Set(plan.effects.sweeps.flatMap((sweep) => sweep.txn_ids));
      batches.pool = batches.pool.filter((row) => !swept.has(row.id));
      for (const payout of plan.effects.payouts)
        this.#payoutsInFlight.push({ id: payout.id, created: midnight });
      counts.payouts += plan.effects.payouts.length;
      batches.take(plan.effects);
    }
    // The payout jobs change statuses only, so they run at the first day boundary after their
    // time: in transit an hour after the payout, paid at arrival two days later.
    const inTransit = this.#payoutsInFlight
      .filter((p) => p.created + IN_TRANSIT_AFTER_MS <= midnight)
      .map((p) => p.id);
    const arrived = this.#payoutsInFlight
      .filter((p) => p.created + STANDARD_ARRIVAL_MS <= midnight)
      .map((p) => p.id);
    this.#payoutsInFlight = this.#payoutsInFlight.filter((p) => !arrived.includes(p.id));
    await batches.startFlush();
    this.#readerFee = batches.after(async () => {
      for (const id of inTransit) await markPayoutInTransit(db, id);
      for (const id of arrived) await settlePayout(db, id);
      // The day's sweep deleted its rows from the unswept list and its hourly sums, and each of the day's batches
      // wrote a new version of the day's cells in the cubes. A live store's autovacuum frees
      // their space about daily, for the next days' rows and versions to reuse; the seeder makes
      // days in seconds, faster than autovacuum wakes, so it frees them itself. Left alone, the
      // daily cube of a 10M-row store (about 28 batches a day) held 87 % free space, which its
      // summaries read (docs/performance.md, "A tenth 10M store").
      await sql`vacuum ledger_cube, ledger_cube_hours`.execute(db);
      if (plan.effects.sweeps.length > 0) {
        const unswept = await presentTables(db, ['ledger_unswept', 'ledger_unswept_hours']);
        await sql`vacuum ${sql.join(unswept.map((table) => sql.id(table)))}`.execute(db);
      }
      if (midnight <= store.readerFeesFrom) return undefined;
      const fee = await chargeReaderFees(this.run.serviceContext(midnight), store.account.id);
      return fee ? { ...fee, at: midnight } : undefined;
    });
    if (!batches.overlapWrites) await batches.flush();
  }
}

/**
 * Pays out a sandbox loan at `at`, through the loan service once everything before it is
 * written; its payout joins the pool and later payments repay it.
 */
export async function openLoan(run: SeedRun, at: number): Promise<void> {
  const { batches, env, db, store } = run;
  await batches.flush();
  // Sized to be repaid, at 15% of each payment's net, within about a tenth of the history.
  const salesPerDayUsd = (run.target / run.days) * 45;
  const loanUsd = Math.max(1000, Math.round((salesPerDayUsd * 0.15 * 0.1 * run.days) / 1.1 / 100) * 100);
  const amountMinor = fromUsd(loanUsd, store.currency, store.usdRate(store.currency));
  const loan = await createLoan(run.serviceContext(at), {
    amount: amountMinor,
    fee_amount: Math.round(amountMinor * 0.1),
    withhold_rate_bp: 1500,
    currency: store.currency,
  });
  const row = await db
    .selectFrom('balance_transactions')
    .select(['id', 'currency', 'net', 'available_on'])
    .where('loan_id', '=', loan.id)
    .where('type', '=', 'financing_payout')
    .executeTakeFirstOrThrow();
  env.loan = loanState(loan);
  batches.takeWritten({ ...row }, 'financing_payout');
  run.counts.loans++;
}
