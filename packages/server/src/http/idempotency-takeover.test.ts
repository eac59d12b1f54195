import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { installErrorHandler } from './errors.ts';
import { withIdempotency } from './idempotency.ts';

/**
 * A claim left "in_flight" by a server that was killed mid-request, or by a request whose database
 * went away before it could settle its claim (crash.test.ts does both for real): a retry with the same key takes the claim over once it can no longer be running, runs
 * the request when the killed one changed nothing, and answers `idempotency_key_outcome_unknown`
 * — without running it again — when the killed one's change was committed (its audit row says so).
 */
describeEachDatabase('Idempotency-Key claimed by a request whose server died', (use, kind) => {
  let app: FastifyInstance;
  let userId: number;
  let runs = 0;

  beforeAll(async () => {
    const user = await makeUser(use(), 'administrator');
    userId = (
      await use()
        .db.selectFrom('users')
        .select('id')
        .where('login', '=', user.login)
        .executeTakeFirstOrThrow()
    ).id;
    // Request ids unique in the process, as the server's: running claims are kept by request id.
    app = Fastify({ genReqId: () => randomUUID() });
    installErrorHandler(app);
    app.post('/wp-json/test/run', async (request, reply) =>
      withIdempotency(use().db, request, reply, userId, async () => {
        runs++;
        return { ran: runs };
      }),
    );
    // A request that ends without settling its claim, as one does when the database goes away
    // between its change and its answer: the claim is moved out of the way of its settling.
    app.post('/wp-json/test/unsettled', async (request, reply) =>
      withIdempotency(use().db, request, reply, userId, async () => {
        runs++;
        await use()
          .db.updateTable('idempotency_keys')
          .set({ key: sql`key || '-unsettled'` })
          .where('user_id', '=', userId)
          .where('key', '=', String(request.headers['idempotency-key']))
          .execute();
        return { ran: runs };
      }),
    );
    // A request whose change is committed (its audit row with it) and that fails afterwards, as
    // one does when the database goes away before its answer is stored.
    app.post('/wp-json/test/fails-after-change', async (request, reply) =>
      withIdempotency(use().db, request, reply, userId, async () => {
        runs++;
        await changedAuditRow(String(request.id));
        throw new Error('the database went away');
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  /** The audit row of a request whose change was committed (it goes in with the change). */
  const changedAuditRow = (requestId: string) =>
    sql`
      insert into audit_log (user_id, username, credential, ip, method, action, object_id, status, outcome, change, request_id)
      values (${userId}, 'admin', 'session', '127.0.0.1', 'POST', 'POST /wp-json/test/run', null, null, 'changed', null, ${requestId})`.execute(
      use().db,
    );

  const send = (key: string, url = '/wp-json/test/run') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'idempotency-key': key },
      payload: { amount: 1 },
    });

  /** The claim a killed request leaves: made by it, in another process, with its lease. */
  async function deadClaim(key: string, requestId: string, leaseUntil: Date): Promise<void> {
    // The request hash of the same request, as the first send would have stored it.
    await send(`${key}-probe`);
    const probe = await use()
      .db.selectFrom('idempotency_keys')
      .select(['request_hash', 'path', 'method'])
      .where('key', '=', `${key}-probe`)
      .executeTakeFirstOrThrow();
    await use()
      .db.insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        method: probe.method,
        path: probe.path,
        request_hash: probe.request_hash,
        status: 'in_flight',
        request_id: requestId,
        claimed_by: 'a-process-that-was-killed',
        lease_until: leaseUntil,
      })
      .execute();
  }

  it('waits for a claim that may still be running, then answers 409 in flight', async () => {
    // On PostgreSQL another process may hold a claim until its lease runs out.
    if (kind === 'pglite') return;
    await deadClaim('key-alive', 'req-alive', new Date(Date.now() + 60_000));
    const before = runs;
    const answer = await send('key-alive');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('idempotency_key_in_flight');
    expect(runs).toBe(before);
  }, 30_000);

  it('runs the request in place of a dead one that changed nothing, once', async () => {
    // A lease that has run out (PostgreSQL), or any claim of another process (embedded database).
    await deadClaim('key-dead', 'req-dead', new Date(Date.now() - 1000));
    const before = runs;
    const answer = await send('key-dead');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ran: before + 1 });
    const again = await send('key-dead');
    expect(again.json()).toEqual({ ran: before + 1 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(before + 1);
  });

  it('takes over at once the claim of a request of this process that has ended', async () => {
    const unsettled = (key: string) => send(key, '/wp-json/test/unsettled');
    const before = runs;
    expect((await unsettled('key-ended')).statusCode).toBe(200);
    await use()
      .db.updateTable('idempotency_keys')
      .set({ key: 'key-ended' })
      .where('key', '=', 'key-ended-unsettled')
      .execute();
    // Its lease holds for a minute yet, but this process knows the request is no longer running
    // (waiting on the lease would answer 409 in flight).
    const answer = await unsettled('key-ended');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ran: before + 2 });
  }, 30_000);

  it('does not run again what a dead request committed, and says the answer was lost', async () => {
    await deadClaim('key-applied', 'req-applied', new Date(Date.now() - 1000));
    // The killed request's change was committed: its audit row went in with it.
    await changedAuditRow('req-applied');
    const before = runs;
    for (let i = 0; i < 2; i++) {
      const answer = await send('key-applied');
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('idempotency_key_outcome_unknown');
    }
    expect(runs).toBe(before);
  });

  it('keeps the claim of a request that failed after its change, so a retry does not run it again', async () => {
    const before = runs;
    const first = await send('key-failed-after', '/wp-json/test/fails-after-change');
    expect(first.statusCode).toBe(500);
    for (let i = 0; i < 2; i++) {
      const answer = await send('key-failed-after', '/wp-json/test/fails-after-change');
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('idempotency_key_outcome_unknown');
    }
    expect(runs).toBe(before + 1);
  }, 30_000);
});
