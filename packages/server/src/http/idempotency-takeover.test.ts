import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { installErrorHandler } from './errors.ts';
import { withIdempotency } from './idempotency.ts';

/**
 * A claim left "in_flight" by a server that was killed mid-request (crash.test.ts does it for
 * real): a retry with the same key takes the claim over once it can no longer be running, runs
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
    app = Fastify();
    installErrorHandler(app);
    app.post('/wp-json/test/run', async (request, reply) =>
      withIdempotency(use().db, request, reply, userId, async () => {
        runs++;
        return { ran: runs };
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/wp-json/test/run',
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

  it('does not run again what a dead request committed, and says the answer was lost', async () => {
    await deadClaim('key-applied', 'req-applied', new Date(Date.now() - 1000));
    // The killed request's change was committed: its audit row went in with it.
    await sql`
      insert into audit_log (user_id, username, credential, ip, method, action, object_id, status, outcome, change, request_id)
      values (${userId}, 'admin', 'session', '127.0.0.1', 'POST', 'POST /wp-json/test/run', null, null, 'changed', null, 'req-applied')`.execute(
      use().db,
    );
    const before = runs;
    for (let i = 0; i < 2; i++) {
      const answer = await send('key-applied');
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('idempotency_key_outcome_unknown');
    }
    expect(runs).toBe(before);
  });
});
