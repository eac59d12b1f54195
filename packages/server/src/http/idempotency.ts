import { createHash } from 'node:crypto';
import { AppError, appError, invalidParams } from '@paydesk/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { appErrorBody } from './errors.ts';

/** How long a repeated request waits for the first one with the same key before answering 409. */
const IN_FLIGHT_WAIT_MS = 10_000;
const POLL_MS = 25;

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
 * bounded wait it gets 409. An unexpected failure releases the key so the client can retry.
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
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, method: request.method, path, request_hash: hash, status: 'in_flight' })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const stored = await waitForAnswer(db, userId, key, hash);
    reply.header('idempotent-replayed', 'true');
    return reply.code(stored.status).send(stored.body);
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

async function waitForAnswer(db: Db, userId: number, key: string, hash: string): Promise<StoredAnswer> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response_status', 'response_body'])
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
    if (Date.now() > deadline) {
      throw appError('idempotency_key_in_flight');
    }
    await sleep(POLL_MS);
  }
}
