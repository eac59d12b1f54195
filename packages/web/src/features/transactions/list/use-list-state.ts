import {
  DEFAULT_SORTS,
  listSort,
  type SortDirection,
  sanitisePaged,
  sanitisePerPage,
  type TransactionTab,
} from '@paydesk/domain/transactions/list-query';
import { urlListMoves, urlListProps } from '../../../components/list/list-props.ts';
import { updateQuery, useQueryValues } from '../../../lib/navigation.ts';

export interface ListState {
  query: Record<string, string>;
  page: number;
  perPage: number;
  /** What the request sends. */
  sort: { sort: string; direction: SortDirection };
  /** What the table header shows as sorted: the URL's column, or the default sort's. */
  shownSort: { orderby: string; order: SortDirection };
  setPage: (page: number) => void;
  /** Moves to `lastPage` in place of a page past the end, without a history entry. */
  clampPage: (lastPage: number) => void;
  setPerPage: (perPage: number) => void;
  setSort: (orderby: string, order: SortDirection) => void;
  /** The DataTable's position and moves, with the move back from a page past the end. */
  tableProps: ReturnType<typeof urlListProps> & { onPageOutOfRange: (lastPage: number) => void };
}

export type ListPosition = Pick<ListState, 'page' | 'perPage' | 'sort' | 'shownSort'>;

/**
 * The list's page, size and sort as the URL holds them (`paged`, `per_page`, `orderby`,
 * `order`), sanitised so a hand-edited address never sends a request the server refuses.
 * `sortable` lists the sort keys the endpoint accepts, `aliases` the columns sorted by another
 * key (the capture deadline sorts by creation time).
 */
export function readListPosition(
  tab: TransactionTab,
  query: Readonly<Record<string, string>>,
  sortable: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): ListPosition {
  const sort = listSort(tab, query.orderby, query.order, sortable);
  const orderbyColumn = query.orderby && sort.sort === (aliases[query.orderby] ?? query.orderby);
  return {
    page: sanitisePaged(query.paged),
    perPage: sanitisePerPage(query.per_page),
    sort,
    shownSort: { orderby: orderbyColumn ? query.orderby! : DEFAULT_SORTS[tab].sort, order: sort.direction },
  };
}

/** readListPosition for the current URL, with the setters that change it. */
export function useListState(
  tab: TransactionTab,
  sortable: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): ListState {
  const query = useQueryValues();
  const position = readListPosition(tab, query, sortable, aliases);
  const clampPage = (lastPage: number) => updateQuery({ paged: lastPage }, { replace: true });
  return {
    query,
    ...position,
    setPage: urlListMoves.onPageChange,
    clampPage,
    setPerPage: urlListMoves.onPerPageChange,
    setSort: urlListMoves.onSortChange,
    tableProps: {
      ...urlListProps({ page: position.page, perPage: position.perPage, sort: position.shownSort }),
      onPageOutOfRange: clampPage,
    },
  };
}
