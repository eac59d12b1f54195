/**
 * The payments settings a save may change (`POST {base}/settings`), in the order of the update's
 * schema: every field of the update but the read-only ones it echoes back. Zod-free, so the admin
 * reads it at run time; `contracts/settings.test.ts` keeps it equal to the schema.
 */
export const EDITABLE_SETTINGS_FIELDS = [
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
  'current_protection_level',
  'advanced_fraud_protection_settings',
] as const;

export type EditableSettingsField = (typeof EDITABLE_SETTINGS_FIELDS)[number];

/** Fraud protection's own page saves these; the settings page's form leaves them out. */
export const FRAUD_SETTINGS_FIELDS = [
  'current_protection_level',
  'advanced_fraud_protection_settings',
] as const;
