import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../time.ts';
import {
  dayNumber,
  matchStatement,
  type PayoutToMatch,
  readStatement,
  STATEMENT_MAX_LINES,
  type StatementLine,
  statementWindow,
} from './statement.ts';

const read = (text: string, currency = 'usd') => readStatement(text, currency);

describe('readStatement', () => {
  it('reads columns by name in any order and case, with any other columns ignored', () => {
    const result = read('Reference,Balance,AMOUNT,Date\r\nPAYDESK po_1,9.00,1234.56,2026-03-05\r\n');
    expect(result).toEqual({
      ok: true,
      lines: [{ line: 2, date: '2026-03-05', amount: 123456, currency: 'usd', reference: 'PAYDESK po_1' }],
    });
  });

  it('takes semicolons or tabs when they separate the header, and a byte-order mark', () => {
    for (const separator of [';', '\t']) {
      const text = `\uFEFFdate${separator}amount${separator}reference${separator}currency\n2026-03-05${separator}-12${separator}x${separator}EUR\n`;
      expect(read(text)).toEqual({
        ok: true,
        lines: [{ line: 2, date: '2026-03-05', amount: -1200, currency: 'eur', reference: 'x' }],
      });
    }
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, numbering lines as an editor does', () => {
    const text =
      'date,amount,reference\n"2026-03-05","1,234.50","a, ""quoted""\nreference"\n\n2026-03-06,+7,b\n';
    const result = read(text);
    expect(result).toEqual({
      ok: true,
      lines: [
        { line: 2, date: '2026-03-05', amount: 123450, currency: 'usd', reference: 'a, "quoted"\nreference' },
        { line: 5, date: '2026-03-06', amount: 700, currency: 'usd', reference: 'b' },
      ],
    });
  });

  it('uses the currency column when present, the default otherwise, and the currency precision', () => {
    const result = read('date,amount,reference,currency\n2026-03-05,500,x,JPY\n2026-03-05,5,y,\n', 'eur');
    expect(result.ok && result.lines.map((line) => [line.currency, line.amount])).toEqual([
      ['jpy', 500],
      ['eur', 500],
    ]);
  });

  it('accepts a time after the date', () => {
    const result = read('date,amount,reference\n2026-03-05T10:00:00Z,1,x\n');
    expect(result.ok && result.lines[0]?.date).toBe('2026-03-05');
  });

  it.each([
    ['', 1, 'the first line must name the columns date, amount and reference.'],
    ['date,amount\n2026-03-05,1\n', 1, 'it has no "reference" column.'],
    ['date,amount,reference\n', 2, 'the statement has no lines after its header.'],
    ['date,amount,reference\n2026-02-30,1,x\n', 2, 'the date "2026-02-30" is not a date such as 2026-03-31.'],
    ['date,amount,reference\n05/03/2026,1,x\n', 2, 'the date "05/03/2026" is not a date'],
    ['date,amount,reference\n2026-03-05,1,x\n2026-03-05,12.345,y\n', 3, 'more than 2 decimal places for USD'],
    ['date,amount,reference\n2026-03-05,1e3,x\n', 2, 'the amount "1e3" is not an amount such as 1234.56.'],
    ['date,amount,reference\n2026-03-05,,x\n', 2, 'the amount "" is not'],
    ['date,amount,reference,currency\n2026-03-05,1,x,XYZ\n', 2, '"XYZ" is not a currency code such as USD.'],
    ['date,amount,reference\n2026-03-05,1,"never closed\n', 2, 'a quoted field is never closed.'],
  ])('names the line of a bad file: %j', (text, line, message) => {
    const result = read(text);
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'invalid') throw new Error('expected an invalid statement');
    expect(result.line).toBe(line);
    expect(result.message).toContain(message);
  });

  it(`accepts ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines and refuses one more`, () => {
    const body = (count: number) => `date,amount,reference\n${'2026-03-05,1,x\n'.repeat(count)}`;
    const most = read(body(STATEMENT_MAX_LINES));
    expect(most.ok && most.lines.length).toBe(STATEMENT_MAX_LINES);
    expect(read(body(STATEMENT_MAX_LINES + 1))).toEqual({ ok: false, reason: 'too_many_lines' });
  });
});

describe('dayNumber', () => {
  it('counts days from 1970-01-01 and refuses dates that do not exist', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2028-02-29')).toBe(Date.UTC(2028, 1, 29) / DAY_MS);
    expect(dayNumber('2027-02-29')).toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
  });
});

const day = (date: string) => Date.parse(`${date}T12:00:00Z`);
const payout = (
  id: string,
  date: string,
  amount: number,
  more: Partial<PayoutToMatch> = {},
): PayoutToMatch => ({
  id,
  arrival_date: day(date),
  amount,
  currency: 'usd',
  type: 'deposit',
  bank_reference_key: `REF${id.toUpperCase()}`,
  ...more,
});
const line = (n: number, date: string, amount: number, reference = '', currency = 'usd'): StatementLine => ({
  line: n,
  date,
  amount,
  currency,
  reference,
});

describe('matchStatement', () => {
  it('matches same currency and amount within 3 days, and no further', () => {
    const payouts = [payout('a', '2026-03-10', 1000), payout('b', '2026-03-20', 1000)];
    const result = matchStatement([line(2, '2026-03-13', 1000), line(3, '2026-03-24', 1000)], payouts);
    expect(result.matched).toEqual([{ line: 2, payout_id: 'a', by_reference: false }]);
    expect(result.unmatched_lines.map((l) => l.line)).toEqual([3]);
    expect(result.unmatched_payouts.map((p) => p.id)).toEqual(['b']);
  });

  it('never matches another currency or amount, and a withdrawal only as money out', () => {
    const payouts = [
      payout('eur', '2026-03-10', 1000, { currency: 'eur' }),
      payout('w', '2026-03-10', 500, { type: 'withdrawal' }),
    ];
    const result = matchStatement(
      [line(2, '2026-03-10', 1000), line(3, '2026-03-10', 500), line(4, '2026-03-10', -500)],
      payouts,
    );
    expect(result.matched).toEqual([{ line: 4, payout_id: 'w', by_reference: false }]);
    // The euro payout is outside the statement's currencies: not listed as missing.
    expect(result.unmatched_payouts).toEqual([]);
  });

  it('lets the reference win a tie, whatever the order of the lines', () => {
    const payouts = [payout('a', '2026-03-10', 1000), payout('b', '2026-03-11', 1000)];
    const result = matchStatement(
      [line(2, '2026-03-10', 1000, 'transfer'), line(3, '2026-03-10', 1000, 'PAYDESK refa 2026')],
      payouts,
    );
    expect(result.matched).toEqual([
      { line: 2, payout_id: 'b', by_reference: false },
      { line: 3, payout_id: 'a', by_reference: true },
    ]);
  });

  it('takes the nearest date, then the earlier payout, and uses each payout and line once', () => {
    const payouts = [
      payout('c', '2026-03-12', 1000),
      payout('a', '2026-03-08', 1000),
      payout('b', '2026-03-09', 1000),
    ];
    const result = matchStatement(
      [
        line(2, '2026-03-10', 1000),
        line(3, '2026-03-10', 1000),
        line(4, '2026-03-10', 1000),
        line(5, '2026-03-10', 1000),
      ],
      payouts,
    );
    expect(result.matched.map((m) => m.payout_id)).toEqual(['b', 'a', 'c']);
    expect(result.unmatched_lines.map((l) => l.line)).toEqual([5]);
  });

  it('lists as missing only the payouts arriving within the statement dates', () => {
    const payouts = [
      payout('before', '2026-03-07', 1),
      payout('in', '2026-03-12', 1),
      payout('after', '2026-03-16', 1),
    ];
    const lines = [line(2, '2026-03-10', 999), line(3, '2026-03-14', 999)];
    expect(matchStatement(lines, payouts).unmatched_payouts.map((p) => p.id)).toEqual(['in']);
    expect(statementWindow(lines)).toEqual({
      from: day('2026-03-07') - DAY_MS / 2,
      to: day('2026-03-18') - DAY_MS / 2,
    });
  });
});
