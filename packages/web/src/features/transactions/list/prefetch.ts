import { transactionTabFromQuery } from '@paydesk/domain/transactions/list-query';
import type { QueryClient } from '@tanstack/react-query';
import { getSettings } from '../../../lib/bootstrap.ts';
import { preferencesQuery } from '../../../lib/preferences.ts';
import { authorizationsRequest, blockedRequests, transactionsRequests } from './requests.ts';
import { listQueries } from './use-list-queries.ts';

/**
 * Starts the reads of the tab the address names when the route is entered, while the page's own
 * code is still loading: the rows, their summary, the hidden columns, the capture setting and
 * the uncaptured count. They go into the query cache under the keys the lists ask for, so the
 * lists find them there (or join the request still under way) instead of asking again.
 */
export function prefetchTransactionsPage(client: QueryClient, search: URLSearchParams): Promise<unknown> {
  // A store without an account is sent to Connect: nothing of its lists can be read.
  if (!getSettings().isAccountConnected) return Promise.resolve();
  const query = Object.fromEntries(search);
  delete query.page;
  const reads: Promise<unknown>[] = [
    client.prefetchQuery(listQueries.settings()),
    client.prefetchQuery(listQueries.uncapturedSummary()),
    client.prefetchQuery(preferencesQuery()),
  ];
  // The uncaptured tab is checked against its visibility once the count is known.
  switch (transactionTabFromQuery(query.tab, { uncapturedVisible: true })) {
    case 'transactions-page': {
      const requests = transactionsRequests(query);
      reads.push(
        client.prefetchQuery(listQueries.transactions(requests.list)),
        client.prefetchQuery(listQueries.transactionsSummary(requests.summary)),
      );
      break;
    }
    case 'uncaptured-page':
      reads.push(client.prefetchQuery(listQueries.authorizations(authorizationsRequest(query))));
      break;
    case 'blocked-page': {
      const requests = blockedRequests(query);
      reads.push(
        client.prefetchQuery(listQueries.blocked(requests.list)),
        client.prefetchQuery(listQueries.blockedSummary(requests.summary)),
      );
      break;
    }
  }
  return Promise.all(reads);
}
