import { beforeAll, expect, it } from 'vitest';
import { engineCommands } from '../../cli/engine-commands.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { advanceDays, expectLedgerConsistent, pay, setAccount } from '../payouts/testing.ts';

const BASE = '/wp-json/wc/v3/payments';

describeEachDatabase('card readers and their fees', (use) => {
  const api = testApi(use, { account: true });
  const readers: string[] = [];
  const get = (path: string) => api.get(`${BASE}${path}`);
  const fees = () =>
    use()
      .db.selectFrom('balance_transactions')
      .selectAll()
      .where('type', '=', 'card_reader_fee')
      .orderBy('seq')
      .execute();
  const inPerson = (readerId: string) =>
    pay(api.app, api.admin.basic, 1500, {
      payment_method_data: { type: 'card_present', reader_id: readerId },
    });

  beforeAll(async () => {
    await setAccount(use(), api.account.id, { deposit_schedule_interval: 'manual' });
  });

  it('registers readers from the CLI and lists them', async () => {
    const lines: string[] = [];
    const run = (flags: Record<string, string>) =>
      engineCommands['reader:create']!.run({ database: use(), flags, out: (l) => lines.push(l) });
    expect(await run({ label: 'Front desk' })).toBe(0);
    expect(await run({ label: 'Market stall', 'device-type': 'stripe_m2' })).toBe(0);
    await expect(run({ label: 'Toaster', 'device-type': 'toaster' })).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
    for (const line of lines) readers.push(/reader (tmr_\w+)/.exec(line)![1]!);
    const res = await get('/readers?limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: readers[1], device_type: 'stripe_m2', is_active: true, label: 'Market stall' },
      { id: readers[0], device_type: 'bbpos_wisepos_e', is_active: true, label: 'Front desk' },
    ]);
    expect((await get('/readers?limit=1')).json()).toHaveLength(1);
    expect((await get('/readers?limit=0')).statusCode).toBe(400);
    // Without a limit the page size of the Card readers page, 10; hostile limits are refused.
    expect((await get('/readers')).json()).toHaveLength(2);
    for (const bad of ['limit=101', 'limit=abc', 'limit=1.5', 'limit=-1', 'limit=10&page=2']) {
      const res = await get(`/readers?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe('rest_invalid_param');
    }
  });

  it('bills the in-person charges of each reader once a day', async () => {
    await inPerson(readers[0]!);
    await inPerson(readers[0]!);
    await inPerson(readers[1]!);
    await pay(api.app, api.admin.basic, 1500); // online: no reader fee
    await advanceDays(use(), 1);
    const [fee] = await fees();
    expect(fee).toMatchObject({ amount: -30, fee: 0, net: -30, currency: 'usd' });
    expect(fee!.charge_id).toMatch(/^ch_/);
    const items = await use().db.selectFrom('reader_fee_items').selectAll().execute();
    expect(items).toHaveLength(2);
    expect(items).toContainEqual({
      balance_transaction_id: fee!.id,
      reader_id: readers[0],
      status: 'active',
      count: 2,
      fee: 20,
      currency: 'usd',
    });
    expect(items).toContainEqual({
      balance_transaction_id: fee!.id,
      reader_id: readers[1],
      status: 'active',
      count: 1,
      fee: 10,
      currency: 'usd',
    });

    // Nothing new: nothing billed the next day; a new charge is billed once.
    await advanceDays(use(), 1);
    expect(await fees()).toHaveLength(1);
    await inPerson(readers[1]!);
    await advanceDays(use(), 2);
    const all = await fees();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ amount: -10, net: -10 });
    await expectLedgerConsistent(use());
  });

  it('answers what a fee charged for, by transaction id or charge id', async () => {
    const [fee] = await fees();
    for (const id of [fee!.id, fee!.charge_id!]) {
      const res = await get(`/readers/charges/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(2);
      expect(res.json()).toContainEqual({
        reader_id: readers[0],
        status: 'active',
        count: 2,
        fee: { amount: 20, currency: 'usd' },
      });
    }
    const missing = await get('/readers/charges/txn_missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'wcpay_readers_not_found',
      message: 'Readers details not loaded',
    });
  });

  it('lists 10 readers unless asked for another number, newest first', async () => {
    const run = (label: string) =>
      engineCommands['reader:create']!.run({ database: use(), flags: { label }, out: () => {} });
    for (let index = 0; index < 10; index++) expect(await run(`Till ${index + 1}`)).toBe(0);
    const all = (await get('/readers?limit=100')).json() as { id: string; label: string }[];
    expect(all).toHaveLength(12);
    expect(all.at(-1)!.id).toBe(readers[0]);
    const page = (await get('/readers')).json();
    expect(page).toEqual(all.slice(0, 10));
    // Readers made in the same millisecond tie on their time: the ten newest are the tills, in any order.
    expect(new Set(page.map((reader: { label: string }) => reader.label))).toEqual(
      new Set(Array.from({ length: 10 }, (_, index) => `Till ${index + 1}`)),
    );
  });
});
