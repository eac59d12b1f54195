import { Stack, Text } from '@mantine/core';
import { exports, type payouts } from '@paydesk/domain/contracts';
import { payoutFeeLabel, payoutGrossAmount } from '@paydesk/domain/payouts/display';
import {
  hasPayoutFilters,
  PAYOUTS_HIDDEN_COLUMNS_PREFERENCE,
  payoutFilterRequest,
  payoutListPosition,
} from '@paydesk/domain/payouts/list-query';
import { PAYOUT_TYPE_LABELS } from '@paydesk/domain/transactions/status';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/list/export-button.tsx';
import { listPosition, queryListProps, urlListProps } from '../../../components/list/list-props.ts';
import { SummaryRow } from '../../../components/list/summary-row.tsx';
import { useHiddenColumns } from '../../../components/list/use-hidden-columns.ts';
import { apiFetch } from '../../../lib/api.ts';
import { money, storeDate } from '../../../lib/display.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { usePayouts, usePayoutsSummary } from '../api/list-payouts.ts';
import { DETAIL_PATH } from '../paths.ts';
import { PayoutFilterBar } from './filter-bar.tsx';
import { PayoutStatusChip } from './status-chip.tsx';

type Payout = payouts.TPayout;

/** The amount is the amount plus the fee, with the fee under it labelled by its rate. */
export function PayoutAmount({ payout }: { payout: Payout }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" data-testid="payout-amount">
        {money(payoutGrossAmount(payout), payout.currency)}
      </Text>
      {payout.fee > 0 && (
        <Text size="xs" c="dimmed" data-testid="payout-fee">
          {sprintf(
            __('%1$s: %2$s'),
            __(payoutFeeLabel(payout.fee_percentage)),
            money(-payout.fee, payout.currency),
          )}
        </Text>
      )}
    </Stack>
  );
}

/** The columns of the payouts table; the CSV export writes the same headings (exports/columns). */
const columns = (): DataTableColumn<Payout>[] => [
  {
    id: 'date',
    header: __('Date'),
    nowrap: true,
    sortable: true,
    required: true,
    cell: (row) => storeDate(row.date),
  },
  { id: 'type', header: __('Type'), required: true, cell: (row) => __(PAYOUT_TYPE_LABELS[row.type]) },
  {
    id: 'amount',
    header: __('Amount'),
    numeric: true,
    sortable: true,
    required: true,
    cell: (row) => <PayoutAmount payout={row} />,
  },
  {
    id: 'status',
    header: __('Status'),
    sortable: true,
    defaultDirection: 'asc',
    cell: (row) => <PayoutStatusChip status={row.status} type={row.type} />,
  },
  { id: 'bank_account', header: __('Bank account'), cell: (row) => row.bankAccount },
  { id: 'bank_reference_key', header: __('Bank reference ID'), cell: (row) => row.bank_reference_key },
];

const payoutKey = (row: Payout) => row.id;
const payoutLink = (row: Payout) => ({ path: DETAIL_PATH, query: { id: row.id } });

/** The payout history: filters, the table with hideable columns, summary and export. */
export function PayoutsList() {
  const query = useQueryValues();
  const position = payoutListPosition(query);
  const filters = payoutFilterRequest(query);
  const list = usePayouts({
    page: position.page,
    pagesize: position.perPage,
    sort: position.sort.sort,
    direction: position.sort.direction,
    ...filters,
  });
  const summary = usePayoutsSummary(filters);
  const hidden = useHiddenColumns(PAYOUTS_HIDDEN_COLUMNS_PREFERENCE);
  const filtered = hasPayoutFilters(filters);
  const payoutColumns = useMemo(columns, []);

  return (
    <Stack gap="sm">
      <PayoutFilterBar
        key={JSON.stringify(filters)}
        applied={filters}
        currencies={summary.data?.store_currencies ?? []}
      />
      <DataTable
        title={__('Payout history')}
        testId="payouts-list"
        columns={payoutColumns}
        {...queryListProps(list, __('Error retrieving payouts.'), hidden)}
        {...urlListProps(listPosition(position))}
        rowKey={payoutKey}
        rowLink={payoutLink}
        emptyMessage={__('No data to display')}
        totalRows={list.data?.total_count}
        actions={
          <ExportButton
            list="deposits"
            filtered={filtered}
            rowCount={summary.data?.count}
            confirmQuestion={(count) =>
              sprintf(
                __(
                  "You are about to export %d deposits. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
                ),
                count,
              )
            }
            start={(body) => apiFetch(exports.requestDepositsExport, { query: filters, body })}
            check={(export_id) => apiFetch(exports.depositsExportStatus, { params: { export_id } })}
          />
        }
        summary={
          summary.isError ? undefined : (
            <SummaryRow
              countLabel={(count) => _n('payout', 'payouts', count)}
              count={summary.data?.count}
              totals={
                summary.data
                  ? [
                      {
                        currency: summary.data.currency,
                        count: summary.data.count,
                        total: summary.data.total,
                      },
                    ]
                  : []
              }
              isLoading={summary.isPending}
            />
          )
        }
      />
    </Stack>
  );
}
