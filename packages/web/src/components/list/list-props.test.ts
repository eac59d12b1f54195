import { beforeEach, expect, it, vi } from 'vitest';

const navigation = vi.hoisted(() => ({ updateQuery: vi.fn() }));
vi.mock('../../lib/navigation.ts', () => navigation);

// Test files share modules: this file's list-props must be the one bound to its own mock.
vi.resetModules();
const { listPosition, queryListProps, urlListMoves, urlListProps } = await import('./list-props.ts');

beforeEach(() => navigation.updateQuery.mockClear());

it('moves a list in the URL, back to the first page when its sort or page size changes', () => {
  urlListMoves.onPageChange(3);
  urlListMoves.onPerPageChange(50);
  urlListMoves.onSortChange('amount', 'asc');
  expect(navigation.updateQuery.mock.calls).toEqual([
    [{ paged: 3 }],
    [{ per_page: 50, paged: 1 }],
    [{ orderby: 'amount', order: 'asc', paged: 1 }],
  ]);
});

it("gives the table the list's position with the moves", () => {
  const props = urlListProps({ page: 2, perPage: 25, sort: { orderby: 'date', order: 'desc' } });
  expect(props).toMatchObject({ page: 2, perPage: 25, sort: { orderby: 'date', order: 'desc' } });
  props.onPageChange(4);
  expect(navigation.updateQuery).toHaveBeenCalledWith({ paged: 4 });
  expect(listPosition({ page: 1, perPage: 50, sort: { sort: 'created', direction: 'asc' } })).toEqual({
    page: 1,
    perPage: 50,
    sort: { orderby: 'created', order: 'asc' },
  });
});

it('shows the list as loading until its rows and hidden columns are known', () => {
  const rows = [{ id: 1 }];
  const hidden = { hidden: ['fees'], setHidden: vi.fn(), isPending: false };
  const loaded = { data: { data: rows }, isPending: false, isError: false };
  expect(queryListProps(loaded, 'Failed.', hidden)).toMatchObject({
    rows,
    isLoading: false,
    errorMessage: undefined,
    hiddenColumns: ['fees'],
    onHiddenColumnsChange: hidden.setHidden,
  });
  expect(queryListProps(loaded, 'Failed.', { ...hidden, isPending: true }).isLoading).toBe(true);
  expect(queryListProps({ isPending: true, isError: false }, 'Failed.', hidden)).toMatchObject({
    rows: undefined,
    isLoading: true,
  });
});

it("shows the list's own message when its read failed, and hides no column without preferences", () => {
  const props = queryListProps({ isPending: false, isError: true }, 'Error retrieving payouts.');
  expect(props.errorMessage).toBe('Error retrieving payouts.');
  expect(props.isLoading).toBe(false);
  expect(props.hiddenColumns).toEqual([]);
});
