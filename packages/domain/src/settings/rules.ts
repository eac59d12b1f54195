/**
 * The payments settings: the choices each field allows and the rule each field's
 * value must meet. Zod-free so that the settings page checks a field the way the server does.
 * Each check answers the reason a value is refused, or null when it is accepted.
 */

export const DEPOSIT_SCHEDULE_INTERVALS = ['daily', 'weekly', 'monthly', 'manual'] as const;
export type DepositScheduleInterval = (typeof DEPOSIT_SCHEDULE_INTERVALS)[number];

export const DEPOSIT_WEEKLY_ANCHORS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type DepositWeeklyAnchor = (typeof DEPOSIT_WEEKLY_ANCHORS)[number];

/** Monthly payouts fall on a day of the month; 31 means the month's last day. */
export const DEPOSIT_MONTHLY_ANCHOR_MIN = 1;
export const DEPOSIT_MONTHLY_ANCHOR_MAX = 31;

/** The default payout delay is 7 days. The database allows 0 to 30. */
export const DEPOSIT_DELAY_DAYS_DEFAULT = 7;
export const DEPOSIT_DELAY_DAYS_MIN = 2;
export const DEPOSIT_DELAY_DAYS_MAX = 30;

export const PAYMENT_REQUEST_LOCATIONS = ['product', 'cart', 'checkout'] as const;
export const PAYMENT_REQUEST_BUTTON_TYPES = ['default', 'buy', 'donate', 'book'] as const;
export const PAYMENT_REQUEST_BUTTON_SIZES = ['small', 'default', 'medium', 'large'] as const;
export const PAYMENT_REQUEST_BUTTON_THEMES = ['dark', 'light', 'light-outline'] as const;
/** The express button's default border radius is 4 (pixels). */
export const PAYMENT_REQUEST_BORDER_RADIUS_DEFAULT = 4;
export const PAYMENT_REQUEST_BORDER_RADIUS_MAX = 30;

/** Card networks' rules for the descriptor on a customer's statement. */
export const STATEMENT_DESCRIPTOR_MIN = 5;
export const STATEMENT_DESCRIPTOR_MAX = 22;
const STATEMENT_DESCRIPTOR_FORBIDDEN = /[<>\\'"*]/;
/** Japanese accounts add a kanji (17 characters at most) and a kana (22) descriptor. */
export const STATEMENT_DESCRIPTOR_KANJI_MAX = 17;
export const STATEMENT_DESCRIPTOR_KANA_MAX = 22;

export const BUSINESS_NAME_MAX = 200;
export const SUPPORT_ADDRESS_FIELD_MAX = 200;

/** The branding logo: PNG or JPEG, known by its bytes, at most 1 MB. */
export const BRANDING_LOGO_MAX_BYTES = 1024 * 1024;
export const BRANDING_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved.',
  saveFailed: 'Error saving settings.',
  loadFailed: 'Error retrieving settings.',
} as const;

export const SETTINGS_FIELD_ERRORS = {
  descriptorLength: `Use ${STATEMENT_DESCRIPTOR_MIN} to ${STATEMENT_DESCRIPTOR_MAX} characters.`,
  descriptorLetter: 'Include at least one letter.',
  descriptorCharacters: 'Do not use the characters < > \\ \' " *.',
  kanjiLength: `Use at most ${STATEMENT_DESCRIPTOR_KANJI_MAX} characters.`,
  kanaLength: `Use at most ${STATEMENT_DESCRIPTOR_KANA_MAX} characters.`,
  kanaCharacters: 'Use only katakana, Latin letters, digits, spaces and the characters . , - ( ).',
  email: 'Enter a valid e-mail address.',
  url: 'Enter a valid URL starting with http:// or https://.',
  phone: 'Enter a valid phone number, such as +1 555 123 4567.',
  monthlyAnchor: `Choose a day from ${DEPOSIT_MONTHLY_ANCHOR_MIN} to ${DEPOSIT_MONTHLY_ANCHOR_MAX}.`,
  weeklyAnchorRequired: 'Choose the day of the week for weekly payouts.',
  monthlyAnchorRequired: 'Choose the day of the month for monthly payouts.',
  delayDays: `Choose ${DEPOSIT_DELAY_DAYS_MIN} to ${DEPOSIT_DELAY_DAYS_MAX} days.`,
  borderRadius: `Use 0 to ${PAYMENT_REQUEST_BORDER_RADIUS_MAX} pixels.`,
  cardRequired: 'Card payments cannot be turned off.',
  unknownMethod: 'Unknown payment method.',
  tooLong: 'This value is too long.',
  brandingLogo: 'Not one of the logos uploaded for this account: upload the logo again.',
} as const;

/** The descriptor's reason to be refused, by the card networks' rules. */
export function statementDescriptorError(value: string): string | null {
  if (value.length < STATEMENT_DESCRIPTOR_MIN || value.length > STATEMENT_DESCRIPTOR_MAX)
    return SETTINGS_FIELD_ERRORS.descriptorLength;
  if (STATEMENT_DESCRIPTOR_FORBIDDEN.test(value)) return SETTINGS_FIELD_ERRORS.descriptorCharacters;
  if (!/\p{L}/u.test(value)) return SETTINGS_FIELD_ERRORS.descriptorLetter;
  return null;
}

/** The kanji descriptor may be empty (accounts outside Japan leave it so). */
export function kanjiDescriptorError(value: string): string | null {
  if (value.length > STATEMENT_DESCRIPTOR_KANJI_MAX) return SETTINGS_FIELD_ERRORS.kanjiLength;
  if (STATEMENT_DESCRIPTOR_FORBIDDEN.test(value)) return SETTINGS_FIELD_ERRORS.descriptorCharacters;
  return null;
}

/** Half-width or full-width katakana, Latin letters, digits and a few punctuation marks. */
const KANA = /^[\p{Script=Katakana}ー\uFF65-\uFF9F A-Za-z0-9.,\-()（）\u3000]*$/u;

export function kanaDescriptorError(value: string): string | null {
  if (value.length > STATEMENT_DESCRIPTOR_KANA_MAX) return SETTINGS_FIELD_ERRORS.kanaLength;
  if (!KANA.test(value)) return SETTINGS_FIELD_ERRORS.kanaCharacters;
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An empty address is allowed: the support e-mail is optional. */
export function supportEmailError(value: string): string | null {
  if (value === '') return null;
  return value.length <= 254 && EMAIL.test(value) ? null : SETTINGS_FIELD_ERRORS.email;
}

/** http or https, a host name (with a dot, or localhost), an optional port, then anything but spaces. */
const BUSINESS_URL = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)+|localhost)(:\d{1,5})?([/?#]\S*)?$/i;

export function businessUrlError(value: string): string | null {
  if (value === '') return null;
  return value.length <= 2000 && BUSINESS_URL.test(value) ? null : SETTINGS_FIELD_ERRORS.url;
}

/**
 * An international phone number: an optional +, then 7 to 15 digits (E.164), with spaces,
 * dashes, dots and brackets allowed between them.
 */
export function supportPhoneError(value: string): string | null {
  if (value === '') return null;
  if (!/^\+?[\d\s().-]+$/.test(value)) return SETTINGS_FIELD_ERRORS.phone;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 ? null : SETTINGS_FIELD_ERRORS.phone;
}

/** An empty monthly anchor becomes null, otherwise an integer. */
export function normaliseMonthlyAnchor(value: string | number | null): number | null {
  if (value === null || value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

export function monthlyAnchorError(value: number | null): string | null {
  if (value === null) return null;
  return Number.isInteger(value) && value >= DEPOSIT_MONTHLY_ANCHOR_MIN && value <= DEPOSIT_MONTHLY_ANCHOR_MAX
    ? null
    : SETTINGS_FIELD_ERRORS.monthlyAnchor;
}

export function delayDaysError(value: number): string | null {
  return Number.isInteger(value) && value >= DEPOSIT_DELAY_DAYS_MIN && value <= DEPOSIT_DELAY_DAYS_MAX
    ? null
    : SETTINGS_FIELD_ERRORS.delayDays;
}

export function borderRadiusError(value: number): string | null {
  return Number.isInteger(value) && value >= 0 && value <= PAYMENT_REQUEST_BORDER_RADIUS_MAX
    ? null
    : SETTINGS_FIELD_ERRORS.borderRadius;
}

/** A schedule needs the anchor its interval uses. */
export function scheduleAnchorErrors(schedule: {
  interval: DepositScheduleInterval;
  weekly_anchor: string | null;
  monthly_anchor: number | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (schedule.interval === 'weekly' && !schedule.weekly_anchor)
    errors.deposit_schedule_weekly_anchor = SETTINGS_FIELD_ERRORS.weeklyAnchorRequired;
  if (schedule.interval === 'monthly' && schedule.monthly_anchor === null)
    errors.deposit_schedule_monthly_anchor = SETTINGS_FIELD_ERRORS.monthlyAnchorRequired;
  return errors;
}

/** The payments settings form's fields the rules above check. */
export interface SettingsFormFields {
  account_statement_descriptor: string;
  account_statement_descriptor_kanji: string;
  account_statement_descriptor_kana: string;
  account_business_url: string;
  account_business_support_email: string;
  account_business_support_phone: string;
  deposit_schedule_interval: DepositScheduleInterval;
  deposit_schedule_weekly_anchor: string | null;
  deposit_schedule_monthly_anchor: number | null;
  deposit_delay_days: number;
  payment_request_button_border_radius: number;
}

/**
 * Every reason the form would be refused, by field: the rules the settings contract applies to
 * each field, and the schedule's anchor. The page shows them before a request is made.
 */
export function settingsFormErrors(form: SettingsFormFields): Record<string, string> {
  const checks: [string, string | null][] = [
    ['account_statement_descriptor', statementDescriptorError(form.account_statement_descriptor)],
    ['account_statement_descriptor_kanji', kanjiDescriptorError(form.account_statement_descriptor_kanji)],
    ['account_statement_descriptor_kana', kanaDescriptorError(form.account_statement_descriptor_kana)],
    ['account_business_url', businessUrlError(form.account_business_url)],
    ['account_business_support_email', supportEmailError(form.account_business_support_email)],
    ['account_business_support_phone', supportPhoneError(form.account_business_support_phone)],
    ['deposit_schedule_monthly_anchor', monthlyAnchorError(form.deposit_schedule_monthly_anchor)],
    ['deposit_delay_days', delayDaysError(form.deposit_delay_days)],
    ['payment_request_button_border_radius', borderRadiusError(form.payment_request_button_border_radius)],
  ];
  return {
    ...Object.fromEntries(checks.filter((check): check is [string, string] => check[1] !== null)),
    ...scheduleAnchorErrors({
      interval: form.deposit_schedule_interval,
      weekly_anchor: form.deposit_schedule_weekly_anchor,
      monthly_anchor: form.deposit_schedule_monthly_anchor,
    }),
  };
}
