import { FORMULA_TRIGGERS, quoteCsv } from '@paydesk/domain/exports/csv';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/bootstrap.ts', () => ({
  getSettings: () => ({ storeCurrency: 'usd', locale: 'en-US' }),
}));

const { readersCsv } = await import('./card-readers-table.tsx');

/** The card readers table's own CSV download: a reader's id is the store's text. */
describe('card readers CSV', () => {
  const row = (reader_id: string, status = 'active') => ({
    reader_id,
    status,
    count: 3,
    fee: { amount: 1500, currency: 'usd' },
  });

  it('neutralises a reader id or status led by any formula trigger, as the server exports do', () => {
    const rows = FORMULA_TRIGGERS.map((trigger) =>
      row(`${trigger}HYPERLINK("http://evil.test","x")`, `${trigger}1+1`),
    );
    // Each cell starts with a single quote; quoteCsv only wraps the ones holding quotes or a CR.
    const expected = FORMULA_TRIGGERS.map(
      (trigger) =>
        `${quoteCsv(`'${trigger}HYPERLINK("http://evil.test","x")`)},${quoteCsv(`'${trigger}1+1`)},3,$15.00\r\n`,
    );
    expect(readersCsv(rows)).toBe(`Reader id,Status,Transactions,Fee\r\n${expected.join('')}`);
  });

  it('writes plain ids, counts and fees as they are', () => {
    expect(readersCsv([row('tmr_1')])).toBe('Reader id,Status,Transactions,Fee\r\ntmr_1,active,3,$15.00\r\n');
  });
});
