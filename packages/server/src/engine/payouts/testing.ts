import type { PayoutStatus } from '@paydesk/domain/transactions/status';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { cardCheckout, checkout } from '../../testing/engine.ts';
import { DAY_MS } from '../clock.ts';
import { checkLedger } from '../ledger-check.ts';
import { advanceClockRunningJobs } from '../sandbox-clock.ts';

/** Test helpers of the payouts, loans and readers suites. */

export async function pay(
  app: FastifyInstance,
  auth: string,
  amount = 2500,
  overrides: Parameters<typeof cardCheckout>[1] = {},
) {
  const res = await checkout(app, auth, cardCheckout('4242424242424242', { amount, ...overrides }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; charge: { id: string } };
}

export const advanceDays = (database: DatabaseHandle, days: number) =>
  advanceClockRunningJobs(database.db, Math.round(days * DAY_MS));
export const advanceMs = (database: DatabaseHandle, ms: number) => advanceClockRunningJobs(database.db, ms);

export async function expectLedgerConsistent(database: DatabaseHandle): Promise<void> {
  const failed = (await checkLedger(database.db)).filter((r) => r.count > 0);
  expect(failed.map((r) => `${r.name}: ${r.violations.join('; ')}`)).toEqual([]);
}

export async function payoutsOf(database: DatabaseHandle, accountId: string) {
  return database.db
    .selectFrom('payouts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function netOfCharges(database: DatabaseHandle, chargeIds: string[]): Promise<number> {
  const rows = await database.db
    .selectFrom('balance_transactions')
    .select('net')
    .where('charge_id', 'in', chargeIds)
    .execute();
  return rows.reduce((sum, row) => sum + row.net, 0);
}

export async function setAccount(database: DatabaseHandle, accountId: string, set: Record<string, unknown>) {
  await database.db.updateTable('accounts').set(set).where('id', '=', accountId).execute();
}

/** A payout written straight into the table: arrival and creation on `day` (UTC midnight). */
export interface PayoutFixture {
  id: string;
  day: string;
  amount: number;
  fee?: number;
  currency?: string;
  status: PayoutStatus;
  type?: 'deposit' | 'withdrawal';
}

/** Writes payouts as fixtures; each bank reference is `REF` and the id in capitals. */
export async function insertPayoutFixtures(
  database: DatabaseHandle,
  accountId: string,
  fixtures: readonly PayoutFixture[],
): Promise<void> {
  await database.db
    .insertInto('payouts')
    .values(
      fixtures.map((f) => ({
        id: f.id,
        account_id: accountId,
        type: f.type ?? 'deposit',
        method: f.fee ? 'instant' : 'standard',
        automatic: !f.fee,
        amount: f.amount,
        fee: f.fee ?? 0,
        fee_percentage_bp: f.fee ? 150 : 0,
        currency: f.currency ?? 'usd',
        status: f.status,
        arrival_date: new Date(`${f.day}T00:00:00Z`),
        bank_account: JSON.stringify({ bank_name: 'STRIPE TEST BANK', last4: '6789', currency: 'usd' }),
        bank_reference_key: `REF${f.id.toUpperCase()}`,
        created_at: new Date(`${f.day}T00:00:00Z`),
      })),
    )
    .execute();
}
