import type { payouts } from '@paydesk/domain/contracts';
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES } from '@paydesk/domain/payouts/statement';
import { beforeAll, expect, it } from 'vitest';
import { insertPayoutFixtures, type PayoutFixture } from '../../engine/payouts/testing.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { multipartBody, TEST_MULTIPART_TYPE } from '../../testing/multipart.ts';

/**
 * `POST {base}/deposits/reconcile`: a bank statement CSV matched against the payouts — by
 * currency, amount and a 3-day window, the reference winning ties — and every bad file refused
 * with 400 naming its line.
 */

const BASE = '/wp-json/wc/v3/payments';

const FIXTURES: PayoutFixture[] = [
  { id: 'po_s01', day: '2026-03-01', amount: 5_000, status: 'paid' },
  { id: 'po_s02', day: '2026-03-02', amount: 5_000, status: 'paid' },
  { id: 'po_s03', day: '2026-03-03', amount: 7_500, status: 'failed' },
  { id: 'po_s04', day: '2026-03-04', amount: 2_500, status: 'canceled' },
  { id: 'po_s05', day: '2026-03-05', amount: 3_000, status: 'paid', type: 'withdrawal' },
  { id: 'po_s06', day: '2026-03-06', amount: 9_900, fee: 150, status: 'in_transit' },
  { id: 'po_s07', day: '2026-03-07', amount: 4_000, currency: 'eur', status: 'paid' },
  { id: 'po_s08', day: '2026-03-08', amount: 1_234, status: 'paid' },
  { id: 'po_s09', day: '2026-04-20', amount: 8_000, status: 'pending' },
];

describeEachDatabase('bank statement matching', (use) => {
  const api = testApi(use, { account: true });
  const send = (file: string | Buffer | undefined, filename = 'statement.csv') =>
    api.app.inject({
      method: 'POST',
      url: `${BASE}/deposits/reconcile`,
      headers: { ...api.headers, 'content-type': TEST_MULTIPART_TYPE },
      payload: multipartBody(
        file === undefined ? [] : [{ name: 'file', value: file, filename, type: 'text/csv' }],
      ),
    });
  const reconcile = async (file: string | Buffer) => {
    const res = await send(file);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as payouts.TStatementReconciliation;
  };
  const refusal = async (file: string | Buffer | undefined) => {
    const res = await send(file);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as {
      code: string;
      message: string;
      data: { line?: number; params?: Record<string, string> };
    };
  };

  beforeAll(async () => {
    await insertPayoutFixtures(use(), api.account.id, FIXTURES);
  });

  it('matches lines to payouts by currency, amount and date, the reference winning the tie', async () => {
    const body = await reconcile(
      [
        'Date,Amount,Reference,Balance',
        // Both March 1 and 2 payouts are 50.00 within 3 days: the reference picks March 2's.
        '2026-03-01,50.00,PAYDESK REFPO_S02,100.00',
        '2026-03-02,50.00,PAYDESK PAYOUT,150.00',
        // A withdrawal is money out; the instant payout arrives as its amount, two days late.
        '2026-03-05,-30.00,PAYDESK,120.00',
        '2026-03-08,99.00,PAYDESK,219.00',
        // Nothing of 77.70: the statement line no payout explains.
        '2026-03-08,77.70,INTEREST,296.70',
      ].join('\r\n'),
    );
    expect(body.matched).toEqual([
      { line: 2, payout_id: 'po_s02', by_reference: true },
      { line: 3, payout_id: 'po_s01', by_reference: false },
      { line: 4, payout_id: 'po_s05', by_reference: false },
      { line: 5, payout_id: 'po_s06', by_reference: false },
    ]);
    expect(body.unmatched_lines).toEqual([
      { line: 6, date: '2026-03-08', amount: 7_770, currency: 'usd', reference: 'INTEREST' },
    ]);
    // Within the statement's dates and currency, not failed or canceled, and no line for it.
    expect(body.unmatched_payouts.map((p) => p.id)).toEqual(['po_s08']);
    expect(body.unmatched_payouts[0]).toMatchObject({ amount: 1_234, currency: 'usd', status: 'paid' });
  });

  it('reads a currency column, semicolons and a byte-order mark, and never matches across currencies', async () => {
    const body = await reconcile(
      '\uFEFFdate;amount;reference;currency\n2026-03-07;40.00;x;EUR\n2026-03-07;40.00;y;USD\n',
    );
    expect(body.matched).toEqual([{ line: 2, payout_id: 'po_s07', by_reference: false }]);
    expect(body.unmatched_lines.map((line) => line.line)).toEqual([3]);
    // The statement runs on March 7 only: po_s07 matched, and no other payout arrived that day.
    expect(body.unmatched_payouts).toEqual([]);
  });

  it('refuses a bad file with 400 naming its line, and matches nothing', async () => {
    const bad = await refusal('date,amount,reference\n2026-03-01,50.00,a\n2026-03-02,fifty,b\n');
    expect(bad.code).toBe('wcpay_statement_invalid');
    expect(bad.message).toBe(
      'Line 3 of the bank statement: the amount "fifty" is not an amount such as 1234.56.',
    );
    expect(bad.data.line).toBe(3);
    const header = await refusal('when,amount,reference\n2026-03-01,50.00,a\n');
    expect(header.message).toContain('Line 1 of the bank statement');
    expect(header.message).toContain('"date"');
    const notUtf8 = await refusal(
      Buffer.concat([Buffer.from('date,amount,reference\n2026-03-01,1,'), Buffer.from([0xff, 0xfe])]),
    );
    expect(notUtf8).toMatchObject({ code: 'wcpay_statement_invalid', data: { line: 2 } });
  });

  it(`takes ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines and refuses one more`, async () => {
    const lines = (count: number) => `date,amount,reference\n${'2026-03-08,12.34,x\n'.repeat(count)}`;
    const most = await reconcile(lines(STATEMENT_MAX_LINES));
    expect(most.matched).toHaveLength(1);
    expect(most.unmatched_lines).toHaveLength(STATEMENT_MAX_LINES - 1);
    const over = await refusal(lines(STATEMENT_MAX_LINES + 1));
    expect(over).toMatchObject({
      code: 'wcpay_statement_too_long',
      message: 'A bank statement can have at most 50,000 lines.',
    });
  });

  it(`takes a file of ${STATEMENT_MAX_BYTES.toLocaleString('en-US')} bytes and refuses one byte more`, async () => {
    const sized = (bytes: number) => {
      const head = 'date,amount,reference\n';
      const line = (reference: string) => `2026-03-08,12.34,${reference}\n`;
      const lineBytes = 1000;
      const filler = 'r'.repeat(lineBytes - line('').length);
      const count = Math.floor((bytes - head.length) / lineBytes) - 1;
      const rest = bytes - head.length - count * lineBytes - line('').length;
      const text = head + line(filler).repeat(count) + line('r'.repeat(rest));
      expect(Buffer.byteLength(text)).toBe(bytes);
      return text;
    };
    const atCap = await reconcile(sized(STATEMENT_MAX_BYTES));
    expect(atCap.matched).toHaveLength(1);
    const over = await refusal(sized(STATEMENT_MAX_BYTES + 1));
    expect(over.data.params).toEqual({ 'file.size': 'A bank statement can be at most 5 MB.' });
  });

  it('refuses a request without a file, or with an empty one', async () => {
    expect(Object.keys((await refusal(undefined)).data.params ?? {})).toEqual(['file']);
    expect((await refusal('')).data.params).toEqual({ 'file.size': 'The bank statement is empty.' });
  });
});
