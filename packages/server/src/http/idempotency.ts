import { createHash, randomUUID } from 'node:crypto';
import { AppError, appError, invalidParams } from '@paydesk/domain';
import { MINUTE_MS } from '@paydesk/domain/time';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, embeddedDatabaseOf } from '../db/database.ts';
import { appErrorBody } from './errors.ts';

/** How long a repeated request waits for the first one with the same key before answering 409. */
const IN_FLIGHT_WAIT_MS = 10_000;
const POLL_MS = 25;
/**
 * How long a claim holds: twice the request timeout (docs/configuration.md), so no request still
 * running can lose its claim, while the claim of a request whose server was killed runs out.
 */
const CLAIM_LEASE_MS = MINUTE_MS;
/** This process, as claims name it: a claim of another process is not this one's to judge alive. */
const THIS_PROCESS = randomUUID();
/**
 * The requests of this process that hold or seek a claim, by request id (unique: app.ts makes
 * them UUIDs). A claim of this process whose request is not here has ended without settling it
 * (its database went away between the change and the answer), so a retry need not wait out the
 * lease.
 */
const runningClaims = new Set<string>();

export interface StoredAnswer {
  status: number;
  body: unknown;
}

function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a money-moving request at most once per `Idempotency-Key` (docs/architecture.md, idempotent
 * endpoints). The key is claimed with a row committed before the work starts; the same key and body
 * replays the stored answer, another body gets 422. A repeat that arrives while the first is still
 * running waits for it and replays its answer, so simultaneous retries all see one result; after a
 * bounded wait it gets 409. An unexpected failure releases the key so the client can retry, unless
 * the request's change was committed before it (then the claim stays for a retry to take over). A
 * claim whose server was killed mid-request, or whose request lost its database before it could
 * release or settle the claim, is taken over by a retry once it can no longer be running
 * (`claimIsDead`): the retry runs the request if the dead one changed nothing, and answers
 * `idempotency_key_outcome_unknown` if it did.
 */
export async function withIdempotency(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  if (key.length === 0 || key.length > 255) {
    throw invalidParams({ 'Idempotency-Key': 'Between 1 and 255 characters.' });
  }
  const path = request.routeOptions.url ?? request.url;
  const hash = requestHash(request.method, request.url, request.body);
  const requestId = String(request.id);
  // Listed before the claim is committed, so no other request of this process finds it unlisted.
  runningClaims.add(requestId);
  try {
    return await runClaimed(db, request, reply, userId, run, { key, path, hash, requestId });
  } finally {
    runningClaims.delete(requestId);
  }
}

async function runClaimed(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  run: () => Promise<unknown>,
  claim: { key: string; path: string; hash: string; requestId: string },
): Promise<unknown> {
  const { key, path, hash, requestId } = claim;
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      method: request.method,
      path,
      request_hash: hash,
      status: 'in_flight',
      request_id: requestId,
      claimed_by: THIS_PROCESS,
      lease_until: new Date(Date.now() + CLAIM_LEASE_MS),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const stored = await waitForAnswer(db, userId, key, hash, requestId);
    if (stored !== 'taken_over') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(stored.status).send(stored.body);
    }
  }

  try {
    const body = await run();
    await db
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_status: 200, response_body: JSON.stringify(body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return body;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // An expected refusal is the answer to this request: the same request gets it again.
      const body = appErrorBody(error);
      await db
        .updateTable('idempotency_keys')
        .set({ status: 'done', response_status: error.status, response_body: JSON.stringify(body) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    } else {
      // Released for a retry only when nothing of this request was committed. A request that
      // failed after its change (its database went away before the answer was stored) keeps its
      // claim: a retry takes it over and answers `idempotency_key_outcome_unknown` (takeOver).
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where(({ not, exists }) => not(exists(changedBy(db, requestId))))
        .execute();
    }
    throw error;
  }
}

/**
 * The answer to a repeat of a claimed key: the stored answer once the first request has one, or
 * `taken_over` when the first request's server died before its change was committed, so this
 * request now holds the claim and runs in its place.
 */
async function waitForAnswer(
  db: Db,
  userId: number,
  key: string,
  hash: string,
  requestId: string,
): Promise<StoredAnswer | 'taken_over'> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select([
        'request_hash',
        'status',
        'response_status',
        'response_body',
        'request_id',
        'claimed_by',
        'lease_until',
      ])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row && row.request_hash !== hash) {
      throw appError('idempotency_key_reused');
    }
    if (row?.status === 'done' && row.response_status !== null) {
      return { status: row.response_status, body: row.response_body };
    }
    if (!row) {
      // The first request failed unexpectedly and released the key; this one may not run in its place
      // without the caller knowing, so it is told to retry.
      throw appError('idempotency_key_retry');
    }
    if (claimIsDead(db, row) && (await takeOver(db, userId, key, row.request_id, requestId))) {
      return 'taken_over';
    }
    if (Date.now() > deadline) {
      throw appError('idempotency_key_in_flight');
    }
    await sleep(POLL_MS);
  }
}

/** The audit row of a request whose change was committed: it is written in the change's transaction. */
function changedBy(db: Db, requestId: string) {
  return db
    .selectFrom('audit_log')
    .select('id')
    .where('request_id', '=', requestId)
    .where('outcome', '=', 'changed');
}

/**
 * Whether the request holding a claim can no longer be running: its lease has run out, it is a
 * request of this process that has ended, or the embedded database's single process that made it
 * has been replaced by this one. Claims made before leases existed have none and are judged by
 * the other rules only.
 */
function claimIsDead(
  db: Db,
  row: { claimed_by: string | null; lease_until: Date | null; request_id: string | null },
): boolean {
  if (row.lease_until !== null && row.lease_until.getTime() < Date.now()) return true;
  if (row.claimed_by === THIS_PROCESS) return row.request_id === null || !runningClaims.has(row.request_id);
  return embeddedDatabaseOf(db) !== undefined;
}

/**
 * Takes over the claim of a request that died. Its audit row, written in its change's transaction
 * (docs/audit-log.md), tells whether that change was committed: if it was, the key keeps that
 * outcome, and the answer says so (the change is not made again); if not, nothing of it remains
 * and this request runs in its place. Answers whether this request now holds the claim.
 */
async function takeOver(
  db: Db,
  userId: number,
  key: string,
  deadRequestId: string | null,
  requestId: string,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({
      request_id: requestId,
      claimed_by: THIS_PROCESS,
      lease_until: new Date(Date.now() + CLAIM_LEASE_MS),
    })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'in_flight')
    .where((eb) =>
      deadRequestId === null ? eb('request_id', 'is', null) : eb('request_id', '=', deadRequestId),
    )
    .returning('key')
    .executeTakeFirst();
  if (!taken) return false;
  const applied =
    deadRequestId !== null && (await changedBy(db, deadRequestId).executeTakeFirst()) !== undefined;
  if (!applied) return true;
  const error = appError('idempotency_key_outcome_unknown');
  await db
    .updateTable('idempotency_keys')
    .set({
      status: 'done',
      response_status: error.status,
      response_body: JSON.stringify(appErrorBody(error)),
    })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  throw error;
}
