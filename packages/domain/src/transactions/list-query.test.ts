import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORTS,
  HIDDEN_COLUMNS_PREFERENCES,
  isUncapturedTabVisible,
  listSort,
  MAX_PER_PAGE,
  sanitisePaged,
  sanitisePerPage,
  tabChangeQuery,
  transactionTabFromQuery,
} from './list-query.ts';

describe('sanitisePaged and sanitisePerPage', () => {
  it.each([undefined, null, '', 'abc', '2x', '-1', '0', '1.5', ' ', '1e3', '0x10'])(
    'default %j to page 1 of 25 rows',
    (value) => {
      expect(sanitisePaged(value)).toBe(1);
      expect(sanitisePerPage(value)).toBe(25);
    },
  );

  it('keeps whole positive numbers', () => {
    expect(sanitisePaged('3')).toBe(3);
    expect(sanitisePerPage('50')).toBe(50);
    expect(sanitisePerPage(' 10 ')).toBe(10);
  });

  it('never asks for more rows than a list serves', () => {
    expect(sanitisePerPage('101')).toBe(MAX_PER_PAGE);
    expect(sanitisePerPage('99999999999999999999')).toBe(25);
  });

  it('answers a usable page for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const paged = sanitisePaged(text);
        const perPage = sanitisePerPage(text);
        expect(Number.isSafeInteger(paged) && paged >= 1).toBe(true);
        expect(Number.isSafeInteger(perPage) && perPage >= 1 && perPage <= MAX_PER_PAGE).toBe(true);
      }),
    );
  });
});

describe('tabs', () => {
  it('opens the tab named by the query, the transactions tab otherwise', () => {
    const options = { uncapturedVisible: true };
    expect(transactionTabFromQuery('blocked-page', options)).toBe('blocked-page');
    expect(transactionTabFromQuery('uncaptured-page', options)).toBe('uncaptured-page');
    expect(transactionTabFromQuery(undefined, options)).toBe('transactions-page');
    expect(transactionTabFromQuery('constructor', options)).toBe('transactions-page');
  });

  it('does not open the uncaptured tab while it is hidden', () => {
    expect(transactionTabFromQuery('uncaptured-page', { uncapturedVisible: false })).toBe(
      'transactions-page',
    );
  });

  it('shows the uncaptured tab only with auth and capture and either manual capture or waiting payments', () => {
    const base = { authAndCaptureEnabled: true, manualCaptureEnabled: false, uncapturedTotal: 0 };
    expect(isUncapturedTabVisible(base)).toBe(false);
    expect(isUncapturedTabVisible({ ...base, manualCaptureEnabled: true })).toBe(true);
    expect(isUncapturedTabVisible({ ...base, uncapturedTotal: 1 })).toBe(true);
    expect(
      isUncapturedTabVisible({ ...base, authAndCaptureEnabled: false, manualCaptureEnabled: true }),
    ).toBe(false);
    expect(isUncapturedTabVisible({ ...base, authAndCaptureEnabled: false, uncapturedTotal: 3 })).toBe(false);
  });

  it('resets the page, its size and the sort when the tab changes', () => {
    const change = tabChangeQuery('blocked-page');
    expect(change).toEqual({ tab: 'blocked-page', paged: '1', per_page: '25' });
    expect(change).not.toHaveProperty('order');
    expect(change).not.toHaveProperty('orderby');
  });

  it('stores hidden columns under the platform’s preference names', () => {
    expect(HIDDEN_COLUMNS_PREFERENCES).toEqual({
      'transactions-page': 'wc_payments_transactions_hidden_columns',
      'uncaptured-page': 'wc_payments_transactions_uncaptured_hidden_columns',
      'blocked-page': 'wc_payments_transactions_blocked_hidden_columns',
    });
  });
});

describe('listSort', () => {
  const sortable = ['date', 'amount', 'created'];

  it('defaults to date descending for transactions and created ascending for authorizations', () => {
    expect(listSort('transactions-page', undefined, undefined, sortable)).toEqual({
      sort: 'date',
      direction: 'desc',
    });
    expect(listSort('uncaptured-page', null, null, sortable)).toEqual({ sort: 'created', direction: 'asc' });
    expect(DEFAULT_SORTS['blocked-page']).toEqual({ sort: 'created', direction: 'desc' });
  });

  it('sends capture_by as created', () => {
    expect(listSort('uncaptured-page', 'capture_by', 'desc', sortable)).toEqual({
      sort: 'created',
      direction: 'desc',
    });
  });

  it('keeps a sortable column and its direction', () => {
    expect(listSort('transactions-page', 'amount', 'asc', sortable)).toEqual({
      sort: 'amount',
      direction: 'asc',
    });
    expect(listSort('transactions-page', 'amount', 'sideways', sortable)).toEqual({
      sort: 'amount',
      direction: 'desc',
    });
  });

  it('falls back to the default for a column it cannot sort by', () => {
    expect(listSort('transactions-page', 'customer_email; drop', 'asc', sortable)).toEqual({
      sort: 'date',
      direction: 'desc',
    });
  });
});
