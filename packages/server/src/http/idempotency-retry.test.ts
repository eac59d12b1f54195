import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { installErrorHandler } from './errors.ts';
import { withIdempotency } from './idempotency.ts';

/**
 * The path no route reaches on purpose: the first request under a key fails unexpectedly while
 * a repeat waits for it. The repeat must not run in its place unseen; it is told to retry, and
 * the retry runs.
 */
describeEachDatabase('Idempotency-Key after an unexpected failure', (use) => {
  let app: FastifyInstance;
  let userId: number;
  let runs = 0;
  let failNext = false;
  let releaseFirst: () => void = () => {};

  beforeAll(async () => {
    const user = await makeUser(use(), 'administrator');
    const row = await use()
      .db.selectFrom('users')
      .select('id')
      .where('login', '=', user.login)
      .executeTakeFirstOrThrow();
    userId = row.id;
    // Request ids unique in the process, as the server's: running claims are kept by request id.
    app = Fastify({ genReqId: () => randomUUID() });
    installErrorHandler(app);
    app.post('/wp-json/test/run', async (request, reply) =>
      withIdempotency(use().db, request, reply, userId, async () => {
        runs++;
        if (failNext) {
          failNext = false;
          await new Promise<void>((resolve) => {
            releaseFirst = resolve;
          });
          throw new Error('the disk is full');
        }
        return { ran: runs };
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const send = () =>
    app.inject({
      method: 'POST',
      url: '/wp-json/test/run',
      headers: { 'idempotency-key': 'key-retry' },
      payload: { amount: 1 },
    });

  it('answers the waiting repeat 409 idempotency_key_retry, and the retry runs once', async () => {
    failNext = true;
    const first = send();
    // The repeat arrives while the first holds the key.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const repeat = send();
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseFirst();
    expect((await first).statusCode).toBe(500);
    const waited = await repeat;
    expect(waited.statusCode).toBe(409);
    expect(waited.json().code).toBe('idempotency_key_retry');
    expect(runs).toBe(1);

    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ran: 2 });
    const replay = await send();
    expect(replay.json()).toEqual({ ran: 2 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(2);
  });
});
