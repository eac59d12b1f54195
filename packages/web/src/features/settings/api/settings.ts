import { type BodyOf, type ResponseOf, settings } from '@paydesk/domain/contracts';
import { EDITABLE_SETTINGS_FIELDS, FRAUD_SETTINGS_FIELDS } from '@paydesk/domain/settings/fields';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { settingsKeys } from '../../../lib/query-keys/index.ts';

export type SettingsUpdate = BodyOf<typeof settings.updateSettings>;
type Settings = ResponseOf<typeof settings.getSettings>;

/**
 * The fields the payments settings are saved with, whole, on every save (settings are saved as
 * one object); fraud protection has its own page and saves its own fields.
 */
export type SettingsForm = Omit<
  Required<SettingsUpdate>,
  (typeof FRAUD_SETTINGS_FIELDS)[number] | 'deposit_schedule_monthly_anchor'
> & { deposit_schedule_monthly_anchor: number | null };

const FRAUD_FIELDS: readonly string[] = FRAUD_SETTINGS_FIELDS;
const FORM_KEYS = EDITABLE_SETTINGS_FIELDS.filter(
  (key) => !FRAUD_FIELDS.includes(key),
) as (keyof SettingsForm)[];

/** The saved settings as the whole object a save sends. */
export function settingsFormOf(saved: Settings): SettingsForm {
  return Object.fromEntries(FORM_KEYS.map((key) => [key, saved[key]])) as unknown as SettingsForm;
}

/** GET {base}/settings: the whole settings object. */
export function useSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.payments(),
      queryFn: ({ signal }) => apiFetch(settings.getSettings, { signal }),
    }),
  );
}

/** POST {base}/settings with every editable field; the answer replaces the cached settings. */
export function useSaveAllSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdate) => apiFetch(settings.updateSettings, { body }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.payments(), saved),
  });
}
