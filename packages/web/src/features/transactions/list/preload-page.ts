import { transactionTabFromQuery } from '@paydesk/domain/transactions/list-query';
import { getSettings } from '../../../lib/bootstrap.ts';
import { preload } from './preload.ts';
import { authorizationsRequest, blockedRequests, transactionsRequests } from './requests.ts';
import { preferencesRequest } from './use-hidden-columns.ts';
import { listRequests } from './use-list-queries.ts';

/**
 * Starts the requests of the tab the URL names as soon as the page's code has loaded: the
 * rows, their summary, the hidden columns, the capture setting and the uncaptured count.
 */
export function preloadTransactionsPage(search: string): void {
  const query = Object.fromEntries(new URLSearchParams(search));
  // A store without an account is sent to Connect: nothing of its lists can be read.
  if (query.path !== '/payments/transactions' || !getSettings().isAccountConnected) return;
  delete query.page;
  preload(listRequests.settings());
  preload(listRequests.uncapturedSummary());
  preload(preferencesRequest());
  // The uncaptured tab is checked against its visibility once the count is known.
  switch (transactionTabFromQuery(query.tab, { uncapturedVisible: true })) {
    case 'transactions-page': {
      const requests = transactionsRequests(query);
      preload(listRequests.transactions(requests.list));
      preload(listRequests.transactionsSummary(requests.summary));
      break;
    }
    case 'uncaptured-page':
      preload(listRequests.authorizations(authorizationsRequest(query)));
      break;
    case 'blocked-page': {
      const requests = blockedRequests(query);
      preload(listRequests.blocked(requests.list));
      preload(listRequests.blockedSummary(requests.summary));
      break;
    }
  }
}
