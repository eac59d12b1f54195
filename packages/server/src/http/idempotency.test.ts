import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '@paydesk/domain/retention';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { deleteExpired } from '../engine/housekeeping.ts';
import { testApi } from '../testing/api.ts';
import { makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout, checkout } from '../testing/engine.ts';

describeEachDatabase('Idempotency-Key on money-moving requests', (use) => {
  const api = testApi(use, { account: true });
  let other: TestUser;
  beforeAll(async () => {
    other = await makeUser(use(), 'shop_manager');
  });

  const intentsFor = async (number: string) =>
    use()
      .db.selectFrom('payment_intents')
      .innerJoin('orders', 'orders.id', 'payment_intents.order_id')
      .select('payment_intents.id')
      .where('orders.number', '=', number)
      .execute();

  it('sent 10 times at once, charges once and answers the same each time', async () => {
    const body = cardCheckout();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.checkout(body, 'key-concurrent-1')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(await intentsFor(body.order.number)).toHaveLength(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
  });

  it('replays later, refuses another body under the same key, and keeps keys per user', async () => {
    const body = cardCheckout();
    const first = await api.checkout(body, 'key-2');
    const replay = await api.checkout(body, 'key-2');
    expect(replay.body).toBe(first.body);
    const different = await api.checkout({ ...body, amount: body.amount + 1 }, 'key-2');
    expect(different.statusCode).toBe(422);
    expect(different.json().code).toBe('idempotency_key_reused');
    const otherUser = await checkout(
      api.app,
      other.basic,
      { ...body, order: { ...body.order, number: `${body.order.number}-b` } },
      'key-2',
    );
    expect(otherUser.statusCode).toBe(200);
    expect(otherUser.json().id).not.toBe(first.json().id);
    expect(await intentsFor(body.order.number)).toHaveLength(1);
  });

  it('replays an expected refusal and lets a request without a key through each time', async () => {
    const capture = (key?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/payments/orders/424242/capture_authorization',
        headers: { authorization: api.admin.basic, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { payment_intent_id: 'pi_missing' },
      });
    const a = await capture('key-3');
    const b = await capture('key-3');
    expect(a.statusCode).toBe(404);
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((await capture()).headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays within the retention, and runs anew once the housekeeping has forgotten the key', async () => {
    const body = cardCheckout();
    const first = await api.checkout(body, 'key-kept');
    await sql`update idempotency_keys set created_at = now() - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS}) + interval '1 minute' where key = 'key-kept'`.execute(
      use().db,
    );
    await deleteExpired(use().db);
    const replay = await api.checkout(body, 'key-kept');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);

    await sql`update idempotency_keys set created_at = now() - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS}) - interval '1 minute' where key = 'key-kept'`.execute(
      use().db,
    );
    expect((await deleteExpired(use().db)).idempotency_keys).toBe(1);
    const anew = await api.checkout(body, 'key-kept');
    expect(anew.statusCode).toBe(200);
    expect(anew.headers['idempotent-replayed']).toBeUndefined();
    expect(anew.json().id).not.toBe(first.json().id);
  });

  it('refuses an over-long key', async () => {
    const res = await api.checkout(cardCheckout(), 'k'.repeat(256));
    expect(res.statusCode).toBe(400);
  });
});
