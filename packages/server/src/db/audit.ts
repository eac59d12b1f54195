import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type AbortableOperationOptions,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * The audit log's hold on the database driver (docs/audit-log.md). A request that may change
 * data runs inside an audit scope; the first statement of it that writes gets the request's
 * audit row inserted just before it, on the same connection: inside the statement's transaction
 * when there is one, else in a transaction opened around the two. So the row is committed with
 * the change or rolled back with it, however many places open transactions, and no route has to
 * remember to write it.
 */

export type AuditOutcome = 'changed' | 'unchanged' | 'refused' | 'failed' | 'failed_sign_in';

/** What an audit row says about its request; the outcome and status are added when written. */
export interface AuditRecord {
  userId: number | null;
  username: string | null;
  credential: string;
  ip: string;
  method: string;
  action: string;
  objectId: string | null;
  /** The redacted body as JSON text, or null. */
  change: string | null;
  requestId: string;
}

export interface AuditScope {
  record: AuditRecord;
  /**
   * `open`: no row yet; `pending`: a row waits in a transaction still open; `recorded`: the row
   * is committed (its id in `auditId`).
   */
  state: 'open' | 'pending' | 'recorded';
  auditId: number | undefined;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** The audit scope of the running request, if it has one. */
export const currentAuditScope = (): AuditScope | undefined => storage.getStore();

/** Runs `fn` (and all it starts) inside an audit scope. */
export function runInAuditScope<T>(scope: AuditScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * Runs `fn` outside any audit scope: work a request only sets going (a woken job worker) is
 * not the request's change and writes no audit row.
 */
export function outsideAuditScope<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** The insert of an audit row, as one statement that answers its id. */
export function auditInsert(
  record: AuditRecord,
  outcome: AuditOutcome,
  status: number | null,
): CompiledQuery {
  return CompiledQuery.raw(
    `insert into audit_log (user_id, username, credential, ip, method, action, object_id, status, outcome, change, request_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11) returning id`,
    [
      record.userId,
      record.username,
      record.credential,
      record.ip,
      record.method,
      record.action,
      record.objectId,
      status,
      outcome,
      record.change,
      record.requestId,
    ],
  );
}

/**
 * Tables whose writes are the request's own bookkeeping (its idempotency claim, its rate-limit
 * count, its audit), not a change of the store's data.
 */
const BOOKKEEPING_TABLES = new Set([
  'idempotency_keys',
  'rate_limit_hits',
  'audit_log',
  'audit_log_status',
  'upkeep_counts',
]);

const LEADING_COMMENTS = /^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/;
const WRITE_STATEMENT =
  /^(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/i;
/** Each write inside a `with`, naming its table (the first group, or the second for an update). */
const WRITES_IN_CTE =
  /\b(?:insert\s+into|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?|\bupdate\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?\s+(?:as\s+\w+\s+)?set\b/gi;

/**
 * Whether a statement changes the store's data: an insert, update, delete or merge (alone or in
 * a `with`), unless it only touches bookkeeping tables. Reads, locks (`select … for update`),
 * transaction control and notifications are not changes.
 */
export function changesData(sqlText: string): boolean {
  const text = sqlText.replace(LEADING_COMMENTS, '');
  const write = WRITE_STATEMENT.exec(text);
  if (write) return !BOOKKEEPING_TABLES.has((write[1] ?? '').toLowerCase());
  if (!/^with\b/i.test(text)) return false;
  for (const match of text.matchAll(WRITES_IN_CTE)) {
    if (!BOOKKEEPING_TABLES.has((match[1] ?? match[2] ?? '').toLowerCase())) return true;
  }
  return false;
}

/** The connection of one acquisition, with what the audit needs to know of its transaction. */
class AuditedConnection implements DatabaseConnection {
  inTransaction = false;
  /** Savepoints open in the current transaction, oldest first. */
  savepoints: string[] = [];
  /** The scope whose row this transaction holds, and how many savepoints were open then. */
  holding: { scope: AuditScope; depth: number } | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const scope = storage.getStore();
    if (scope?.state !== 'open' || !changesData(query.sql)) return this.inner.executeQuery(query);
    // Claimed before the first await, so a second write of the same request running at the
    // same time does not insert a second row.
    scope.state = 'pending';
    if (this.inTransaction) {
      try {
        const inserted = await this.inner.executeQuery<{ id: number }>(
          auditInsert(scope.record, 'changed', null),
        );
        scope.auditId = inserted.rows[0]?.id;
      } catch (error) {
        scope.state = 'open';
        throw error;
      }
      this.holding = { scope, depth: this.savepoints.length };
      return this.inner.executeQuery(query);
    }
    // A write outside a transaction: the row and the write are committed together.
    await this.driver.beginTransaction(this.inner, {});
    try {
      const inserted = await this.inner.executeQuery<{ id: number }>(
        auditInsert(scope.record, 'changed', null),
      );
      const result = await this.inner.executeQuery<R>(query);
      await this.driver.commitTransaction(this.inner);
      scope.auditId = inserted.rows[0]?.id;
      scope.state = 'recorded';
      return result;
    } catch (error) {
      scope.state = 'open';
      scope.auditId = undefined;
      await this.driver.rollbackTransaction(this.inner);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The transaction ended: its row is committed with it, or gone with it. */
  settle(committed: boolean): void {
    const held = this.holding;
    this.holding = undefined;
    this.inTransaction = false;
    this.savepoints = [];
    if (!held) return;
    if (committed) held.scope.state = 'recorded';
    else {
      held.scope.state = 'open';
      held.scope.auditId = undefined;
    }
  }
}

type CompileQuery = QueryCompiler['compileQuery'];

class AuditedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return new AuditedConnection(await this.inner.acquireConnection(options), this.inner);
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection), options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const audited = connection as AuditedConnection;
    await this.inner.beginTransaction(audited.inner, settings);
    audited.inTransaction = true;
    audited.savepoints = [];
    audited.holding = undefined;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const audited = connection as AuditedConnection;
    try {
      await this.inner.commitTransaction(audited.inner);
    } catch (error) {
      audited.settle(false);
      throw error;
    }
    audited.settle(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const audited = connection as AuditedConnection;
    try {
      await this.inner.rollbackTransaction(audited.inner);
    } finally {
      audited.settle(false);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    const audited = connection as AuditedConnection;
    await requireSavepoints(this.inner).savepoint(audited.inner, name, compile);
    audited.savepoints.push(name);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: CompileQuery,
  ): Promise<void> {
    const audited = connection as AuditedConnection;
    await requireSavepoints(this.inner).rollbackToSavepoint(audited.inner, name, compile);
    const index = audited.savepoints.lastIndexOf(name);
    audited.savepoints = audited.savepoints.slice(0, index + 1);
    // A row inserted after the savepoint was made is undone with what followed it.
    const held = audited.holding;
    if (held && held.depth > index) {
      audited.holding = undefined;
      held.scope.state = 'open';
      held.scope.auditId = undefined;
    }
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    const audited = connection as AuditedConnection;
    await requireSavepoints(this.inner).releaseSavepoint(audited.inner, name, compile);
    const index = audited.savepoints.lastIndexOf(name);
    audited.savepoints = audited.savepoints.slice(0, Math.max(index, 0));
    if (audited.holding && audited.holding.depth > index) audited.holding.depth = Math.max(index, 0);
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.destroy(options);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof AuditedConnection ? connection.inner : connection;
}

type SavepointDriver = Required<Pick<Driver, 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>>;

function requireSavepoints(driver: Driver): SavepointDriver {
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = driver;
  if (!savepoint || !rollbackToSavepoint || !releaseSavepoint) {
    throw new Error('The database driver does not support savepoints');
  }
  return {
    savepoint: savepoint.bind(driver),
    rollbackToSavepoint: rollbackToSavepoint.bind(driver),
    releaseSavepoint: releaseSavepoint.bind(driver),
  };
}

/** A dialect whose driver writes the audit row of the request in scope (see above). */
export function auditedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new AuditedDriver(inner.createDriver()),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}
