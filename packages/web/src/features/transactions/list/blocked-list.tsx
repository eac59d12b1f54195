import { Badge } from '@mantine/core';
import { readSearchTerms, writeList } from '@paydesk/domain/transactions/filters';
import { searchPlaceholder } from '@paydesk/domain/transactions/list-labels';
import { fraudOutcomeStatusLabel } from '@paydesk/domain/transactions/status';
import { memo, useMemo } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { money } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';
import { DETAIL_PATH, OrderLink, rowLinkName } from './cells.tsx';
import { ExportButton } from './export-button.tsx';
import { dateTime } from './format.ts';
import { BLOCKED_SORTABLE, blockedRequests } from './requests.ts';
import { SearchBox } from './search-box.tsx';
import { TabTable } from './tab-table.tsx';
import {
  type BlockedRow,
  suggestBlocked,
  useBlocked,
  useBlockedSummary,
  useStoreCapabilities,
} from './use-list-queries.ts';
import { useListState } from './use-list-state.ts';

function blockedColumns(): DataTableColumn<BlockedRow>[] {
  return [
    {
      id: 'created',
      nowrap: true,
      header: __('Date / Time'),
      cell: (row) => dateTime(row.created),
      sortable: true,
      required: true,
    },
    {
      id: 'amount',
      header: __('Amount'),
      cell: (row) => money(row.amount, row.currency),
      sortable: true,
      numeric: true,
      required: true,
    },
    { id: 'order', header: __('Order #'), cell: (row) => <OrderLink order={row.order} />, ownLinks: true },
    {
      id: 'customer_name',
      header: __('Customer'),
      cell: (row) => row.customer_name,
      sortable: true,
      defaultDirection: 'asc',
    },
    {
      id: 'status',
      header: __('Status'),
      // Every row here was blocked, outright or after review (the "fraud block" status).
      cell: () => (
        <Badge color="red" variant="light" size="sm" tt="none">
          {__(fraudOutcomeStatusLabel('block'))}
        </Badge>
      ),
    },
  ];
}

const blockedKey = (row: BlockedRow) => row.payment_intent.id;
const blockedLink = (row: BlockedRow) => ({ path: DETAIL_PATH, query: { id: row.payment_intent.id } });

const blockedLinkName = (row: BlockedRow) =>
  rowLinkName(
    dateTime(row.created),
    __(fraudOutcomeStatusLabel('block')),
    money(row.amount, row.currency),
    row.order?.number ?? null,
  );

/** The "Blocked" tab: payments the fraud rules or the merchant blocked. */
export const BlockedList = memo(function BlockedList() {
  const capabilities = useStoreCapabilities();
  const state = useListState('blocked-page', BLOCKED_SORTABLE);
  const columns = useMemo(blockedColumns, []);
  const terms = readSearchTerms(state.query);
  const requests = blockedRequests(state.query);
  const list = useBlocked(requests.list);
  const summary = useBlockedSummary(requests.summary);
  return (
    <TabTable
      tab="blocked-page"
      state={state}
      list={list}
      summary={summary}
      title={__('Blocked transactions')}
      testId="blocked-list"
      columns={columns}
      errorMessage={__('Error retrieving on review transactions.')}
      rowKey={blockedKey}
      rowLink={blockedLink}
      rowLinkName={blockedLinkName}
      actions={
        <>
          <SearchBox
            list="blocked"
            placeholder={__(searchPlaceholder('blocked-page', capabilities))}
            terms={terms}
            onChange={(next) => updateQuery({ ...writeList('search', next, terms.length), paged: 1 })}
            suggest={suggestBlocked}
          />
          <ExportButton
            list="blocked"
            filters={requests.summary}
            filtered={terms.length > 0}
            rowCount={summary.data?.count}
          />
        </>
      }
    />
  );
});
