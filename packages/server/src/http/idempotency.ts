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
 * bounded wait it gets 409. An unexpected failure releases the key so the client can retry. A
 * claim whose server was killed mid-request is taken over by a retry once it can no longer be
 * running (`claimIsDead`): the retry runs the request if the killed one changed nothing, and
 * answers `idempotency_key_outcome_unknown` if it did.
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
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
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

/**
 * Whether the request holding a claim can no longer be running: its lease has run out, or the
 * embedded database's single process that made it has been replaced by this one. Claims made
 * before leases existed have none and are judged by the second rule only.
 */
function claimIsDead(db: Db, row: { claimed_by: string | null; lease_until: Date | null }): boolean {
  if (row.lease_until !== null && row.lease_until.getTime() < Date.now()) return true;
  return embeddedDatabaseOf(db) !== undefined && row.claimed_by !== THIS_PROCESS;
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
    deadRequestId !== null &&
    (await db
      .selectFrom('audit_log')
      .select('id')
      .where('request_id', '=', deadRequestId)
      .where('outcome', '=', 'changed')
      .executeTakeFirst()) !== undefined;
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
