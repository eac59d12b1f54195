import { store } from '@paydesk/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { __ } from '../../lib/i18n.ts';
import { createNotice } from '../../lib/notices.tsx';
import { type Preferences, preferencesQuery } from '../../lib/preferences.ts';

/** The preferences that hold a list's hidden columns. */
export type HiddenColumnsPreference = Extract<keyof Preferences, `${string}_hidden_columns`>;

const NONE: readonly string[] = [];

/**
 * The columns a merchant hid on one list, kept in their user preferences under the platform's name
 * (`wc_payments_…_hidden_columns`), so the choice follows them to another browser.
 */
export function useHiddenColumns(
  name: HiddenColumnsPreference,
  /** The columns hidden until the merchant chooses. */
  hiddenByDefault: readonly string[] = NONE,
): {
  hidden: readonly string[];
  setHidden: (hidden: string[]) => void;
  /** True until the preferences are known, so columns do not show and then vanish. */
  isPending: boolean;
} {
  const client = useQueryClient();
  const preferences = useQuery(preferencesQuery());
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
      client.setQueryData(preferencesQuery().queryKey, saved);
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
