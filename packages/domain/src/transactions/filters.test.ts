import { describe, expect, it } from 'vitest';
import {
  advancedFiltersToQuery,
  dateFilterBounds,
  exportNeedsConfirmation,
  hasTransactionFilters,
  isCalendarDay,
  readAdvancedFilters,
  readList,
  readSearchTerms,
  transactionFilterRequest,
  writeList,
} from './filters.ts';

describe('isCalendarDay', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
    expect(isCalendarDay(undefined)).toBe(false);
  });
});

describe('readList and writeList', () => {
  it('reads indexed keys in index order and ignores other keys', () => {
    expect(
      readList({ 'search[1]': 'b', 'search[0]': 'a', 'searchx[2]': 'c', search: 'd' }, 'search'),
    ).toEqual(['a', 'b']);
  });

  it('clears indexes the new list no longer uses', () => {
    expect(writeList('search', ['a'], 3)).toEqual({
      'search[0]': 'a',
      'search[1]': undefined,
      'search[2]': undefined,
    });
  });
});

describe('readAdvancedFilters', () => {
  it('reads date and value rules', () => {
    const filters = readAdvancedFilters({
      filter: 'advanced',
      date_before: '2026-03-01',
      'date_between[0]': '2026-02-10',
      'date_between[1]': '2026-02-01',
      type_is: 'charge',
      customer_country_is_not: 'US',
      risk_level_is: '2',
    });
    expect(filters).toEqual([
      { key: 'date', rule: 'before', value: '2026-03-01' },
      { key: 'date', rule: 'between', value: ['2026-02-10', '2026-02-01'] },
      { key: 'type', rule: 'is', value: 'charge' },
      { key: 'customer_country', rule: 'is_not', value: 'US' },
      { key: 'risk_level', rule: 'is', value: '2' },
    ]);
  });

  it('leaves out malformed rules', () => {
    expect(
      readAdvancedFilters({
        date_before: '2026-02-30',
        date_after: 'yesterday',
        'date_between[0]': '2026-02-01',
        type_is: '',
        channel_is: 'x'.repeat(101),
        risk_level_is_in: '1',
        type_is_not: 'bogus',
        risk_level_is: '7',
        customer_country_is: 'USA',
        source_is: 'Card; drop',
        channel_is_not: 'phone',
      }),
    ).toEqual([]);
  });

  it("reads a loan link's type=charge as the type filter", () => {
    expect(readAdvancedFilters({ type: 'charge', filter: 'advanced' })).toEqual([
      { key: 'type', rule: 'is', value: 'charge' },
    ]);
    expect(readAdvancedFilters({ type: 'charge', type_is: 'refund' })).toEqual([
      { key: 'type', rule: 'is', value: 'refund' },
    ]);
  });
});

describe('advancedFiltersToQuery', () => {
  it('clears every old rule and writes the new ones', () => {
    const current = {
      filter: 'advanced',
      type_is: 'charge',
      'date_between[0]': '2026-01-01',
      'date_between[1]': '2026-01-02',
      paged: '3',
    };
    const changes = advancedFiltersToQuery(current, [
      { key: 'date', rule: 'between', value: ['2026-02-01', '2026-02-05'] },
      { key: 'channel', rule: 'is_not', value: 'online' },
    ]);
    expect(changes).toMatchObject({
      filter: 'advanced',
      match: 'all',
      type_is: undefined,
      'date_between[0]': '2026-02-01',
      'date_between[1]': '2026-02-05',
      channel_is_not: 'online',
    });
    expect(changes).not.toHaveProperty('paged');
  });

  it('removes filter=advanced with the last rule', () => {
    const changes = advancedFiltersToQuery({ filter: 'advanced', type_is: 'charge' }, []);
    expect(changes.filter).toBeUndefined();
    expect(changes.type_is).toBeUndefined();
    expect('filter' in changes).toBe(true);
  });

  it('round-trips through readAdvancedFilters', () => {
    const filters = [
      { key: 'date', rule: 'after', value: '2026-02-01' },
      { key: 'source', rule: 'is', value: 'ideal' },
    ] as const;
    const query = Object.fromEntries(
      Object.entries(advancedFiltersToQuery({}, filters)).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    expect(readAdvancedFilters(query)).toEqual(filters);
  });
});

describe('dateFilterBounds', () => {
  it('sorts between ascending, from the start of the first day to the end of the last, UTC', () => {
    expect(dateFilterBounds({ key: 'date', rule: 'between', value: ['2026-02-10', '2026-02-01'] })).toEqual({
      date_between: ['2026-02-01 00:00:00', '2026-02-10 23:59:59'],
    });
  });

  it('puts before at the start of its day and after at its end', () => {
    expect(dateFilterBounds({ key: 'date', rule: 'before', value: '2026-02-10' })).toEqual({
      date_before: '2026-02-10 00:00:00',
    });
    expect(dateFilterBounds({ key: 'date', rule: 'after', value: '2026-02-10' })).toEqual({
      date_after: '2026-02-10 23:59:59',
    });
  });
});

describe('transactionFilterRequest', () => {
  it('sends rules, search terms and link filters, nothing else', () => {
    expect(
      transactionFilterRequest({
        path: '/payments/transactions',
        paged: '2',
        orderby: 'amount',
        filter: 'advanced',
        match: 'any',
        type_is: 'refund',
        'search[0]': 'Olivia Smith',
        'search[1]': 'Olivia Smith',
        'search[2]': ' ',
        loan_id_is: 'flxln_1',
      }),
    ).toEqual({
      match: 'any',
      type_is: 'refund',
      search: ['Olivia Smith'],
      loan_id_is: 'flxln_1',
    });
  });

  it('sends nothing for a page without filters', () => {
    const request = transactionFilterRequest({ path: '/payments/transactions', paged: '1', per_page: '25' });
    expect(request).toEqual({});
    expect(hasTransactionFilters(request)).toBe(false);
  });

  it('counts search terms and link filters as filters', () => {
    expect(hasTransactionFilters(transactionFilterRequest({ 'search[0]': 'Emma' }))).toBe(true);
    expect(hasTransactionFilters(transactionFilterRequest({ deposit_id: 'po_1' }))).toBe(true);
  });

  it('leaves out link filters the list would refuse', () => {
    expect(
      transactionFilterRequest({ loan_id_is: 'no spaces', deposit_id: 'po-1', store_currency_is: 'EURO' }),
    ).toEqual({});
  });

  it('keeps at most 20 search terms', () => {
    const query = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`search[${i}]`, `term ${i}`]));
    expect(readSearchTerms(query)).toHaveLength(20);
  });
});

describe('exportNeedsConfirmation', () => {
  it('asks for 10,000 unfiltered transactions and more, never with filters', () => {
    expect(exportNeedsConfirmation('transactions', 9_999, false)).toBe(false);
    expect(exportNeedsConfirmation('transactions', 10_000, false)).toBe(true);
    expect(exportNeedsConfirmation('transactions', 50_000, true)).toBe(false);
  });

  it('asks for 1,000 unfiltered payouts or blocked payments', () => {
    expect(exportNeedsConfirmation('deposits', 999, false)).toBe(false);
    expect(exportNeedsConfirmation('deposits', 1_000, false)).toBe(true);
    expect(exportNeedsConfirmation('blocked', 1_000, false)).toBe(true);
  });
});
