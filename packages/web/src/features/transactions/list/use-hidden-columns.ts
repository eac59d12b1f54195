import { type ResponseOf, store } from '@paydesk/domain/contracts';
import { HIDDEN_COLUMNS_PREFERENCES, type TransactionTab } from '@paydesk/domain/transactions/list-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { type Preloadable, preloadedQuery } from './preload.ts';
import { transactionsKeys } from './query-keys.ts';

type Preferences = ResponseOf<typeof store.preferencesGet>;
const PREFERENCES_KEY = transactionsKeys.preferences();

/** The signed-in user's preferences; the page preloads them with its rows. */
export const preferencesRequest = (): Preloadable<Preferences> => ({
  queryKey: PREFERENCES_KEY,
  fetch: (signal) => apiFetch(store.preferencesGet, signal ? { signal } : {}),
});
const NONE: readonly string[] = [];

/**
 * The columns a merchant hid on one tab, kept in their user preferences under the spec's name
 * (spec 2 §2), so the choice follows them to another browser.
 */
export function useHiddenColumns(tab: TransactionTab): {
  hidden: readonly string[];
  setHidden: (hidden: string[]) => void;
  /** True until the preferences are known, so columns do not show and then vanish. */
  isPending: boolean;
} {
  const name = HIDDEN_COLUMNS_PREFERENCES[tab];
  const client = useQueryClient();
  const preferences = useQuery({
    ...preloadedQuery(preferencesRequest()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The choice shows at once, in the same render as the click; the server's answer follows.
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  const update = useMutation({
    mutationFn: (changes: Preferences) => apiFetch(store.preferencesUpdate, { body: changes }),
    onError: (error) => {
      console.error('Hidden columns were not saved', error);
      setChosen(null);
      createNotice('error', __('Your column choice could not be saved. Please try again.'));
    },
    onSuccess: (saved) => {
      client.setQueryData(PREFERENCES_KEY, saved);
      setChosen(null);
    },
  });
  return {
    hidden: chosen ?? preferences.data?.[name] ?? NONE,
    setHidden: (hidden) => {
      setChosen(hidden);
      update.mutate({ [name]: hidden });
    },
    isPending: preferences.isPending,
  };
}
