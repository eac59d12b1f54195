import { store } from '@paydesk/domain/contracts';
import { HIDDEN_COLUMNS_PREFERENCES, type TransactionTab } from '@paydesk/domain/transactions/list-query';
import {
  PREFERENCES_QUERY_KEY,
  type Preferences,
  useHiddenColumns as useHiddenColumnsPreference,
} from '../../../components/list/use-hidden-columns.ts';
import { apiFetch } from '../../../lib/api.ts';
import { type Preloadable, preloadedQuery } from './preload.ts';

/** The signed-in user's preferences; the page preloads them with its rows. */
export const preferencesRequest = (): Preloadable<Preferences> => ({
  queryKey: PREFERENCES_QUERY_KEY,
  fetch: (signal) => apiFetch(store.preferencesGet, signal ? { signal } : {}),
});

/** The columns a merchant hid on one tab, read from the preloaded preferences. */
export function useHiddenColumns(tab: TransactionTab) {
  return useHiddenColumnsPreference(
    HIDDEN_COLUMNS_PREFERENCES[tab],
    preloadedQuery(preferencesRequest()).queryFn,
  );
}
