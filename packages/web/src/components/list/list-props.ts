import type { SortDirection } from '@paydesk/domain/transactions/list-query';
import { updateQuery } from '../../lib/navigation.ts';

/** Where a list is: its page, page size and the sort its header shows. */
export interface ListPosition {
  page: number;
  perPage: number;
  sort: { orderby: string; order: SortDirection };
}

/**
 * The moves of a list whose position lives in the URL (`paged`, `per_page`, `orderby`, `order`).
 * A new sort or page size starts again at the first page, since the old page number would point
 * at other rows.
 */
export const urlListMoves = {
  onPageChange: (page: number) => updateQuery({ paged: page }),
  onPerPageChange: (perPage: number) => updateQuery({ per_page: perPage, paged: 1 }),
  onSortChange: (orderby: string, order: SortDirection) => updateQuery({ orderby, order, paged: 1 }),
};

/** A list's position as the domain's list queries read it from the URL, for its header. */
export function listPosition(position: {
  page: number;
  perPage: number;
  sort: { sort: string; direction: SortDirection };
}): ListPosition {
  return {
    page: position.page,
    perPage: position.perPage,
    sort: { orderby: position.sort.sort, order: position.sort.direction },
  };
}

/** A DataTable's position and the moves that change it in the URL. */
export function urlListProps(position: ListPosition) {
  return { page: position.page, perPage: position.perPage, sort: position.sort, ...urlListMoves };
}

/** One page of a list as its query reads it. */
export interface ListQuery<Row> {
  data?: { data: Row[] } | undefined;
  isPending: boolean;
  isError: boolean;
}

/** The columns a merchant hid, as useHiddenColumns keeps them. */
export interface HiddenColumnsState {
  hidden: readonly string[];
  setHidden: (hidden: string[]) => void;
  isPending: boolean;
}

const NONE_HIDDEN: readonly string[] = [];
const KEEP_ALL = () => {};

/**
 * A DataTable's rows from the list's query: loading until both the rows and the hidden columns
 * are known (so columns do not show and then vanish), and the list's own message when the read
 * failed. A list without hideable columns passes no `hidden`.
 */
export function queryListProps<Row>(list: ListQuery<Row>, errorMessage: string, hidden?: HiddenColumnsState) {
  return {
    rows: list.data?.data,
    isLoading: list.isPending || (hidden?.isPending ?? false),
    errorMessage: list.isError ? errorMessage : undefined,
    hiddenColumns: hidden?.hidden ?? NONE_HIDDEN,
    onHiddenColumnsChange: hidden?.setHidden ?? KEEP_ALL,
  };
}
