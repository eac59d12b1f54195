import type { payouts } from '@paydesk/domain/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payoutLedgerRows } from '../../engine/ledger.ts';
import { seedHistory } from '../../engine/seed/seed.ts';
import { makeTestApp, makeUser, type TestUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/**
 * `GET {base}/deposits/{id}/reconciliation` over a seeded store: every payout explains itself,
 * its lines adding up to its amount plus its fee, and agreeing with the transactions the list
 * shows for the payout.
 */

const BASE = '/wp-json/wc/v3/payments';

describeEachDatabase('payout reconciliation', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let made: { id: string; status: string; amount: number; fee: number }[];
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: admin.basic } });

  beforeAll(async () => {
    admin = await makeUser(use(), 'administrator');
    await seedHistory(use(), {
      transactions: 900,
      days: 45,
      seed: 17,
      end: new Date('2026-05-20T10:00:00Z'),
    });
    app = await makeTestApp(use());
    made = await use().db.selectFrom('payouts').select(['id', 'status', 'amount', 'fee']).execute();
    expect(made.length).toBeGreaterThan(10);
  }, 300_000);
  afterAll(() => app?.close());

  it("totals every payout's swept movements to its amount plus its fee (property over the store)", async () => {
    const types = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...made), async (payout) => {
        const res = await get(`${BASE}/deposits/${payout.id}/reconciliation`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as payouts.TPayoutReconciliation;
        expect(body.payout.id).toBe(payout.id);
        for (const line of body.lines) {
          types.add(line.type);
          expect(line.net).toBe(line.amount - line.fee);
          expect(line.count).toBeGreaterThan(0);
        }
        expect(new Set(body.lines.map((line) => line.type)).size).toBe(body.lines.length);
        expect(body.total_net).toBe(body.lines.reduce((sum, line) => sum + line.net, 0));
        // The lines are the sums of the payout's own ledger rows, by type.
        const rows = await payoutLedgerRows(use().db, payout.id)
          .select([
            'b.type',
            sql<string>`count(*)::text`.as('count'),
            sql<string>`sum(b.amount)::text`.as('amount'),
            sql<string>`sum(b.fee)::text`.as('fee'),
            sql<string>`sum(b.net)::text`.as('net'),
          ])
          .groupBy('b.type')
          .orderBy('b.type')
          .execute();
        expect(body.lines).toEqual(
          rows.map((row) => ({
            type: row.type,
            count: Number(row.count),
            amount: Number(row.amount),
            fee: Number(row.fee),
            net: Number(row.net),
          })),
        );
        if (payout.status === 'failed') expect(body).toMatchObject({ lines: [], total_net: 0 });
        else expect(body.total_net).toBe(payout.amount + payout.fee);
        // The lines count exactly the transactions the payout's list shows.
        const listed = (await get(`${BASE}/transactions/summary?deposit_id=${payout.id}`)).json() as {
          count: number;
        };
        expect(body.lines.reduce((sum, line) => sum + line.count, 0)).toBe(listed.count);
      }),
      { numRuns: Math.min(made.length, 60), seed: 17 },
    );
    // The seeded store pays out more than charges: the property covered other movements too.
    expect(types.has('charge')).toBe(true);
    expect(types.size).toBeGreaterThan(1);
  });

  it('answers 404 for an unknown payout and 400 for an id with a non-word character', async () => {
    const unknown = await get(`${BASE}/deposits/po_missing/reconciliation`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('wcpay_deposit_not_found');
    const bad = await get(`${BASE}/deposits/po-1/reconciliation`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('rest_invalid_param');
  });
});
