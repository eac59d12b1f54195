import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatStoreDate } from '@paydesk/domain/date-format';
import { PAYMENT_METHOD_LABELS } from '@paydesk/domain/payments/messages';
import {
  type AdvancedFilter,
  readAdvancedFilters,
  readSearchTerms,
  SOURCE_DEVICE_VALUES,
  TRANSACTION_CHANNEL_VALUES,
  writeList,
} from '@paydesk/domain/transactions/filters';
import {
  CHANNEL_LABELS,
  listLabel,
  SOURCE_DEVICE_LABELS,
  type StoreListFlags,
  searchPlaceholder,
  showsSubscriptionColumn,
} from '@paydesk/domain/transactions/list-labels';
import { TRANSACTION_TYPES, transactionTypeLabel } from '@paydesk/domain/transactions/status';
import { lazy, memo, Suspense, useId, useMemo, useState } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { money } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';
import { updateQuery } from '../../../lib/navigation.ts';
import type { FilterDefinition } from './advanced-filters.tsx';
import { countryName, DETAIL_PATH, OrderLink, RiskLevel, rowLinkName, StorePageLink } from './cells.tsx';
import { ExportButton } from './export-button.tsx';
import { dateTime, toEpochSeconds } from './format.ts';
import { TRANSACTION_SORTABLE, transactionsRequests } from './requests.ts';
import { SearchBox } from './search-box.tsx';
import { TabTable } from './tab-table.tsx';
import {
  suggestTransactions,
  type TransactionRow,
  useStoreCapabilities,
  useTransactions,
  useTransactionsSummary,
} from './use-list-queries.ts';
import { useListState } from './use-list-state.ts';

function paymentMethod(row: TransactionRow): string {
  if (!row.source) return '';
  const label = Object.hasOwn(PAYMENT_METHOD_LABELS, row.source)
    ? PAYMENT_METHOD_LABELS[row.source]!
    : row.source;
  return row.source_identifier ? `${__(label)} •••• ${row.source_identifier}` : __(label);
}

function transactionColumns(flags: StoreListFlags): DataTableColumn<TransactionRow>[] {
  const settings = getSettings();
  const columns: (DataTableColumn<TransactionRow> | false)[] = [
    {
      id: 'date',
      nowrap: true,
      header: __('Date / Time'),
      cell: (row) => dateTime(row.date),
      sortable: true,
      required: true,
    },
    {
      id: 'type',
      header: __('Type'),
      cell: (row) => __(transactionTypeLabel(row.type)),
      sortable: true,
      defaultDirection: 'asc',
      required: true,
    },
    {
      id: 'channel',
      header: __('Channel'),
      cell: (row) => __(listLabel(CHANNEL_LABELS, row.channel)),
      sortable: true,
      defaultDirection: 'asc',
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
      id: 'fees',
      header: __('Fees'),
      cell: (row) => money(-row.fees, row.currency),
      sortable: true,
      numeric: true,
    },
    {
      id: 'net',
      header: __('Net'),
      cell: (row) => money(row.net, row.currency),
      sortable: true,
      numeric: true,
      required: true,
    },
    {
      id: 'order',
      header: __('Order #'),
      cell: (row) => <OrderLink order={row.order} />,
      ownLinks: true,
    },
    showsSubscriptionColumn(flags) && {
      id: 'subscriptions',
      header: __('Subscription #'),
      ownLinks: true,
      cell: (row) => (
        <Group gap={4}>
          {(row.order?.subscriptions ?? []).map((subscription) => (
            <Anchor key={subscription.number} href={subscription.url} size="sm">
              {subscription.number}
            </Anchor>
          ))}
        </Group>
      ),
    },
    {
      id: 'source',
      header: __('Payment method'),
      cell: (row) => paymentMethod(row),
      sortable: true,
      defaultDirection: 'asc',
    },
    {
      id: 'customer_name',
      header: __('Customer'),
      // The name links to the customer's page in the store when the checkout sent it.
      cell: (row) => <StorePageLink text={row.customer_name ?? ''} url={row.order?.customer_url ?? null} />,
      sortable: true,
      defaultDirection: 'asc',
    },
    {
      id: 'customer_email',
      header: __('Email'),
      cell: (row) => row.customer_email ?? '',
      sortable: true,
      defaultDirection: 'asc',
    },
    {
      id: 'customer_country',
      header: __('Country'),
      cell: (row) => countryName(row.customer_country),
      sortable: true,
      defaultDirection: 'asc',
    },
    {
      id: 'customer_amount',
      header: __('Customer amount'),
      cell: (row) =>
        row.customer_amount !== null && row.customer_currency
          ? money(row.customer_amount, row.customer_currency)
          : '',
      sortable: true,
      numeric: true,
    },
    {
      id: 'risk_level',
      header: __('Risk level'),
      cell: (row) => <RiskLevel level={row.risk_level} />,
      sortable: true,
    },
    {
      id: 'available_on',
      header: __('Payout date'),
      ownLinks: true,
      sortable: true,
      cell: (row) => {
        const day = formatStoreDate(toEpochSeconds(row.available_on), settings.dateFormat, settings.timezone);
        return row.deposit_id ? (
          <Anchor
            component={AdminLink}
            path="/payments/payouts/details"
            query={{ id: row.deposit_id }}
            size="sm"
          >
            {day}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {day}
          </Text>
        );
      },
    },
  ];
  return columns.filter((column): column is DataTableColumn<TransactionRow> => column !== false);
}

/** The advanced filters' panel loads when it opens: most visits never open it. */
const AdvancedFilters = lazy(async () => ({
  default: (await import('./advanced-filters.tsx')).AdvancedFilters,
}));

const TYPE_OPTIONS = () =>
  TRANSACTION_TYPES.map((type) => ({ value: type, label: __(transactionTypeLabel(type)) }));

/**
 * The transaction filters: date, type, device, channel, country, risk, currency and
 * source. The currency filter shows only when the store has seen more than one currency.
 */
function filterDefinitions(
  summary: { customer_currencies: string[]; sources: string[] } | undefined,
  applied: readonly AdvancedFilter[],
) {
  const definitions: FilterDefinition[] = [
    { key: 'date', label: __('Date') },
    { key: 'type', label: __('Type'), options: TYPE_OPTIONS() },
    {
      key: 'source_device',
      label: __('Device type'),
      options: SOURCE_DEVICE_VALUES.map((value) => ({
        value,
        label: __(listLabel(SOURCE_DEVICE_LABELS, value)),
      })),
    },
    {
      key: 'channel',
      label: __('Channel'),
      options: TRANSACTION_CHANNEL_VALUES.map((value) => ({
        value,
        label: __(listLabel(CHANNEL_LABELS, value)),
      })),
    },
    { key: 'customer_country', label: __('Customer country') },
    {
      key: 'risk_level',
      label: __('Risk level'),
      options: [
        { value: '0', label: __('Normal') },
        { value: '1', label: __('Elevated') },
        { value: '2', label: __('Highest') },
      ],
    },
  ];
  const currencies = [...(summary?.customer_currencies ?? [])];
  // A currency rule in use stays editable even when the rows it leaves are all in one currency.
  const currencyRule = applied.find((filter) => filter.key === 'customer_currency');
  if (currencyRule && !currencies.includes(currencyRule.value as string))
    currencies.push(currencyRule.value as string);
  if (currencies.length > 1 || currencyRule) {
    definitions.push({
      key: 'customer_currency',
      label: __('Customer currency'),
      options: currencies.map((code) => ({ value: code.toLowerCase(), label: code.toUpperCase() })),
    });
  }
  const sources = summary?.sources ?? [];
  definitions.push({
    key: 'source',
    label: __('Payment method'),
    ...(sources.length > 0
      ? {
          options: sources.map((value) => ({
            value,
            label: Object.hasOwn(PAYMENT_METHOD_LABELS, value) ? __(PAYMENT_METHOD_LABELS[value]!) : value,
          })),
        }
      : {}),
  });
  return definitions;
}

const transactionKey = (row: TransactionRow) => row.transaction_id;

/** A transaction leads to its payment's detail page, naming the transaction too. */
function transactionLink(row: TransactionRow) {
  const id = row.payment_intent_id ?? row.charge_id;
  return id
    ? { path: DETAIL_PATH, query: { id, transaction_id: row.transaction_id, transaction_type: row.type } }
    : undefined;
}

const transactionLinkName = (row: TransactionRow) =>
  rowLinkName(
    dateTime(row.date),
    __(transactionTypeLabel(row.type)),
    money(row.amount, row.currency),
    row.order?.number ?? null,
  );

const activeFilterCount = (filters: AdvancedFilter[]) => filters.length;

/**
 * The "All transactions" tab: the ledger, with search, advanced filters and an export. With
 * `depositId` it lists the transactions of one payout (the payout detail page).
 */
export const TransactionsList = memo(function TransactionsList({ depositId }: { depositId?: string }) {
  const capabilities = useStoreCapabilities();
  const { subscriptionsActive } = capabilities;
  const columns = useMemo(
    () => transactionColumns({ subscriptionsActive, customSearch: capabilities.customSearch }),
    [subscriptionsActive, capabilities.customSearch],
  );
  const state = useListState('transactions-page', TRANSACTION_SORTABLE);
  const requests = transactionsRequests(depositId ? { ...state.query, deposit_id: depositId } : state.query);
  const list = useTransactions(requests.list);
  const summary = useTransactionsSummary(requests.summary);
  const advanced = readAdvancedFilters(state.query);
  const [filtersOpen, setFiltersOpen] = useState(advanced.length > 0);
  const filtersPanelId = useId();
  const terms = readSearchTerms(state.query);

  return (
    <Stack gap="sm">
      <TabTable
        tab="transactions-page"
        state={state}
        list={list}
        summary={summary}
        title={__('Transactions')}
        testId="transactions-list"
        columns={columns}
        errorMessage={__('Error retrieving transactions.')}
        rowKey={transactionKey}
        rowLink={transactionLink}
        rowLinkName={transactionLinkName}
        actions={
          <>
            <SearchBox
              list="transactions"
              placeholder={__(searchPlaceholder('transactions-page', capabilities))}
              terms={terms}
              onChange={(next) => updateQuery({ ...writeList('search', next, terms.length), paged: 1 })}
              suggest={suggestTransactions}
            />
            <Button
              variant={filtersOpen ? 'light' : 'default'}
              size="sm"
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls={filtersOpen ? filtersPanelId : undefined}
              rightSection={
                advanced.length > 0 ? (
                  <Badge size="sm" circle>
                    {activeFilterCount(advanced)}
                  </Badge>
                ) : undefined
              }
            >
              {__('Advanced filters')}
            </Button>
            <ExportButton
              list="transactions"
              filters={requests.summary}
              filtered={requests.filtered}
              rowCount={summary.data?.count}
            />
          </>
        }
        panel={
          // After its toggle in the page, so the Tab order reaches the toggle first.
          filtersOpen && (
            <div id={filtersPanelId}>
              <Suspense fallback={null}>
                <AdvancedFilters
                  // The panel starts over from the URL whenever the applied rules change.
                  key={JSON.stringify(advanced)}
                  query={state.query}
                  definitions={filterDefinitions(summary.data, advanced)}
                />
              </Suspense>
            </div>
          )
        }
      />
    </Stack>
  );
});
