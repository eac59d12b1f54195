import { assert } from '@paydesk/domain';
import { type Insertable, sql, type Updateable } from 'kysely';
import { copyInOf, copyText } from '../db/copy-in.ts';
import type {
  ChargesTable,
  DisputesTable,
  FraudOutcomesTable,
  JobsTable,
  LoansTable,
  OrdersTable,
  PaymentIntentsTable,
  PayoutsTable,
  RefundsTable,
} from '../db/schema.ts';
import { keepDocuments } from './document-rows.ts';
import { recordEffectNotes } from './inbox.ts';
import { addToLedgerSums, type LedgerEntry, ledgerRow, postLedger, sweepIntoPayout } from './ledger.ts';
import type { Trx } from './payments/context.ts';
import { recordTimeline, type TimelineEvent, timelineRow } from './timeline.ts';

type Update<T> = { id: string | number; set: Updateable<T> };

/**
 * What an engine operation changes, computed without touching the database. The HTTP services
 * apply one operation's effects in one transaction; the seeder gathers thousands and applies
 * them with multi-row inserts. Either way the same rules decide what is written.
 */
export interface Effects {
  orders: Insertable<OrdersTable>[];
  intents: Insertable<PaymentIntentsTable>[];
  charges: Insertable<ChargesTable>[];
  refunds: Insertable<RefundsTable>[];
  disputes: Insertable<DisputesTable>[];
  fraudOutcomes: Insertable<FraudOutcomesTable>[];
  payouts: Insertable<PayoutsTable>[];
  ledger: LedgerEntry[];
  /** Ledger rows a payout takes out of the balance (from `ledger_unswept` into `ledger_payouts`). */
  sweeps: { payout_id: string; txn_ids: string[] }[];
  timeline: TimelineEvent[];
  jobs: Insertable<JobsTable>[];
  orderUpdates: Update<OrdersTable>[];
  intentUpdates: Update<PaymentIntentsTable>[];
  chargeUpdates: Update<ChargesTable>[];
  loanUpdates: Update<LoansTable>[];
  refundUpdates: Update<RefundsTable>[];
  disputeUpdates: Update<DisputesTable>[];
  fraudOutcomeUpdates: { payment_intent_id: string; set: Updateable<FraudOutcomesTable> }[];
}

export function emptyEffects(): Effects {
  return {
    orders: [],
    intents: [],
    charges: [],
    refunds: [],
    disputes: [],
    fraudOutcomes: [],
    payouts: [],
    ledger: [],
    sweeps: [],
    timeline: [],
    jobs: [],
    orderUpdates: [],
    intentUpdates: [],
    chargeUpdates: [],
    loanUpdates: [],
    refundUpdates: [],
    disputeUpdates: [],
    fraudOutcomeUpdates: [],
  };
}

/** Appends `more` to `into` (in order) and answers `into`. */
export function mergeEffects(into: Effects, more: Effects): Effects {
  for (const key of Object.keys(into) as (keyof Effects)[]) {
    (into[key] as unknown[]).push(...(more[key] as unknown[]));
  }
  return into;
}

/** Folds updates of rows inserted in the same batch into the inserts, so they are written once. */
function foldUpdates<U extends Update<unknown>>(rows: { id?: unknown }[], updates: U[]): U[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const rest: U[] = [];
  for (const update of updates) {
    const row = byId.get(update.id);
    if (row) Object.assign(row, update.set);
    else rest.push(update);
  }
  return rest;
}

/** The updates of each table left once those of rows inserted by the same effects are folded in. */
function remainingUpdates(effects: Effects) {
  return {
    orderUpdates: foldUpdates(effects.orders, effects.orderUpdates),
    intentUpdates: foldUpdates(effects.intents, effects.intentUpdates),
    chargeUpdates: foldUpdates(effects.charges, effects.chargeUpdates),
    refundUpdates: foldUpdates(effects.refunds, effects.refundUpdates),
    disputeUpdates: foldUpdates(effects.disputes, effects.disputeUpdates),
  };
}

const CHUNK_ROWS = 500;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await insert(rows.slice(i, i + CHUNK_ROWS));
}

/**
 * Sweeps ledger rows into a payout (`sweepIntoPayout`), a chunk of rows per statement. A row is
 * swept once: finding fewer unswept rows than planned means the balance moved under the planner,
 * which is a bug, not a user error.
 */
async function sweepLedger(
  trx: Trx,
  payoutId: string,
  txnIds: readonly string[],
  chunkRows = CHUNK_ROWS,
): Promise<void> {
  let swept = 0;
  for (let i = 0; i < txnIds.length; i += chunkRows) {
    swept += await sweepIntoPayout(trx, payoutId, txnIds.slice(i, i + chunkRows));
  }
  assert(
    swept === txnIds.length,
    `payout ${payoutId} swept ${swept} of ${txnIds.length} planned ledger rows`,
  );
}

export interface ApplyOptions {
  /**
   * For the seeder's batches of thousands of operations: the same rows, written with fewer and
   * cheaper statements (see applyEffectsBulk). An HTTP operation's few rows gain nothing from it.
   * The effects are the writer's: their charges and orders name their JSON documents by id once
   * written.
   */
  bulk?: boolean;
}

/**
 * Writes effects: inserts in foreign-key order, then the updates of rows written earlier, then
 * the inbox notes they call for (engine/inbox.ts).
 */
export async function applyEffects(trx: Trx, effects: Effects, options: ApplyOptions = {}): Promise<void> {
  if (options.bulk) {
    await applyEffectsBulk(trx, effects);
    return recordEffectNotes(trx, effects);
  }
  const { orderUpdates, intentUpdates, chargeUpdates, refundUpdates, disputeUpdates } =
    remainingUpdates(effects);

  await insertChunks(effects.orders, (c) => trx.insertInto('orders').values(c).execute());
  await insertChunks(effects.intents, (c) => trx.insertInto('payment_intents').values(c).execute());
  await insertChunks(effects.charges, (c) => trx.insertInto('charges').values(c).execute());
  await insertChunks(effects.disputes, (c) => trx.insertInto('disputes').values(c).execute());
  await insertChunks(effects.refunds, (c) => trx.insertInto('refunds').values(c).execute());
  await insertChunks(effects.fraudOutcomes, (c) => trx.insertInto('fraud_outcomes').values(c).execute());
  await insertChunks(effects.payouts, (c) => trx.insertInto('payouts').values(c).execute());
  await postLedger(trx, effects.ledger);
  for (const sweep of effects.sweeps) await sweepLedger(trx, sweep.payout_id, sweep.txn_ids);
  for (let i = 0; i < effects.timeline.length; i += CHUNK_ROWS)
    await recordTimeline(trx, effects.timeline.slice(i, i + CHUNK_ROWS));
  await insertChunks(effects.jobs, (c) =>
    trx
      .insertInto('jobs')
      .values(c)
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .execute(),
  );

  for (const u of orderUpdates)
    await trx.updateTable('orders').set(u.set).where('id', '=', Number(u.id)).execute();
  for (const u of intentUpdates)
    await trx.updateTable('payment_intents').set(u.set).where('id', '=', String(u.id)).execute();
  for (const u of chargeUpdates)
    await trx.updateTable('charges').set(u.set).where('id', '=', String(u.id)).execute();
  for (const u of effects.loanUpdates)
    await trx.updateTable('loans').set(u.set).where('id', '=', String(u.id)).execute();
  for (const u of refundUpdates)
    await trx.updateTable('refunds').set(u.set).where('id', '=', String(u.id)).execute();
  for (const u of disputeUpdates)
    await trx.updateTable('disputes').set(u.set).where('id', '=', String(u.id)).execute();
  for (const u of effects.fraudOutcomeUpdates) {
    await trx
      .updateTable('fraud_outcomes')
      .set(u.set)
      .where('payment_intent_id', '=', u.payment_intent_id)
      .execute();
  }
  await recordEffectNotes(trx, effects);
}

// ---- Bulk writing ------------------------------------------------------------------------------
//
// For the seeder's batches (docs/performance.md, "Seeding"). A multi-row VALUES insert binds one
// parameter per value, 18,000 for 500 charges, and parsing, binding and planning them costs
// about as much as the rows. Here each table's rows go in as one JSON document that
// json_to_recordset turns into typed rows; the ledger's rollups are summed over the whole batch
// (one upsert instead of one per 500 rows); and updates are merged per row (a loan being repaid
// is updated by every payment) and written with one statement per table and set of columns.
// Measured on 100,000 seeded rows: 24% less writing time on PGlite, 28% less on PostgreSQL.
// On a transaction pinned to one PostgreSQL connection (db/copy-in.ts: the seeder's batches),
// the inserts go through `COPY … FROM STDIN` instead, which parses no JSON document. The
// charges' and orders' JSON documents are kept once per distinct document of a batch
// (`keepDocuments`) before their rows go in, instead of by their trigger row by row.
// The rows written are the same; the seeder's test compares the paths table by table.

type Row = Record<string, unknown>;

/** Rows per statement: a few MB of JSON, well inside what either database accepts. */
const BULK_ROWS = 5000;

const columnTypesByTable = new Map<string, ReadonlyMap<string, string>>();

/** A table's columns and their SQL types, read once from the catalog. */
async function columnTypes(trx: Trx, table: string): Promise<ReadonlyMap<string, string>> {
  let types = columnTypesByTable.get(table);
  if (!types) {
    const result = await sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped`.execute(trx);
    types = new Map(result.rows.map((row) => [row.name, row.type]));
    assert(types.size > 0, `bulk write: table ${table} exists`);
    columnTypesByTable.set(table, types);
  }
  return types;
}

/**
 * The rows of a JSON document as a typed record set. json and jsonb columns are read as text and
 * cast, because their values are JSON text already (as a VALUES insert would send them).
 */
const JSON_TYPES: ReadonlySet<string> = new Set(['json', 'jsonb']);

function recordSet(columns: readonly string[], types: ReadonlyMap<string, string>, document: string) {
  const definitions = columns.map((column) => {
    const type = types.get(column);
    assert(type, `bulk write: unknown column ${column}`);
    return sql`${sql.id(column)} ${sql.raw(JSON_TYPES.has(type) ? 'text' : type)}`;
  });
  return sql`json_to_recordset(${document}::json) as v(${sql.join(definitions)})`;
}

function selected(column: string, types: ReadonlyMap<string, string>) {
  const type = types.get(column);
  return type && JSON_TYPES.has(type) ? sql`v.${sql.id(column)}::${sql.raw(type)}` : sql`v.${sql.id(column)}`;
}

/** A set of columns, sorted, and the key that names it. */
interface ColumnSet {
  columns: string[];
  key: string;
}

/**
 * Column sets by the columns a row sets in the order the row has them: rows made by the same
 * code share one, so a batch sorts each set once rather than once per row. Cleared when it
 * holds more sets than any batch makes.
 */
const columnSets = new Map<string, ColumnSet>();
const COLUMN_SETS_KEPT = 1_000;

/** The columns a row sets, sorted; an undefined value is not set, as in a VALUES insert. */
function columnsOf(row: Row): ColumnSet {
  let signature = '';
  for (const column in row) if (row[column] !== undefined) signature += `${column},`;
  let set = columnSets.get(signature);
  if (!set) {
    const columns = signature === '' ? [] : signature.slice(0, -1).split(',').sort();
    set = { columns, key: columns.join(',') };
    if (columnSets.size >= COLUMN_SETS_KEPT) columnSets.clear();
    columnSets.set(signature, set);
  }
  return set;
}

/**
 * Splits rows into groups that set the same columns. `keepOrder` groups consecutive rows only,
 * for tables whose serial ids (or the ledger's seq) record the order rows were written in.
 */
function groupByColumns(rows: readonly Row[], keepOrder: boolean): { columns: string[]; rows: Row[] }[] {
  const groups: { columns: string[]; rows: Row[] }[] = [];
  const byKey = new Map<string, { columns: string[]; rows: Row[] }>();
  let lastKey: string | undefined;
  let lastGroup: { columns: string[]; rows: Row[] } | undefined;
  for (const row of rows) {
    const { columns, key } = columnsOf(row);
    let group = keepOrder ? (lastKey === key ? lastGroup : undefined) : byKey.get(key);
    if (!group) {
      group = { columns, rows: [] };
      groups.push(group);
      if (!keepOrder) byKey.set(key, group);
    }
    group.rows.push(row);
    lastKey = key;
    lastGroup = group;
  }
  return groups;
}

async function bulkInsert(
  trx: Trx,
  table: string,
  rows: readonly Row[],
  options: { keepOrder: boolean; onConflictDoNothing?: string },
): Promise<void> {
  if (rows.length === 0) return;
  const types = await columnTypes(trx, table);
  const copyIn = options.onConflictDoNothing ? undefined : copyInOf(trx);
  await keepDocuments(trx, table, rows);
  for (const group of groupByColumns(rows, options.keepOrder)) {
    if (copyIn) {
      const json = new Set(group.columns.filter((column) => JSON_TYPES.has(types.get(column) ?? '')));
      await copyIn(table, group.columns, copyText(group.rows, group.columns, json));
      continue;
    }
    const list = sql.join(group.columns.map((column) => sql.id(column)));
    const values = sql.join(group.columns.map((column) => selected(column, types)));
    const conflict = options.onConflictDoNothing
      ? sql`on conflict (${sql.id(options.onConflictDoNothing)}) do nothing`
      : sql``;
    for (let i = 0; i < group.rows.length; i += BULK_ROWS) {
      // Dates become ISO 8601 text, read back as timestamptz: the same instants.
      const document = JSON.stringify(group.rows.slice(i, i + BULK_ROWS));
      await sql`insert into ${sql.id(table)} (${list})
        select ${values} from ${recordSet(group.columns, types, document)} ${conflict}`.execute(trx);
    }
  }
}

/** Applies updates in order per row (later values win), then writes each row once. */
async function bulkUpdate(
  trx: Trx,
  table: string,
  key: string,
  updates: readonly Update<unknown>[],
): Promise<void> {
  if (updates.length === 0) return;
  const merged = new Map<string | number, Row>();
  for (const update of updates) {
    const row = merged.get(update.id);
    if (row) Object.assign(row, update.set);
    else merged.set(update.id, { ...(update.set as Row) });
  }
  const rows = [...merged].map(([id, set]) => ({ ...set, [key]: id }));
  const types = await columnTypes(trx, table);
  await keepDocuments(trx, table, rows);
  for (const group of groupByColumns(rows, false)) {
    const assignments = sql.join(
      group.columns
        .filter((column) => column !== key)
        .map((column) => sql`${sql.id(column)} = ${selected(column, types)}`),
    );
    for (let i = 0; i < group.rows.length; i += BULK_ROWS) {
      const document = JSON.stringify(group.rows.slice(i, i + BULK_ROWS));
      await sql`update ${sql.id(table)} as t set ${assignments}
        from ${recordSet(group.columns, types, document)}
        where t.${sql.id(key)} = v.${sql.id(key)}`.execute(trx);
    }
  }
}

/** What applyEffects writes, with the statements described above; the same rows in the end. */
async function applyEffectsBulk(trx: Trx, effects: Effects): Promise<void> {
  const { orderUpdates, intentUpdates, chargeUpdates, refundUpdates, disputeUpdates } =
    remainingUpdates(effects);

  // Rows of tables with text ids may be grouped freely; serial ids keep the planned order.
  await bulkInsert(trx, 'orders', effects.orders as Row[], { keepOrder: true });
  await bulkInsert(trx, 'payment_intents', effects.intents as Row[], { keepOrder: false });
  await bulkInsert(trx, 'charges', effects.charges as Row[], { keepOrder: false });
  await bulkInsert(trx, 'disputes', effects.disputes as Row[], { keepOrder: false });
  await bulkInsert(trx, 'refunds', effects.refunds as Row[], { keepOrder: false });
  await bulkInsert(trx, 'fraud_outcomes', effects.fraudOutcomes as Row[], { keepOrder: true });
  await bulkInsert(trx, 'payouts', effects.payouts as Row[], { keepOrder: false });
  await bulkInsert(trx, 'balance_transactions', effects.ledger.map(ledgerRow), { keepOrder: true });
  await addToLedgerSums(trx, effects.ledger);
  for (const sweep of effects.sweeps) await sweepLedger(trx, sweep.payout_id, sweep.txn_ids, BULK_ROWS);
  await bulkInsert(trx, 'timeline_events', effects.timeline.map(timelineRow), { keepOrder: true });
  await bulkInsert(trx, 'jobs', effects.jobs as Row[], {
    keepOrder: true,
    onConflictDoNothing: 'unique_key',
  });

  await bulkUpdate(trx, 'orders', 'id', orderUpdates);
  await bulkUpdate(trx, 'payment_intents', 'id', intentUpdates);
  await bulkUpdate(trx, 'charges', 'id', chargeUpdates);
  await bulkUpdate(trx, 'loans', 'id', effects.loanUpdates as Update<unknown>[]);
  await bulkUpdate(trx, 'refunds', 'id', refundUpdates);
  await bulkUpdate(trx, 'disputes', 'id', disputeUpdates);
  await bulkUpdate(
    trx,
    'fraud_outcomes',
    'payment_intent_id',
    effects.fraudOutcomeUpdates.map((update) => ({ id: update.payment_intent_id, set: update.set })),
  );
}
