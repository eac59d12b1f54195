import type { TransactionTab } from '@paydesk/domain/transactions/list-query';
import { DataTable, type DataTableProps } from '../../../components/data-table.tsx';
import { type ListQuery, queryListProps } from '../../../components/list/list-props.ts';
import { type CurrencyTotals, SummaryRow } from '../../../components/list/summary-row.tsx';
import { __, _n } from '../../../lib/i18n.ts';
import { useHiddenColumns } from './use-hidden-columns.ts';
import type { ListState } from './use-list-state.ts';

interface TabTableProps<Row extends object>
  extends Pick<
    DataTableProps<Row>,
    'title' | 'testId' | 'columns' | 'rowKey' | 'rowLink' | 'rowLinkName' | 'actions' | 'panel'
  > {
  tab: TransactionTab;
  state: ListState;
  list: ListQuery<Row> & { refetch: () => unknown };
  /** The tab's own words for a failed read. */
  errorMessage: string;
  /** The count and totals of every row the tab's filters select. */
  summary: { data?: { count: number; totals: readonly CurrencyTotals[] } | undefined; isPending: boolean };
}

/**
 * The table of one transactions tab: its rows with the columns the merchant hid on that tab,
 * paged and sorted in the URL, and the count and totals below.
 */
export function TabTable<Row extends object>({
  tab,
  state,
  list,
  errorMessage,
  summary,
  ...table
}: TabTableProps<Row>) {
  const hidden = useHiddenColumns(tab);
  return (
    <DataTable
      {...table}
      {...queryListProps(list, errorMessage, hidden)}
      {...state.tableProps}
      onRetry={() => void list.refetch()}
      emptyMessage={__('No data to display')}
      totalRows={summary.data?.count}
      summary={
        <SummaryRow
          countLabel={(count) => _n('transaction', 'transactions', count)}
          count={summary.data?.count}
          totals={summary.data?.totals ?? []}
          isLoading={summary.isPending}
        />
      }
    />
  );
}
