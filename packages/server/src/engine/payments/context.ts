import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { IdSource } from '../ids.ts';
import type { Processor } from '../processor/processor.ts';
import type { RateTable } from '../rates.ts';

/** What an engine operation needs: the database, an id source and the engine's time. */
export interface EngineContext {
  db: Db;
  ids: IdSource;
  now: Date;
  rates: RateTable;
  /** Who answers for the payment network; the sandbox processor when left out. */
  processor?: Processor;
}

export type Trx = Transaction<Database>;

/** The user acting, for timeline entries such as a manual fraud approval. */
export interface Actor {
  id: number;
  username: string;
}
