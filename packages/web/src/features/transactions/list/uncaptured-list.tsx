import { Badge } from '@mantine/core';
import { AUTHORIZATION_INTENT_ACTIONS } from '@paydesk/domain/payments/messages';
import { chargeStatusDisplay } from '@paydesk/domain/transactions/status';
import { memo, useMemo } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { money } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';
import { useAuthorizationAction } from '../api/authorization-action.ts';
import { AuthorizationButtons } from '../authorization-buttons.tsx';
import { countryName, DETAIL_PATH, OrderLink, RiskLevel, rowLinkName } from './cells.tsx';
import { dateTime } from './format.ts';
import { AUTHORIZATION_SORT_ALIASES, AUTHORIZATION_SORTABLE, authorizationsRequest } from './requests.ts';
import { TabTable } from './tab-table.tsx';
import { type AuthorizationRow, useAuthorizations, useUncapturedSummary } from './use-list-queries.ts';
import { useListState } from './use-list-state.ts';

/**
 * Capture and cancel buttons of one authorization, or Block and Approve when a fraud rule holds
 * it for review; each shows it is working while it runs, and all but capture ask first.
 */
function Actions({ row }: { row: AuthorizationRow }) {
  const capture = useAuthorizationAction('capture');
  const cancel = useAuthorizationAction('cancel');
  if (row.order_id === null || row.is_captured) return null;
  const target = {
    order_id: row.order_id,
    order_number: row.order?.number ?? String(row.order_id),
    payment_intent_id: row.payment_intent_id,
  };
  return (
    <AuthorizationButtons
      compact
      review={row.needs_review}
      orderNumber={target.order_number}
      amount={money(row.amount, row.currency)}
      pending={capture.isPending ? 'capture' : cancel.isPending ? 'cancel' : null}
      onRun={(intent) =>
        (AUTHORIZATION_INTENT_ACTIONS[intent] === 'capture' ? capture : cancel).mutate(target)
      }
    />
  );
}

function uncapturedColumns(): DataTableColumn<AuthorizationRow>[] {
  return [
    {
      id: 'created',
      nowrap: true,
      header: __('Authorized on'),
      cell: (row) => dateTime(row.created),
      sortable: true,
      defaultDirection: 'asc',
      required: true,
    },
    {
      id: 'capture_by',
      nowrap: true,
      header: __('Capture by'),
      cell: (row) => dateTime(row.capture_by),
      sortable: true,
      defaultDirection: 'asc',
      required: true,
    },
    { id: 'order', header: __('Order'), cell: (row) => <OrderLink order={row.order} />, ownLinks: true },
    {
      id: 'risk_level',
      header: __('Risk level'),
      cell: (row) => <RiskLevel level={row.risk_level} />,
      sortable: true,
    },
    {
      id: 'status',
      nowrap: true,
      header: __('Status'),
      // A payment held by a fraud rule is no ordinary authorization: it waits for a decision.
      cell: (row) =>
        row.needs_review ? (
          <Badge color="yellow" variant="light" tt="none" data-testid="needs-review">
            {__(chargeStatusDisplay('fraud_outcome_review').label)}
          </Badge>
        ) : (
          __(chargeStatusDisplay('authorized').label)
        ),
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
    {
      id: 'customer_name',
      header: __('Customer'),
      cell: (row) => row.customer_name ?? '',
      sortable: true,
      defaultDirection: 'asc',
    },
    { id: 'customer_email', header: __('Email'), cell: (row) => row.customer_email ?? '' },
    { id: 'customer_country', header: __('Country'), cell: (row) => countryName(row.customer_country) },
    {
      id: 'action',
      header: __('Action'),
      cell: (row) => <Actions row={row} />,
      required: true,
      ownLinks: true,
      pinned: true,
    },
  ];
}

const authorizationKey = (row: AuthorizationRow) => row.payment_intent_id;
const authorizationLink = (row: AuthorizationRow) => ({
  path: DETAIL_PATH,
  query: { id: row.payment_intent_id },
});

const authorizationLinkName = (row: AuthorizationRow) =>
  rowLinkName(
    dateTime(row.created),
    __(chargeStatusDisplay(row.needs_review ? 'fraud_outcome_review' : 'authorized').label),
    money(row.amount, row.currency),
    row.order?.number ?? null,
  );

/** The "Uncaptured" tab: authorizations waiting for capture, the first to expire first. */
export const UncapturedList = memo(function UncapturedList() {
  const state = useListState('uncaptured-page', AUTHORIZATION_SORTABLE, AUTHORIZATION_SORT_ALIASES);
  const columns = useMemo(uncapturedColumns, []);
  const list = useAuthorizations(authorizationsRequest(state.query));
  const summary = useUncapturedSummary();
  return (
    <TabTable
      tab="uncaptured-page"
      state={state}
      list={list}
      summary={summary}
      title={__('Uncaptured transactions')}
      testId="uncaptured-list"
      columns={columns}
      errorMessage={__('Error retrieving uncaptured transactions.')}
      rowKey={authorizationKey}
      rowLink={authorizationLink}
      rowLinkName={authorizationLinkName}
    />
  );
});
