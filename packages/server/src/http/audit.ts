import { auditChange, storableText } from '@paydesk/domain/audit-log/change';
import { REST_ROOT, store } from '@paydesk/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuditOutcome,
  type AuditRecord,
  type AuditScope,
  auditInsert,
  outsideAuditScope,
  runInAuditScope,
} from '../db/audit.ts';
import type { Db } from '../db/database.ts';
import { basicCredentials, requestCredential, sessionFromCookie } from './auth.ts';

/**
 * The requests the audit log records and the rows it writes for them (docs/audit-log.md):
 *
 * - a mutating request (POST, PUT, PATCH, DELETE, after the method override) runs in an audit
 *   scope, and its row goes in with its first change (db/audit.ts);
 * - one that changed nothing gets its row when it is answered: `unchanged` for a success (an
 *   idempotent replay), `refused` for a 4xx, `failed` for a 5xx;
 * - a request of any method refused for who sent it (401, 403) is recorded too.
 */

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Usage events record what a person looked at, not a change of the store: not audited. */
const UNAUDITED_ACTIONS = new Set([
  `${store.trackEvent.method} ${store.trackEvent.path.slice(REST_ROOT.length)}`,
]);

/** Longest action text kept for a request that matched no route. */
const MAX_UNROUTED_ACTION = 200;

/** Body fields that name the object of a request that has no id in its route, in order. */
const OBJECT_FIELDS = [
  'charge_id',
  'payment_intent_id',
  'intent_id',
  'dispute_id',
  'payout_id',
  'deposit_id',
  'reader_id',
  'order_id',
  'id',
] as const;

const scopes = new WeakMap<FastifyRequest, AuditScope>();

/** `METHOD /route/pattern` below /wp-json: the route's pattern, or the path when none matched. */
export function auditAction(method: string, request: FastifyRequest): string {
  const pattern = request.routeOptions.url ?? request.url.split('?')[0]!.slice(0, MAX_UNROUTED_ACTION);
  return `${method} ${pattern.startsWith(REST_ROOT) ? pattern.slice(REST_ROOT.length) || '/' : pattern}`;
}

function textId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length === 0) return null;
  return value.slice(0, 200);
}

/** The route's id parameter, else the first id the body names. */
function objectOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const fromParams =
    textId(params.id) ??
    Object.values(params)
      .map(textId)
      .find((id) => id !== null);
  if (fromParams) return fromParams;
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  for (const field of OBJECT_FIELDS) {
    const id = textId((body as Record<string, unknown>)[field]);
    if (id) return id;
  }
  return null;
}

function recordOf(
  request: FastifyRequest,
  who: { userId: number | null; username: string | null },
): AuditRecord {
  const objectId = objectOf(request);
  return {
    userId: who.userId,
    username: who.username === null ? null : storableText(who.username),
    credential: storableText(requestCredential(request)),
    ip: request.ip,
    method: request.method,
    action: storableText(auditAction(request.method, request)),
    objectId: objectId === null ? null : storableText(objectId),
    change: MUTATING_METHODS.has(request.method) ? auditChange(request.body) : null,
    requestId: String(request.id),
  };
}

function outcomeOf(status: number): AuditOutcome {
  if (status >= 500) return 'failed';
  if (status >= 400) return 'refused';
  return 'unchanged';
}

/**
 * Who sent a request the access check refused: the user of its session when the cookie was
 * good but the nonce was not, the login an application password was tried for, else nobody.
 */
async function refusedCaller(
  db: Db,
  request: FastifyRequest,
): Promise<{ userId: number | null; username: string | null; credential: string }> {
  if (request.user) {
    return { userId: request.user.id, username: request.user.login, credential: requestCredential(request) };
  }
  if (request.headers.authorization !== undefined) {
    const tried = basicCredentials(request.headers.authorization);
    return { userId: null, username: tried?.login.slice(0, 254) ?? null, credential: 'application_password' };
  }
  const session = await sessionFromCookie(db, request);
  if (session) return { userId: session.user.id, username: session.user.login, credential: 'session' };
  return { userId: null, username: null, credential: 'none' };
}

/** Writes one audit row on its own, for a request whose answer decides it. */
export async function writeAuditRow(
  db: Db,
  record: AuditRecord,
  outcome: AuditOutcome,
  status: number,
): Promise<void> {
  await outsideAuditScope(() => db.executeQuery(auditInsert(record, outcome, status)));
}

/** Installs the audit log's hooks on the REST scope; before the WordPress conventions. */
export function installAuditLog(rest: FastifyInstance, db: Db): void {
  // After the access check and the body's parsing: the caller is known, and a scope entered here
  // holds for the handler and everything it awaits.
  rest.addHook('preValidation', (request, _reply, done) => {
    const user = request.user;
    if (
      !user ||
      !MUTATING_METHODS.has(request.method) ||
      UNAUDITED_ACTIONS.has(auditAction(request.method, request))
    ) {
      done();
      return;
    }
    const scope: AuditScope = {
      record: recordOf(request, { userId: user.id, username: user.login }),
      state: 'open',
      auditId: undefined,
    };
    scopes.set(request, scope);
    runInAuditScope(scope, done);
  });

  // The row of a request that changed nothing, and the answer of one whose row went in with its
  // change, are written before the answer leaves (so a client that has its answer finds its row),
  // with the status the route answered, before an envelope (`_envelope`) turns it into 200.
  rest.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    await settle(db, request, reply.statusCode);
  });
  // An answer that was never sent whole (the connection closed) is recorded when it ends.
  rest.addHook('onResponse', async (request, reply) => {
    await settle(db, request, reply.statusCode);
  });
}

const settled = new WeakSet<FastifyRequest>();

/**
 * Writes what the answer decides. A failure to write is logged with the request id and never
 * changes the answer: the change itself, if any, was recorded with it already.
 */
async function settle(db: Db, request: FastifyRequest, status: number): Promise<void> {
  if (settled.has(request)) return;
  settled.add(request);
  try {
    await settleRow(db, request, status);
  } catch (error) {
    request.log.error(
      { err: error, reqId: request.id },
      'the audit row of this request could not be written',
    );
  }
}

async function settleRow(db: Db, request: FastifyRequest, status: number): Promise<void> {
  const scope = scopes.get(request);
  if (scope?.state === 'recorded') {
    // The row went in with the change, before the answer was known: its status is appended.
    const auditId = scope.auditId;
    if (auditId !== undefined) {
      await outsideAuditScope(() =>
        db.insertInto('audit_log_status').values({ audit_id: auditId, status }).execute(),
      );
    }
    return;
  }
  if (scope) {
    scope.state = 'recorded';
    await writeAuditRow(db, scope.record, outcomeOf(status), status);
    return;
  }
  const mutating = MUTATING_METHODS.has(request.method);
  if (!mutating && status !== 401 && status !== 403) return;
  if (UNAUDITED_ACTIONS.has(auditAction(request.method, request))) return;
  // Refused before the audit scope was entered: by the access check, or while its body was read.
  const caller = await refusedCaller(db, request);
  const record = { ...recordOf(request, caller), credential: caller.credential };
  await writeAuditRow(db, record, outcomeOf(status), status);
}

/**
 * An admin page address that acts before the app loads (the connect URL: a test drive, an
 * account reset) runs in an audit scope of its own: what it changes gets its row, as
 * `GET /wp-admin/admin.php` with the address's parameters (the nonce left out) as the change.
 * A page view that writes nothing leaves no row.
 */
export async function auditedPageAction(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; login: string },
  run: () => Promise<boolean>,
): Promise<boolean> {
  const { _wpnonce: _nonce, ...parameters } = (request.query ?? {}) as Record<string, unknown>;
  const scope: AuditScope = {
    record: adminPageRecord(request, user, auditChange(parameters)),
    state: 'open',
    auditId: undefined,
  };
  const answered = await runInAuditScope(scope, run);
  const auditId = scope.auditId;
  if (scope.state === 'recorded' && auditId !== undefined) {
    await outsideAuditScope(() =>
      db.insertInto('audit_log_status').values({ audit_id: auditId, status: reply.statusCode }).execute(),
    );
  }
  return answered;
}

/** An admin page refused to a signed-in user without the capability. */
export function recordRefusedPage(db: Db, request: FastifyRequest, user: { id: number; login: string }) {
  return writeAuditRow(db, adminPageRecord(request, user, null), 'refused', 403);
}

/** The row of an admin-page request by a signed-in user: the page's path as its action. */
function adminPageRecord(
  request: FastifyRequest,
  user: { id: number; login: string },
  change: AuditScope['record']['change'],
): AuditScope['record'] {
  return {
    userId: user.id,
    username: storableText(user.login),
    credential: 'session',
    ip: request.ip,
    method: request.method,
    action: storableText(`${request.method} ${request.url.split('?')[0]!.slice(0, MAX_UNROUTED_ACTION)}`),
    objectId: null,
    change,
    requestId: String(request.id),
  };
}
