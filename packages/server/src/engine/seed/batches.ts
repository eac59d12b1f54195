import { sql } from 'kysely';
import type pg from 'pg';
import { pinConnection } from '../../db/copy-in.ts';
import type { Db } from '../../db/database.ts';
import { applyEffects, type Effects, emptyEffects, mergeEffects } from '../effects.ts';
import type { UnsweptRow } from '../payouts/plan-payout.ts';

export interface SeedBatchOptions {
  /** Writes with applyEffects' bulk statements; false uses the plain ones. */
  bulk: boolean;
  /**
   * On PostgreSQL: writes each batch on one connection of this pool, its inserts through
   * `COPY … FROM STDIN` (db/copy-in.ts).
   */
  copyPool: pg.Pool | undefined;
  /** Writes in replica mode, without the per-row foreign-key triggers (bulk-load.ts). */
  skipKeyChecks: boolean;
  /** Plans the next batch while this one is written (PostgreSQL). */
  overlapWrites: boolean;
  /** The last order id planned so far: the orders sequence continues after it. */
  lastOrderId: () => number;
  onProgress?: (rows: number) => void;
}

/**
 * The seeder's writes: planned effects gathered into batches, one database transaction each,
 * and the payout pool and ledger counts that follow from them.
 *
 * Writing a batch overlaps planning the next on PostgreSQL, where the server works while Node
 * plans. PGlite runs in this thread, where overlapping only adds memory (measured 10% slower),
 * so there each batch is written before the next is planned. One batch is in flight at most; a
 * failed write surfaces at the next flush.
 */
export class SeedBatches {
  /** What payouts may sweep: every unswept row, now and as history is made. */
  pool: UnsweptRow[];
  /** Ledger rows planned and written so far. */
  planned = 0;
  written = 0;
  /** Ledger rows written, by type. */
  readonly ledgerTypes: Record<string, number> = {};
  batches = 0;
  writeMs = 0;
  /** Payments planned into the batch being gathered. */
  payments = 0;
  readonly overlapWrites: boolean;
  #batch = emptyEffects();
  #inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    pool: UnsweptRow[],
    private readonly options: SeedBatchOptions,
  ) {
    this.pool = pool;
    this.overlapWrites = options.overlapWrites;
  }

  /** Adds one operation's effects to the batch; its ledger rows join the payout pool. */
  take(effects: Effects): void {
    for (const entry of effects.ledger) {
      this.pool.push({
        id: entry.id,
        currency: entry.currency,
        net: entry.amount - entry.fee,
        available_on: entry.available_on,
      });
    }
    this.planned += effects.ledger.length;
    mergeEffects(this.#batch, effects);
  }

  /** A ledger row a service wrote itself (a reader fee, a loan's payout) joins the pool and the counts. */
  takeWritten(row: UnsweptRow, type: string): void {
    this.pool.push(row);
    this.planned++;
    this.written++;
    this.ledgerTypes[type] = (this.ledgerTypes[type] ?? 0) + 1;
  }

  /** Starts writing the batch and returns once the previous one is written. */
  async startFlush(): Promise<void> {
    await this.#inFlight;
    if (Object.values(this.#batch).every((list) => (list as unknown[]).length === 0)) return;
    const effects = this.#batch;
    this.#batch = emptyEffects();
    this.payments = 0;
    this.#inFlight = this.#write(effects, this.options.lastOrderId());
    // Handled here so it is not reported as unhandled meanwhile; awaiting it rethrows.
    this.#inFlight.catch(() => {});
  }

  /** Writes everything planned so far; what reads the database comes after this. */
  async flush(): Promise<void> {
    await this.startFlush();
    await this.#inFlight;
  }

  /**
   * Runs `work` once the batch in flight is written; the next batch is written after it, as the
   * jobs it stands for would have run before it.
   */
  after<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#inFlight.then(work);
    this.#inFlight = done.then(() => undefined);
    this.#inFlight.catch(() => {});
    return done;
  }

  async #write(effects: Effects, lastOrder: number): Promise<void> {
    const began = performance.now();
    const pinned =
      this.options.bulk && this.options.copyPool ? await pinConnection(this.options.copyPool) : undefined;
    try {
      await this.#transaction(pinned?.db ?? this.db, effects, lastOrder);
    } catch (error) {
      pinned?.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    pinned?.release();
    this.writeMs += performance.now() - began;
    this.batches++;
    this.written += effects.ledger.length;
    for (const entry of effects.ledger)
      this.ledgerTypes[entry.type] = (this.ledgerTypes[entry.type] ?? 0) + 1;
    this.options.onProgress?.(this.written);
  }

  async #transaction(db: Db, effects: Effects, lastOrder: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      // Replica mode skips the per-row foreign-key triggers; checkForeignKeys checks them at the end.
      if (this.options.skipKeyChecks) await sql`set local session_replication_role = replica`.execute(trx);
      await applyEffects(trx, effects, { bulk: this.options.bulk });
      // The in-memory order ids are taken: checkouts through the API continue after them.
      if (effects.orders.length > 0) {
        await sql`select setval(pg_get_serial_sequence('orders', 'id'), ${lastOrder})`.execute(trx);
      }
    });
  }
}
