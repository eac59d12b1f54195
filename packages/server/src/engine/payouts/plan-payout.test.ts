import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts.ts';
import { seededIds } from '../ids.ts';
import {
  isPayoutDay,
  type PayoutAccount,
  planInstantPayout,
  planPayout,
  quoteInstantPayout,
  type UnsweptRow,
} from './plan-payout.ts';

const NOW = new Date('2026-03-02T00:00:00Z'); // a Monday

function account(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    id: 'acct_1',
    payouts_enabled: true,
    deposits_blocked: false,
    deposit_schedule_interval: 'daily',
    deposit_weekly_anchor: null,
    deposit_monthly_anchor: null,
    deposit_minimum_amounts: { usd: 100 },
    external_accounts: [
      {
        id: 'ba_1',
        currency: 'usd',
        status: 'verified',
        bank_name: 'STRIPE TEST BANK',
        last4: '6789',
        country: 'US',
      },
    ],
    instant_payout_fee_bp: 150,
    ...overrides,
  };
}

let n = 0;
const row = (net: number, currency = 'usd', available_on = new Date(NOW.getTime() - 1000)): UnsweptRow => ({
  id: `txn_${++n}`,
  currency,
  net,
  available_on,
});
const ids = () => seededIds(() => 0.5);

describe('planPayout', () => {
  it('pays out the available rows of each currency, sweeping exactly them', () => {
    const rows = [row(1000), row(-200), row(500), row(700, 'usd', new Date(NOW.getTime() + 1000))];
    const { effects, skipped } = planPayout(rows, account(), NOW, ids());
    expect(skipped).toEqual([]);
    expect(effects.payouts).toHaveLength(1);
    const payout = effects.payouts[0]!;
    expect(payout).toMatchObject({
      amount: 1300,
      fee: 0,
      currency: 'usd',
      status: 'pending',
      method: 'standard',
      automatic: true,
    });
    expect(payout.bank_reference_key).toMatch(/^STRIPE TEST \d{10}$/);
    expect(JSON.parse(String(payout.bank_account))).toEqual({
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
      currency: 'usd',
    });
    expect(payout.arrival_date).toEqual(new Date(NOW.getTime() + 2 * 86_400_000));
    expect(effects.sweeps).toEqual([{ payout_id: payout.id, txn_ids: rows.slice(0, 3).map((r) => r.id) }]);
    expect(effects.jobs.map((j) => [j.kind, j.run_at])).toEqual([
      ['payout.in_transit', new Date(NOW.getTime() + 3_600_000)],
      ['payout.paid', payout.arrival_date],
    ]);
  });

  it('waits while the sum is negative or below the minimum', () => {
    expect(planPayout([row(-500), row(200)], account(), NOW, ids()).skipped).toEqual([
      { currency: 'usd', reason: 'not_positive', amount: -300 },
    ]);
    expect(planPayout([row(99)], account(), NOW, ids()).skipped).toEqual([
      { currency: 'usd', reason: 'below_minimum', amount: 99 },
    ]);
    expect(
      planPayout([row(5000)], account({ deposit_minimum_amounts: { usd: 5001 } }), NOW, ids()).effects
        .payouts,
    ).toEqual([]);
    // No minimum set for a currency: 100 minor units.
    expect(
      planPayout([row(100)], account({ deposit_minimum_amounts: {} }), NOW, ids()).effects.payouts,
    ).toHaveLength(1);
  });

  it('pays nothing when payouts are disabled, blocked, the bank account failed or is missing', () => {
    const rows = [row(5000)];
    expect(planPayout(rows, account({ payouts_enabled: false }), NOW, ids()).skipped[0]?.reason).toBe(
      'payouts_disabled',
    );
    expect(planPayout(rows, account({ deposits_blocked: true }), NOW, ids()).skipped[0]?.reason).toBe(
      'deposits_blocked',
    );
    const errored = account({
      external_accounts: [
        { id: 'ba_1', currency: 'usd', status: 'errored', bank_name: 'B', last4: '1113', country: 'US' },
      ],
    });
    expect(planPayout(rows, errored, NOW, ids()).skipped[0]?.reason).toBe('bank_account_errored');
    expect(planPayout([row(5000, 'eur')], account(), NOW, ids()).skipped[0]?.reason).toBe('no_bank_account');
  });

  it('follows the schedule', () => {
    const at = (iso: string) => new Date(iso);
    const a = (overrides: Partial<Account>) => account(overrides as Partial<PayoutAccount>);
    expect(isPayoutDay(a({ deposit_schedule_interval: 'manual' }), NOW)).toBe(false);
    expect(
      isPayoutDay(a({ deposit_schedule_interval: 'weekly', deposit_weekly_anchor: 'monday' }), NOW),
    ).toBe(true);
    expect(
      isPayoutDay(a({ deposit_schedule_interval: 'weekly', deposit_weekly_anchor: 'friday' }), NOW),
    ).toBe(false);
    expect(isPayoutDay(a({ deposit_schedule_interval: 'monthly', deposit_monthly_anchor: 2 }), NOW)).toBe(
      true,
    );
    expect(
      isPayoutDay(
        a({ deposit_schedule_interval: 'monthly', deposit_monthly_anchor: 31 }),
        at('2026-02-28T00:00:00Z'),
      ),
    ).toBe(true);
    expect(
      isPayoutDay(
        a({ deposit_schedule_interval: 'monthly', deposit_monthly_anchor: 31 }),
        at('2026-03-30T00:00:00Z'),
      ),
    ).toBe(false);
    expect(
      planPayout([row(5000)], account({ deposit_schedule_interval: 'manual' }), NOW, ids()).effects.payouts,
    ).toEqual([]);
  });

  it('keeps a payout equal to the rows it sweeps (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            net: fc.integer({ min: -100_000, max: 100_000 }),
            currency: fc.constantFrom('usd', 'eur'),
            later: fc.boolean(),
          }),
          {
            maxLength: 40,
          },
        ),
        (specs) => {
          const rows = specs.map((s) => row(s.net, s.currency, new Date(NOW.getTime() + (s.later ? 1 : -1))));
          const acct = account({
            external_accounts: [
              { id: 'ba_1', currency: 'usd', status: 'verified', bank_name: 'B', last4: '1', country: 'US' },
              { id: 'ba_2', currency: 'eur', status: 'verified', bank_name: 'B', last4: '2', country: 'DE' },
            ],
          });
          const { effects } = planPayout(rows, acct, NOW, ids());
          const byId = new Map(rows.map((r) => [r.id, r]));
          for (const payout of effects.payouts) {
            const sweep = effects.sweeps.find((s) => s.payout_id === payout.id)!;
            const swept = sweep.txn_ids.map((id) => byId.get(id)!);
            expect(swept.every((r) => r.currency === payout.currency && r.available_on <= NOW)).toBe(true);
            expect(payout.amount + (payout.fee ?? 0)).toBe(swept.reduce((sum, r) => sum + r.net, 0));
            expect(payout.amount).toBeGreaterThanOrEqual(100);
          }
          const sweptIds = effects.sweeps.flatMap((s) => s.txn_ids);
          expect(new Set(sweptIds).size).toBe(sweptIds.length);
        },
      ),
    );
  });
});

describe('instant payouts', () => {
  it('quotes the account rate with the minimum fee, and zero when the fee would swallow it', () => {
    expect(quoteInstantPayout(10_000, 150)).toEqual({
      amount: 10_000,
      fee: 150,
      net: 9_850,
      fee_percentage: 1.5,
    });
    expect(quoteInstantPayout(1_000, 150)).toEqual({ amount: 1_000, fee: 50, net: 950, fee_percentage: 1.5 });
    expect(quoteInstantPayout(50, 150)).toEqual({ amount: 0, fee: 0, net: 0, fee_percentage: 1.5 });
    expect(quoteInstantPayout(-5, 200)).toEqual({ amount: 0, fee: 0, net: 0, fee_percentage: 2 });
  });

  it('sweeps every available row of the currency now, and refuses an empty balance', () => {
    const rows = [row(10_000), row(-1_000), row(3_000, 'usd', new Date(NOW.getTime() + 5))];
    const { effects, quote } = planInstantPayout(rows, account(), 'usd', NOW, ids());
    expect(quote).toEqual({ amount: 9_000, fee: 135, net: 8_865, fee_percentage: 1.5 });
    expect(effects.payouts[0]).toMatchObject({
      amount: 8_865,
      fee: 135,
      fee_percentage_bp: 150,
      method: 'instant',
      automatic: false,
      status: 'in_transit',
    });
    expect(effects.payouts[0]!.arrival_date).toEqual(new Date(NOW.getTime() + 30 * 60_000));
    expect(effects.jobs.map((j) => j.kind)).toEqual(['payout.paid']);
    expect(() => planInstantPayout([row(-10)], account(), 'usd', NOW, ids())).toThrow(
      /no available USD balance/,
    );
    expect(() => planInstantPayout([row(40)], account(), 'usd', NOW, ids())).toThrow(/does not cover/);
  });
});
