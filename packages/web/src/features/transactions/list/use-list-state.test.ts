import { beforeEach, expect, it, vi } from 'vitest';

const navigation = vi.hoisted(() => ({
  query: {} as Record<string, string>,
  updateQuery: vi.fn(),
}));
vi.mock('../../../lib/navigation.ts', () => ({
  updateQuery: navigation.updateQuery,
  useQueryValues: () => navigation.query,
}));

// Test files share modules: these must be the ones bound to this file's mock.
vi.resetModules();
const { readListPosition, useListState } = await import('./use-list-state.ts');
const { authorizationsRequest, blockedRequests, transactionsRequests, TRANSACTION_SORTABLE } = await import(
  './requests.ts'
);

beforeEach(() => {
  navigation.query = {};
  navigation.updateQuery.mockClear();
});

it('reads the page, page size and sort from the URL', () => {
  const position = readListPosition(
    'transactions-page',
    { paged: '3', per_page: '50', orderby: 'amount', order: 'asc' },
    TRANSACTION_SORTABLE,
  );
  expect(position).toEqual({
    page: 3,
    perPage: 50,
    sort: { sort: 'amount', direction: 'asc' },
    shownSort: { orderby: 'amount', order: 'asc' },
  });
});

it('sanitises a hand-edited address instead of sending what the server refuses', () => {
  const position = readListPosition(
    'transactions-page',
    { paged: '-2', per_page: '100000', orderby: 'password', order: 'sideways' },
    TRANSACTION_SORTABLE,
  );
  expect(position.page).toBe(1);
  expect(position.perPage).toBeLessThanOrEqual(100);
  expect(position.sort).toEqual({ sort: 'date', direction: 'desc' });
  // The header shows the default sort, not a column the URL named but the list cannot sort by.
  expect(position.shownSort).toEqual({ orderby: 'date', order: 'desc' });
});

it('shows a column sorted by another key as sorted (the capture deadline by creation time)', () => {
  const request = authorizationsRequest({ orderby: 'capture_by', order: 'asc' });
  expect(request).toMatchObject({ sort: 'created', direction: 'asc' });
  const state = readListPosition(
    'uncaptured-page',
    { orderby: 'capture_by', order: 'asc' },
    ['created', 'amount'],
    { capture_by: 'created' },
  );
  expect(state.shownSort).toEqual({ orderby: 'capture_by', order: 'asc' });
});

it('builds each tab request from the URL, filters only in the summary', () => {
  const { list, summary } = transactionsRequests({ paged: '2', type_is: 'refund' });
  expect(list).toMatchObject({ page: 2, pagesize: 25, sort: 'date', direction: 'desc', type_is: 'refund' });
  expect(summary).toMatchObject({ type_is: 'refund' });
  expect(summary).not.toHaveProperty('page');
  const blocked = blockedRequests({ 'search[0]': 'jane' });
  expect(blocked.summary.status).toBe('block');
  expect(blocked.list).toMatchObject({ status: 'block', page: 1 });
});

it('keeps the state in the URL: a new sort or size goes back to page 1, a page past the end is replaced', () => {
  navigation.query = { paged: '9', orderby: 'amount', order: 'desc' };
  const state = useListState('transactions-page', TRANSACTION_SORTABLE);
  expect(state.query).toBe(navigation.query);
  expect(state.tableProps).toMatchObject({ page: 9, sort: { orderby: 'amount', order: 'desc' } });
  state.setSort('date', 'asc');
  state.setPerPage(75);
  state.setPage(2);
  state.tableProps.onPageOutOfRange(4);
  expect(navigation.updateQuery.mock.calls).toEqual([
    [{ orderby: 'date', order: 'asc', paged: 1 }],
    [{ per_page: 75, paged: 1 }],
    [{ paged: 2 }],
    [{ paged: 4 }, { replace: true }],
  ]);
});
