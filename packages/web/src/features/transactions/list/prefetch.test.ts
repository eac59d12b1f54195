import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ paths: [] as string[], connected: true }));
vi.mock('../../../lib/bootstrap.ts', () => ({
  getSettings: () => ({ isAccountConnected: calls.connected }),
  getPage: () => ({ nonce: 'nonce-1' }),
}));
vi.mock('../../../lib/navigation.ts', () => ({ updateQuery: vi.fn(), useQueryValues: () => ({}) }));

// Test files share modules: these must be the ones bound to this file's mocks.
vi.resetModules();
const { prefetchTransactionsPage } = await import('./prefetch.ts');
const { listQueries } = await import('./use-list-queries.ts');
const { authorizationsRequest, transactionsRequests } = await import('./requests.ts');
const { preferencesQuery } = await import('../../../lib/preferences.ts');
const { invalidatePaymentViews } = await import('../payment-views.ts');
const { paymentDetailKeys, reportingKeys, transactionsKeys } = await import(
  '../../../lib/query-keys/index.ts'
);

beforeEach(() => {
  calls.paths = [];
  calls.connected = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.paths.push(url.split('?')[0]!);
      return new Response(JSON.stringify({ data: [], count: 0 }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

it("reads the tab's rows into the cache under the keys the lists ask for", async () => {
  const cache = client();
  const search = new URLSearchParams('page=wc-admin&path=/payments/transactions&paged=2&type_is=refund');
  await prefetchTransactionsPage(cache, search);
  const query = { path: '/payments/transactions', paged: '2', type_is: 'refund' };
  const requests = transactionsRequests(query);
  for (const options of [
    listQueries.transactions(requests.list),
    listQueries.transactionsSummary(requests.summary),
    listQueries.settings(),
    listQueries.uncapturedSummary(),
    preferencesQuery(),
  ]) {
    expect(cache.getQueryState(options.queryKey)?.status, JSON.stringify(options.queryKey)).toBe('success');
  }
  expect(calls.paths).toHaveLength(5);

  // A list mounting now finds its rows: nothing is asked twice while they are fresh.
  await cache.prefetchQuery(listQueries.transactions(requests.list));
  expect(calls.paths).toHaveLength(5);
});

it('reads the uncaptured tab, not the others, when the URL names it', async () => {
  const cache = client();
  await prefetchTransactionsPage(
    cache,
    new URLSearchParams('path=/payments/transactions&tab=uncaptured-page'),
  );
  const authorizations = listQueries.authorizations(authorizationsRequest({ tab: 'uncaptured-page' }));
  expect(cache.getQueryState(authorizations.queryKey)?.status).toBe('success');
  expect(calls.paths.filter((path) => path.endsWith('/transactions'))).toEqual([]);
});

it('reads nothing for a store without an account', async () => {
  calls.connected = false;
  const cache = client();
  await prefetchTransactionsPage(cache, new URLSearchParams('path=/payments/transactions'));
  expect(calls.paths).toEqual([]);
  expect(cache.getQueryCache().getAll()).toEqual([]);
});

it('marks stale every view of payments a capture or cancel changes, and nothing else', async () => {
  const cache = client();
  const views = [
    transactionsKeys.list({ page: 1 }),
    transactionsKeys.summary({}),
    transactionsKeys.authorizations({ page: 1 }),
    transactionsKeys.authorizationsSummary(),
    transactionsKeys.blocked({ page: 1 }),
    paymentDetailKeys.intent('pi_1'),
    paymentDetailKeys.charge('ch_1'),
    paymentDetailKeys.timeline('pi_1'),
    paymentDetailKeys.authorization('pi_1'),
  ];
  const other = reportingKeys.paymentActivity({ currency: 'usd' });
  for (const key of [...views, other]) cache.setQueryData(key, { data: [] });
  await invalidatePaymentViews(cache);
  for (const key of views) expect(cache.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  expect(cache.getQueryState(other)?.isInvalidated).toBe(false);
});
