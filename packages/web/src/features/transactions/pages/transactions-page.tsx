import { Button, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  isUncapturedTabVisible,
  type TransactionTab,
  tabChangeQuery,
  transactionTabFromQuery,
} from '@paydesk/domain/transactions/list-query';
import { useEffect } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { countText } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate, useQueryValues } from '../../../lib/navigation.ts';
import { usePageTitleDetail } from '../../../lib/page-title.ts';
import { track } from '../../../lib/track.ts';
import { BlockedList } from '../list/blocked-list.tsx';
import { TransactionsList } from '../list/transactions-list.tsx';
import { UncapturedList } from '../list/uncaptured-list.tsx';
import { useStoreCapabilities, useUncapturedSummary } from '../list/use-list-queries.ts';

const PATH = '/payments/transactions';

/** The route's first reads (app/routes.ts). */
export { prefetchTransactionsPage as prefetch } from '../list/prefetch.ts';

/** Page views are recorded for the uncaptured and blocked tabs. */
const PAGE_VIEW_PATHS: Partial<Record<TransactionTab, string>> = {
  'uncaptured-page': 'payments_transactions_uncaptured',
  'blocked-page': 'payments_transactions_blocked',
};

/** The tabs' names in the document title: the lists' own headings. */
const TAB_TITLES: Record<TransactionTab, string> = {
  'transactions-page': 'All transactions',
  'uncaptured-page': 'Uncaptured transactions',
  'blocked-page': 'Blocked transactions',
};

/**
 * The transactions page: all transactions, uncaptured authorizations and blocked
 * payments, one tab each, chosen by the `tab` query parameter.
 */
export default function TransactionsPage() {
  // A store without a payments account has no transactions to read: every list would only fail.
  if (!getSettings().isAccountConnected) return <ConnectFirst />;
  return <TransactionTabs />;
}

/** What an unconnected store sees instead of three failing lists: the way to Connect. */
function ConnectFirst() {
  return (
    <Card withBorder padding="lg" data-testid="transactions-connect">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {__('Connect your store to see its transactions')}
        </Title>
        <Text size="sm">
          {__(
            'Your payments, refunds and payouts will be listed here once your store has a payments account.',
          )}
        </Text>
        <Button component={AdminLink} path="/payments/connect">
          {__('Connect')}
        </Button>
      </Stack>
    </Card>
  );
}

function TransactionTabs() {
  const query = useQueryValues();
  const capabilities = useStoreCapabilities();
  const uncaptured = useUncapturedSummary();
  const uncapturedVisible = isUncapturedTabVisible({
    authAndCaptureEnabled: capabilities.authAndCaptureEnabled,
    manualCaptureEnabled: capabilities.manualCaptureEnabled,
    uncapturedTotal: uncaptured.data?.count ?? 0,
  });
  // Until the count is known, a link to the uncaptured tab is trusted rather than bounced.
  const tab = transactionTabFromQuery(query.tab, {
    uncapturedVisible: uncapturedVisible || (query.tab === 'uncaptured-page' && uncaptured.isPending),
  });

  // Each tab has a title of its own, so the browser's history and tabs tell them apart.
  usePageTitleDetail(__(TAB_TITLES[tab]));

  useEffect(() => {
    const path = PAGE_VIEW_PATHS[tab];
    if (path) track('page_view', { path });
  }, [tab]);

  const select = (value: string | null) => {
    if (!value || value === tab) return;
    navigate(getAdminUrl(PATH, tabChangeQuery(value as TransactionTab)));
  };

  return (
    <Stack gap="md" data-testid="transactions-page">
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="transactions-page">{__('All transactions')}</Tabs.Tab>
          {uncapturedVisible && (
            <Tabs.Tab value="uncaptured-page">
              {sprintf(__('Uncaptured (%s)'), uncaptured.data ? countText(uncaptured.data.count) : '…')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="blocked-page">{__('Blocked')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions-page">
          <TransactionsList />
        </Tabs.Panel>
        <Tabs.Panel value="uncaptured-page">
          <UncapturedList />
        </Tabs.Panel>
        <Tabs.Panel value="blocked-page">
          <BlockedList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
