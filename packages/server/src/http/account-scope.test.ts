import { beforeAll, expect, it } from 'vitest';
import { insertFile } from '../db/file-content.ts';
import { createAccount } from '../engine/accounts.ts';
import { clockNow, DAY_MS } from '../engine/clock.ts';
import { randomIds } from '../engine/ids.ts';
import { advanceClockRunningJobs } from '../engine/sandbox-clock.ts';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../testing/engine.ts';

const BASE = '/wp-json/wc/v3/payments';

/**
 * Objects made under one account must not be reachable once another account is the store's:
 * the usual case is a sandbox account replaced by a live one.
 */
describeEachDatabase("another account's objects", (use) => {
  const api = testApi(use);
  const old: Record<string, string> = {};
  let orderId = 0;
  let noteId = 0;

  const send = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    api.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { authorization: api.admin.basic },
      ...(payload ? { payload } : {}),
    });
  /** Everything a refused request could have changed. */
  const snapshot = async () => {
    const db = use().db;
    const count = async (table: 'disputes' | 'refunds' | 'balance_transactions' | 'timeline_events') =>
      (await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const dispute = await db
      .selectFrom('disputes')
      .selectAll()
      .where('id', '=', old.dispute!)
      .executeTakeFirstOrThrow();
    const note = await db.selectFrom('notes').selectAll().where('id', '=', noteId).executeTakeFirstOrThrow();
    return JSON.stringify({
      disputes: await count('disputes'),
      refunds: await count('refunds'),
      ledger: await count('balance_transactions'),
      timeline: await count('timeline_events'),
      dispute,
      note,
    });
  };

  beforeAll(async () => {
    const first = await connectSandboxAccount(use());
    const db = use().db;
    // Enough sales that the balance stays above the minimum payout after the dispute's debit.
    expect((await api.checkout(cardCheckout(undefined, { amount: 50_000 }))).statusCode).toBe(200);
    const disputed = (await api.checkout(cardCheckout('4000000000000259'))).json();
    old.charge = disputed.charge.id;
    old.dispute = (
      await db
        .selectFrom('charges')
        .select('dispute_id')
        .where('id', '=', old.charge!)
        .executeTakeFirstOrThrow()
    ).dispute_id!;
    await advanceClockRunningJobs(db, 10 * DAY_MS);
    // Made after the clock moved, so the authorization is still open.
    const held = (await api.checkout(cardCheckout(undefined, { capture_method: 'manual' }))).json();
    old.intent = held.id;
    orderId = held.order.id;
    old.payout = (
      await db.selectFrom('payouts').select('id').where('account_id', '=', first.id).executeTakeFirstOrThrow()
    ).id;
    noteId = (
      await db.selectFrom('notes').select('id').where('account_id', '=', first.id).executeTakeFirstOrThrow()
    ).id;
    old.file = 'file_OldAccount1';
    await insertFile(
      db,
      {
        id: old.file,
        account_id: first.id,
        purpose: 'dispute_evidence',
        filename: 'receipt.pdf',
        mime_type: 'application/pdf',
        created_at: new Date(),
      },
      Buffer.from('%PDF'),
    );
    // A later account becomes the store's current one.
    await createAccount(db, randomIds, {
      mode: 'live',
      status: 'complete',
      country: 'US',
      currency: 'usd',
      businessName: 'Test Store',
      createdAt: new Date((await clockNow(db)).getTime() + 1_000),
    });
  }, 120_000);

  it('answers 404 to reading, updating and accepting its dispute, changing nothing', async () => {
    const before = await snapshot();
    for (const res of [
      await send('GET', `/disputes/${old.dispute}`),
      await send('POST', `/disputes/${old.dispute}`, {
        evidence: { uncategorized_text: 'mine now' },
        submit: true,
      }),
      await send('POST', `/disputes/${old.dispute}/close`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('wcpay_dispute_not_found');
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 to refunding its charge and refuses to capture or cancel its authorization', async () => {
    const before = await snapshot();
    const refund = await send('POST', '/refund', { charge_id: old.charge, amount: 100 });
    expect(refund.statusCode, refund.body).toBe(404);
    for (const action of ['capture_authorization', 'cancel_authorization']) {
      const res = await send('POST', `/orders/${orderId}/${action}`, { payment_intent_id: old.intent });
      expect(res.statusCode, `${action} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await snapshot()).toBe(before);
    const intent = await use()
      .db.selectFrom('payment_intents')
      .select('status')
      .where('id', '=', old.intent!)
      .executeTakeFirstOrThrow();
    expect(intent.status).toBe('requires_capture');
  });

  it('answers 404 to its payout, file, charge and inbox note', async () => {
    const before = await snapshot();
    for (const url of [
      `/deposits/${old.payout}`,
      `/file/${old.file}/details`,
      `/file/${old.file}/content`,
      `/charges/${old.charge}`,
      `/payment_intents/${old.intent}`,
    ]) {
      expect((await send('GET', url)).statusCode, url).toBe(404);
    }
    const note = await api.app.inject({
      method: 'PUT',
      url: `/wp-json/wc-analytics/admin/notes/${noteId}`,
      headers: { authorization: api.admin.basic },
      payload: { is_deleted: true },
    });
    expect(note.statusCode, note.body).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
