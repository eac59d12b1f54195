import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { disputes } from '@paydesk/domain/contracts';
import {
  AWAITING_RESPONSE_FILTER,
  DISPUTE_COLUMNS_HIDDEN_BY_DEFAULT,
  DISPUTE_STATUS_OPTIONS,
  DISPUTES_HIDDEN_COLUMNS_PREFERENCE,
  disputeFilterRequest,
  disputeListPosition,
  isAwaitingResponse,
  responseUrgency,
} from '@paydesk/domain/disputes/list-query';
import { DISPUTE_CHALLENGE_PATH } from '@paydesk/domain/disputes/paths';
import {
  DISPUTE_STATUS_CHIPS,
  disputeStatusLabel,
  isDisputeStatus,
} from '@paydesk/domain/transactions/status';
import { disputeReasonLabel } from '@paydesk/domain/transactions/timeline';
import { lazy, Suspense, useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { listPosition, queryListProps, urlListProps } from '../../../components/list/list-props.ts';
import { SummaryRow } from '../../../components/list/summary-row.tsx';
import { useHiddenColumns } from '../../../components/list/use-hidden-columns.ts';
import { storeNow } from '../../../lib/clock.ts';
import { CHIP_COLORS, money, storeDate } from '../../../lib/display.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate, updateQuery, useQueryValues } from '../../../lib/navigation.ts';
import { useDisputes, useDisputesSummary } from '../api/disputes.ts';

type Row = disputes.TDisputeListRow;

/** The win rate by reason sits below the list and loads after it, outside the page's first load. */
const DisputeWinRates = lazy(() =>
  import('../components/win-rates.tsx').then((module) => ({ default: module.DisputeWinRates })),
);

const DETAIL_PATH = '/payments/transactions/details';

/** The payment a dispute is about, where the dispute is shown. */
const paymentOf = (row: Row) => ({
  path: DETAIL_PATH,
  query: { id: row.payment_intent_id, type: 'dispute' },
});

/** Respond opens the challenge page; See details the payment. */
const actionOf = (row: Row, respond: boolean) =>
  respond ? { path: DISPUTE_CHALLENGE_PATH, query: { id: row.dispute_id } } : paymentOf(row);

/** "Respond by": the deadline, with an alert when little time is left to answer. */
function RespondBy({ row }: { row: Row }) {
  const due_ms = row.due_by * 1000;
  const urgency = isAwaitingResponse(row.status) ? responseUrgency(due_ms, storeNow()) : null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{storeDate(due_ms)}</Text>
      {urgency && (
        <Badge color="red" variant="light" tt="none" data-testid="dispute-urgency">
          {urgency.kind === 'last_day'
            ? __('Last day today')
            : sprintf(_n('%d day left', '%d days left', urgency.days), urgency.days)}
        </Badge>
      )}
    </Group>
  );
}

const columns = (): DataTableColumn<Row>[] => [
  {
    id: 'amount',
    header: __('Amount'),
    numeric: true,
    sortable: true,
    required: true,
    cell: (row) => money(row.amount, row.currency),
  },
  { id: 'currency', header: __('Currency'), cell: (row) => row.currency.toUpperCase() },
  {
    id: 'status',
    header: __('Status'),
    required: true,
    cell: (row) => (
      <Badge
        color={CHIP_COLORS[isDisputeStatus(row.status) ? DISPUTE_STATUS_CHIPS[row.status] : 'light']}
        variant="light"
        tt="none"
        data-testid="dispute-status"
      >
        {__(disputeStatusLabel(row.status))}
      </Badge>
    ),
  },
  { id: 'reason', header: __('Reason'), cell: (row) => __(disputeReasonLabel(row.reason)) },
  { id: 'source', header: __('Source'), cell: (row) => row.source },
  {
    id: 'order_number',
    header: __('Order #'),
    cell: (row) => (row.order_number ? `#${row.order_number}` : '–'),
  },
  { id: 'customer_name', header: __('Customer'), cell: (row) => row.customer_name ?? '–' },
  { id: 'customer_email', header: __('Email'), cell: (row) => row.customer_email ?? '–' },
  { id: 'customer_country', header: __('Country'), cell: (row) => row.customer_country ?? '–' },
  {
    id: 'created',
    header: __('Disputed on'),
    sortable: true,
    nowrap: true,
    cell: (row) => storeDate(row.created * 1000),
  },
  {
    id: 'due_by',
    header: __('Respond by'),
    sortable: true,
    nowrap: true,
    defaultDirection: 'asc',
    cell: (row) => <RespondBy row={row} />,
  },
  {
    id: 'action',
    header: __('Action'),
    required: true,
    ownLinks: true,
    pinned: true,
    cell: (row) => {
      const respond = isAwaitingResponse(row.status);
      const link = actionOf(row, respond);
      return (
        <Button
          component="a"
          href={getAdminUrl(link.path, link.query)}
          size="compact-sm"
          variant={respond ? 'filled' : 'default'}
          onClick={(event: React.MouseEvent) => {
            event.preventDefault();
            navigate(getAdminUrl(link.path, link.query));
          }}
          aria-label={sprintf(
            respond ? __('Respond to the dispute of %s') : __('See details of the dispute of %s'),
            money(row.amount, row.currency),
          )}
        >
          {respond ? __('Respond') : __('See details')}
        </Button>
      );
    },
  },
];

/**
 * /payments/disputes: the account's disputes and inquiries, newest first, with the deadline to
 * respond and its urgency, filters, hideable columns and a summary. A row opens its payment;
 * Respond opens the dispute's challenge page.
 */
export default function DisputesPage() {
  const query = useQueryValues();
  const position = disputeListPosition(query);
  const filters = disputeFilterRequest(query);
  const list = useDisputes({
    page: position.page,
    pagesize: position.perPage,
    sort: position.sort.sort,
    direction: position.sort.direction,
    ...filters,
  });
  const summary = useDisputesSummary(filters);
  const hidden = useHiddenColumns(DISPUTES_HIDDEN_COLUMNS_PREFERENCE, DISPUTE_COLUMNS_HIDDEN_BY_DEFAULT);
  const disputeColumns = useMemo(columns, []);
  const currencies = summary.data?.currencies ?? [];

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" data-testid="dispute-filters">
        <ConfirmedSelect
          label={__('Show')}
          value={query.filter === AWAITING_RESPONSE_FILTER ? AWAITING_RESPONSE_FILTER : ''}
          onConfirm={(value) => updateQuery({ filter: value || undefined, paged: 1 })}
          data={[
            { value: '', label: __('All disputes') },
            { value: AWAITING_RESPONSE_FILTER, label: __('Needs response') },
          ]}
        />
        <ConfirmedSelect
          label={__('Status')}
          value={filters.status_is ?? ''}
          onConfirm={(value) => updateQuery({ status_is: value || undefined, paged: 1 })}
          data={[
            { value: '', label: __('Any status') },
            ...DISPUTE_STATUS_OPTIONS.map((status) => ({
              value: status,
              label: __(disputeStatusLabel(status)),
            })),
          ]}
        />
        {currencies.length > 1 && (
          <ConfirmedSelect
            label={__('Currency')}
            value={filters.store_currency_is ?? ''}
            onConfirm={(value) => updateQuery({ store_currency_is: value || undefined, paged: 1 })}
            data={[
              { value: '', label: __('All currencies') },
              ...currencies.map((code) => ({ value: code, label: code.toUpperCase() })),
            ]}
          />
        )}
      </Group>
      <DataTable
        title={__('Disputes')}
        testId="disputes-list"
        columns={disputeColumns}
        {...queryListProps(list, __('Error retrieving disputes.'), hidden)}
        {...urlListProps(listPosition(position))}
        rowKey={(row) => row.dispute_id}
        rowLink={paymentOf}
        emptyMessage={__('No disputes')}
        totalRows={summary.data?.count}
        summary={
          summary.isError ? undefined : (
            <SummaryRow
              countLabel={(count) => _n('dispute', 'disputes', count)}
              count={summary.data?.count}
              totals={[]}
              isLoading={summary.isPending}
            />
          )
        }
      />
      <Suspense fallback={<Skeleton h={120} />}>
        <DisputeWinRates filters={filters} />
      </Suspense>
    </Stack>
  );
}
