import {
  type QueryOf,
  type ResponseOf,
  settings as settingsApi,
  transactions,
} from '@paydesk/domain/contracts';
import type { StoreListFlags } from '@paydesk/domain/transactions/list-labels';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, hasErrorCode } from '../../../lib/api.ts';
import { type Preloadable, preloadedQuery } from './preload.ts';
import { transactionsKeys } from './query-keys.ts';

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

/** Each request of the page: its cache key and how it is fetched (also before the page shows). */
export const listRequests = {
  settings: (): Preloadable<ResponseOf<typeof settingsApi.getSettings>> => ({
    queryKey: transactionsKeys.settings(),
    fetch: (signal) => apiFetch(settingsApi.getSettings, signal ? { signal } : {}),
  }),
  uncapturedSummary: (): Preloadable<ResponseOf<typeof transactions.authorizationsSummary>> => ({
    queryKey: transactionsKeys.authorizationsSummary(),
    fetch: (signal) => apiFetch(transactions.authorizationsSummary, signal ? { signal } : {}),
  }),
  transactions: (
    query: TransactionsQuery,
  ): Preloadable<ResponseOf<typeof transactions.listTransactions>> => ({
    queryKey: transactionsKeys.list(query),
    fetch: (signal) => apiFetch(transactions.listTransactions, { query, ...(signal ? { signal } : {}) }),
  }),
  transactionsSummary: (
    query: TransactionsQuery,
  ): Preloadable<ResponseOf<typeof transactions.transactionsSummary>> => ({
    queryKey: transactionsKeys.summary(query),
    fetch: (signal) => apiFetch(transactions.transactionsSummary, { query, ...(signal ? { signal } : {}) }),
  }),
  authorizations: (
    query: AuthorizationsQuery,
  ): Preloadable<ResponseOf<typeof transactions.listAuthorizations>> => ({
    queryKey: transactionsKeys.authorizations(query),
    fetch: (signal) => apiFetch(transactions.listAuthorizations, { query, ...(signal ? { signal } : {}) }),
  }),
  blocked: (query: BlockedQuery): Preloadable<ResponseOf<typeof transactions.listFraudOutcomes>> => ({
    queryKey: transactionsKeys.blocked(query),
    fetch: async (signal) => {
      try {
        return await apiFetch(transactions.listFraudOutcomes, { query, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (isNotFoundOutcome(error)) return { data: [] };
        throw error;
      }
    },
  }),
  blockedSummary: (
    query: BlockedQuery,
  ): Preloadable<ResponseOf<typeof transactions.fraudOutcomesSummary>> => ({
    queryKey: transactionsKeys.blockedSummary(query),
    fetch: async (signal) => {
      try {
        return await apiFetch(transactions.fraudOutcomesSummary, { query, ...(signal ? { signal } : {}) });
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
  const paymentSettings = useQuery({ ...preloadedQuery(listRequests.settings()), staleTime: 60_000 });
  return { ...STORE_FLAGS, manualCaptureEnabled: paymentSettings.data?.is_manual_capture_enabled ?? false };
}

/** The uncaptured count, for the tab's title and whether the tab shows at all. */
export function useUncapturedSummary() {
  return useQuery(preloadedQuery(listRequests.uncapturedSummary()));
}

export function useTransactions(query: TransactionsQuery) {
  return useQuery({ ...preloadedQuery(listRequests.transactions(query)), placeholderData: keepPreviousData });
}

export function useTransactionsSummary(query: TransactionsQuery) {
  return useQuery({
    ...preloadedQuery(listRequests.transactionsSummary(query)),
    placeholderData: keepPreviousData,
  });
}

export function useAuthorizations(query: AuthorizationsQuery) {
  return useQuery({
    ...preloadedQuery(listRequests.authorizations(query)),
    placeholderData: keepPreviousData,
  });
}

export function useBlocked(query: BlockedQuery) {
  return useQuery({ ...preloadedQuery(listRequests.blocked(query)), placeholderData: keepPreviousData });
}

export function useBlockedSummary(query: BlockedQuery) {
  return useQuery({
    ...preloadedQuery(listRequests.blockedSummary(query)),
    placeholderData: keepPreviousData,
  });
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
