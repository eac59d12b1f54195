import { type BodyOf, type ResponseOf, settings } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { settingsKeys } from '../../../lib/query-keys/settings.ts';

export type SettingsUpdate = BodyOf<typeof settings.updateSettings>;
type Settings = ResponseOf<typeof settings.getSettings>;

/**
 * The fields the payments settings are saved with, whole, on every save (settings are saved as
 * one object); fraud protection has its own page and saves its own fields.
 */
export type SettingsForm = Omit<
  Required<SettingsUpdate>,
  'current_protection_level' | 'advanced_fraud_protection_settings' | 'deposit_schedule_monthly_anchor'
> & { deposit_schedule_monthly_anchor: number | null };

const FORM_KEYS = [
  'enabled_payment_method_ids',
  'is_wcpay_enabled',
  'account_statement_descriptor',
  'account_statement_descriptor_kanji',
  'account_statement_descriptor_kana',
  'account_business_name',
  'account_business_url',
  'account_business_support_address',
  'account_business_support_email',
  'account_business_support_phone',
  'account_branding_logo',
  'deposit_schedule_interval',
  'deposit_schedule_weekly_anchor',
  'deposit_schedule_monthly_anchor',
  'deposit_delay_days',
  'is_manual_capture_enabled',
  'is_test_mode_enabled',
  'is_payment_request_enabled',
  'is_debug_log_enabled',
  'is_multi_currency_enabled',
  'is_saved_cards_enabled',
  'payment_request_enabled_locations',
  'payment_request_button_type',
  'payment_request_button_size',
  'payment_request_button_theme',
  'payment_request_button_border_radius',
] as const satisfies readonly (keyof SettingsForm)[];

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
