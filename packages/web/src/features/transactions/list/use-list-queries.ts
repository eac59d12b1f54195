import {
  type QueryOf,
  type ResponseOf,
  settings as settingsApi,
  transactions,
} from '@paydesk/domain/contracts';
import type { StoreListFlags } from '@paydesk/domain/transactions/list-labels';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode } from '../../../lib/api.ts';
import { settingsKeys, transactionsKeys } from '../../../lib/query-keys/index.ts';

export type TransactionRow = ResponseOf<typeof transactions.listTransactions>['data'][number];
export type AuthorizationRow = ResponseOf<typeof transactions.listAuthorizations>['data'][number];
export type BlockedRow = ResponseOf<typeof transactions.listFraudOutcomes>['data'][number];
export type TransactionsQuery = QueryOf<typeof transactions.listTransactions>;
export type AuthorizationsQuery = QueryOf<typeof transactions.listAuthorizations>;
export type BlockedQuery = QueryOf<typeof transactions.listFraudOutcomes>;

export interface StoreCapabilities extends StoreListFlags {
  authAndCaptureEnabled: boolean;
  manualCaptureEnabled: boolean;
}

/**
 * Paydesk's processor can always authorize now and capture later (docs/checkout-api.md), its
 * search covers orders and e-mails, and no subscriptions extension exists for it yet; the page
 * settings carry no flags for these, so they are fixed here, in one place.
 */
const STORE_FLAGS = { authAndCaptureEnabled: true, subscriptionsActive: false, customSearch: true };

/** wcpay_fraud_outcome_not_found is an empty result, not an error. */
const isNotFoundOutcome = (error: unknown) => hasErrorCode(error, 'wcpay_fraud_outcome_not_found');

/** Each request of the page: its cache key and how it is fetched, for the lists and the route's prefetch. */
export const listQueries = {
  settings: () =>
    queryOptions({
      queryKey: settingsKeys.payments(),
      queryFn: ({ signal }) => apiFetch(settingsApi.getSettings, { signal }),
    }),
  uncapturedSummary: () =>
    queryOptions({
      queryKey: transactionsKeys.authorizationsSummary(),
      queryFn: ({ signal }) => apiFetch(transactions.authorizationsSummary, { signal }),
    }),
  transactions: (query: TransactionsQuery) =>
    queryOptions({
      queryKey: transactionsKeys.list(query),
      queryFn: ({ signal }) => apiFetch(transactions.listTransactions, { query, signal }),
    }),
  transactionsSummary: (query: TransactionsQuery) =>
    queryOptions({
      queryKey: transactionsKeys.summary(query),
      queryFn: ({ signal }) => apiFetch(transactions.transactionsSummary, { query, signal }),
    }),
  authorizations: (query: AuthorizationsQuery) =>
    queryOptions({
      queryKey: transactionsKeys.authorizations(query),
      queryFn: ({ signal }) => apiFetch(transactions.listAuthorizations, { query, signal }),
    }),
  blocked: (query: BlockedQuery) =>
    queryOptions({
      queryKey: transactionsKeys.blocked(query),
      queryFn: async ({ signal }) => {
        try {
          return await apiFetch(transactions.listFraudOutcomes, { query, signal });
        } catch (error) {
          if (isNotFoundOutcome(error)) return { data: [] };
          throw error;
        }
      },
    }),
  blockedSummary: (query: BlockedQuery) =>
    queryOptions({
      queryKey: transactionsKeys.blockedSummary(query),
      queryFn: async ({ signal }) => {
        try {
          return await apiFetch(transactions.fraudOutcomesSummary, { query, signal });
        } catch (error) {
          if (isNotFoundOutcome(error))
            return { count: 0, total: 0, currency: '', all_currencies: [], currencies: [], totals: [] };
          throw error;
        }
      },
    }),
};

/** What decides the tabs, placeholders and columns: the store's flags and its capture setting. */
export function useStoreCapabilities(): StoreCapabilities {
  const paymentSettings = useQuery({ ...listQueries.settings(), staleTime: 60_000 });
  return { ...STORE_FLAGS, manualCaptureEnabled: paymentSettings.data?.is_manual_capture_enabled ?? false };
}

/** The uncaptured count, for the tab's title and whether the tab shows at all. */
export function useUncapturedSummary() {
  return useQuery(listQueries.uncapturedSummary());
}

export function useTransactions(query: TransactionsQuery) {
  return useQuery({ ...listQueries.transactions(query), placeholderData: keepPreviousData });
}

export function useTransactionsSummary(query: TransactionsQuery) {
  return useQuery({ ...listQueries.transactionsSummary(query), placeholderData: keepPreviousData });
}

export function useAuthorizations(query: AuthorizationsQuery) {
  return useQuery({ ...listQueries.authorizations(query), placeholderData: keepPreviousData });
}

export function useBlocked(query: BlockedQuery) {
  return useQuery({ ...listQueries.blocked(query), placeholderData: keepPreviousData });
}

export function useBlockedSummary(query: BlockedQuery) {
  return useQuery({ ...listQueries.blockedSummary(query), placeholderData: keepPreviousData });
}

export const suggestTransactions = async (term: string, signal: AbortSignal) =>
  (await apiFetch(transactions.searchTransactions, { query: { search_term: term }, signal })).map(
    (option) => option.label,
  );

export const suggestBlocked = async (term: string, signal: AbortSignal) =>
  (
    await apiFetch(transactions.searchFraudOutcomes, {
      query: { status: 'block', search_term: term },
      signal,
    })
  ).map((option) => option.label);
