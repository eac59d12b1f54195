import { type ResponseOf, store } from '@paydesk/domain/contracts';
import { type QueryFunction, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { __ } from '../../lib/i18n.ts';
import { createNotice } from '../../lib/notices.tsx';

export type Preferences = ResponseOf<typeof store.preferencesGet>;
/** The preferences that hold a list's hidden columns. */
export type HiddenColumnsPreference = Extract<keyof Preferences, `${string}_hidden_columns`>;

/** One cache entry for the signed-in user's preferences, whichever list reads them. */
export const PREFERENCES_QUERY_KEY = ['user-preferences'] as const;

const fetchPreferences: QueryFunction<Preferences> = ({ signal }) =>
  apiFetch(store.preferencesGet, { signal });
const NONE: readonly string[] = [];

/**
 * The columns a merchant hid on one list, kept in their user preferences under the platform's name
 * (`wc_payments_…_hidden_columns`), so the choice follows them to another browser. A list that
 * preloads the preferences passes its own `queryFn` for the same key.
 */
export function useHiddenColumns(
  name: HiddenColumnsPreference,
  queryFn: QueryFunction<Preferences> = fetchPreferences,
  /** The columns hidden until the merchant chooses. */
  hiddenByDefault: readonly string[] = NONE,
): {
  hidden: readonly string[];
  setHidden: (hidden: string[]) => void;
  /** True until the preferences are known, so columns do not show and then vanish. */
  isPending: boolean;
} {
  const client = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn,
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
      client.setQueryData(PREFERENCES_QUERY_KEY, saved);
      setChosen(null);
    },
  });
  return {
    hidden: chosen ?? preferences.data?.[name] ?? hiddenByDefault,
    setHidden: (hidden) => {
      setChosen(hidden);
      update.mutate({ [name]: hidden });
    },
    isPending: preferences.isPending,
  };
}
