import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Account } from '../engine/accounts.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { connectSandboxAccount } from '../testing/engine.ts';
import { accountCommands } from './account-command.ts';
import { UsageError } from './args.ts';

/** `account:set` on a real database: what it changes, and what it refuses without changing anything. */

describeEachDatabase('account:set', (use) => {
  let account: Account;
  const lines: string[] = [];
  const run = (flags: Record<string, string>) =>
    accountCommands['account:set']!.run({ database: use(), flags, out: (line) => lines.push(line) });
  const read = () =>
    use().db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    await expect(run({ status: 'complete' })).rejects.toMatchObject({ code: 'wcpay_account_not_found' });
    account = await connectSandboxAccount(use());
  });
  afterAll(() => {
    lines.length = 0;
  });

  it('sets the status, payments and payouts state', async () => {
    expect(
      await run({
        status: 'under_review',
        'payments-enabled': 'false',
        'payouts-blocked': 'true',
        'waiting-period-complete': 'false',
        'payout-schedule': 'manual',
        'progressive-onboarding': 'open',
      }),
    ).toBe(0);
    expect(await read()).toMatchObject({
      status: 'under_review',
      payments_enabled: false,
      deposits_blocked: true,
      deposit_completed_waiting_period: false,
      deposit_schedule_interval: 'manual',
      progressive_onboarding: { isEnabled: true, isComplete: false },
    });
    expect(lines.at(-1)).toContain('status under_review, payments disabled, payouts blocked');
  });

  it('moves the default currency and gives it a verified sandbox bank account once', async () => {
    await run({ 'default-currency': 'EUR' });
    await run({ 'default-currency': 'eur' });
    const row = await read();
    expect(row.default_currency).toBe('eur');
    expect(row.external_accounts.map((bank) => [bank.currency, bank.status])).toEqual([
      ['usd', 'verified'],
      ['eur', 'verified'],
    ]);
  });

  it('refuses bad flags and changes nothing', async () => {
    const before = await read();
    for (const flags of <Record<string, string>[]>[
      {},
      { status: 'asleep' },
      { 'payments-enabled': 'yes' },
      { 'default-currency': 'XYZ' },
      { 'payout-schedule': 'hourly' },
      { 'progressive-onboarding': 'constructor' },
      { colour: 'red' },
    ]) {
      await expect(run(flags)).rejects.toBeInstanceOf(UsageError);
    }
    expect(await read()).toEqual(before);
  });

  it('refuses a live account', async () => {
    await use().db.updateTable('accounts').set({ mode: 'live' }).where('id', '=', account.id).execute();
    await expect(run({ status: 'complete' })).rejects.toMatchObject({ code: 'wcpay_live_account' });
    expect((await read()).status).toBe('under_review');
  });
});
