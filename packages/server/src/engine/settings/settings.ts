import {
  invalidParams,
  PAYMENT_METHOD_IDS,
  paymentMethodStatus,
  SETTINGS_FIELD_ERRORS,
  scheduleAnchorErrors,
} from '@paydesk/domain';
import type { settings } from '@paydesk/domain/contracts';
import { BRANDING_LOGO_PURPOSE } from '@paydesk/domain/files/upload-purposes';
import {
  EDITABLE_SETTINGS_FIELDS,
  type EditableSettingsField,
  FRAUD_SETTINGS_FIELDS,
} from '@paydesk/domain/settings/fields';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type Account, depositStanding, requireAccount } from '../accounts.ts';
import { fraudLevelErrors, fraudSettingsOf } from '../fraud/settings.ts';
import type { Executor } from '../ledger.ts';
import { type StoredSettings, storedSettings } from './stored.ts';

export type Settings = z.infer<typeof settings.ZSettings>;
export type SettingsUpdate = z.output<typeof settings.ZSettingsUpdate>;

/** Card readers take in-person payments in these countries (card-readers feature). */
const CARD_PRESENT_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'NZ', 'IE', 'FR', 'DE', 'ES', 'IT', 'NL'];

function settingsOf(account: Account): Settings {
  const stored = storedSettings(account);
  const standing = depositStanding(account);
  const statusAccount = {
    payments_enabled: account.payments_enabled,
    progressive_onboarding: account.progressive_onboarding,
    currently_due: account.requirements.currently_due,
  };
  return {
    ...stored,
    available_payment_method_ids: [...PAYMENT_METHOD_IDS],
    // Duplicates come from other payment plugins offering the same method; Paydesk is the
    // store's only one.
    duplicated_payment_method_ids: [],
    payment_method_statuses: Object.fromEntries(
      PAYMENT_METHOD_IDS.map((id) => [id, paymentMethodStatus(id, statusAccount)]),
    ),
    account_business_name: account.business_name,
    account_business_url: account.business_url,
    account_business_support_email: account.support_email,
    account_domestic_currency: account.default_currency,
    account_country: account.country,
    deposit_schedule_interval: account.deposit_schedule_interval,
    deposit_schedule_weekly_anchor:
      account.deposit_weekly_anchor as Settings['deposit_schedule_weekly_anchor'],
    deposit_schedule_monthly_anchor: account.deposit_monthly_anchor,
    deposit_delay_days: account.deposit_delay_days,
    deposit_completed_waiting_period: account.deposit_completed_waiting_period,
    deposit_status: standing.status,
    deposit_restrictions: standing.restrictions,
    is_manual_capture_enabled: account.is_manual_capture_enabled,
    is_test_mode_onboarding: account.mode === 'test',
    // Development mode is the payments service's own developer switch; Paydesk has none.
    is_dev_mode_enabled: false,
    is_card_present_eligible: CARD_PRESENT_COUNTRIES.includes(account.country),
    ...fraudSettingsOf(account),
  };
}

/** `GET {base}/settings`. Without an account: 409 wcpay_account_not_found. */
export async function readSettings(db: Executor): Promise<Settings> {
  return settingsOf(await requireAccount(db));
}

/**
 * The logo must be one of the account's own logo uploads (`purpose=business_logo`): not an
 * evidence file, nor another account's. Empty removes the logo.
 */
async function brandingLogoErrors(
  db: Executor,
  accountId: string,
  fileId: string | undefined,
): Promise<Record<string, string>> {
  if (!fileId) return {};
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', fileId)
    .where('account_id', '=', accountId)
    .where('purpose', '=', BRANDING_LOGO_PURPOSE)
    .executeTakeFirst();
  return file ? {} : { account_branding_logo: SETTINGS_FIELD_ERRORS.brandingLogo };
}

/**
 * The editable fields the engine keeps in columns of the account (the fraud fields among them),
 * which a save writes one by one.
 */
const COLUMN_FIELDS = [
  'account_business_name',
  'account_business_url',
  'account_business_support_email',
  'deposit_schedule_interval',
  'deposit_schedule_weekly_anchor',
  'deposit_schedule_monthly_anchor',
  'deposit_delay_days',
  'is_manual_capture_enabled',
  ...FRAUD_SETTINGS_FIELDS,
] as const satisfies readonly EditableSettingsField[];

/** Every other editable field: saved in the account's `settings` column, over its default (stored.ts). */
const STORED_KEYS = EDITABLE_SETTINGS_FIELDS.filter(
  (field): field is Exclude<EditableSettingsField, (typeof COLUMN_FIELDS)[number]> =>
    !(COLUMN_FIELDS as readonly EditableSettingsField[]).includes(field),
) satisfies readonly (keyof StoredSettings & keyof SettingsUpdate)[];

/**
 * `POST {base}/settings`: saves the fields given, keeping the others. Each field was checked
 * alone by the contract; the rules across fields (a schedule's anchor, advanced protection's
 * rules) are checked here against the merged result, all reasons at once, before anything is
 * written.
 */
export async function saveSettings(db: Db, update: SettingsUpdate, now: Date): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const current = await requireAccount(trx);
    const account = await trx
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', current.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const fraud = fraudSettingsOf(account);
    const rules = update.advanced_fraud_protection_settings ?? fraud.advanced_fraud_protection_settings;
    const level = update.current_protection_level ?? fraud.current_protection_level;
    const interval = update.deposit_schedule_interval ?? account.deposit_schedule_interval;
    const weeklyAnchor =
      update.deposit_schedule_weekly_anchor !== undefined
        ? update.deposit_schedule_weekly_anchor
        : account.deposit_weekly_anchor;
    const monthlyAnchor =
      update.deposit_schedule_monthly_anchor !== undefined
        ? update.deposit_schedule_monthly_anchor
        : account.deposit_monthly_anchor;
    // The schedule is checked when it is being changed, so that saving fraud rules alone never
    // fails on a schedule the command line set without an anchor.
    const scheduleChanged =
      update.deposit_schedule_interval !== undefined ||
      update.deposit_schedule_weekly_anchor !== undefined ||
      update.deposit_schedule_monthly_anchor !== undefined;
    const errors = {
      ...(await brandingLogoErrors(trx, account.id, update.account_branding_logo)),
      ...(scheduleChanged
        ? scheduleAnchorErrors({ interval, weekly_anchor: weeklyAnchor, monthly_anchor: monthlyAnchor })
        : {}),
      ...fraudLevelErrors(level, rules),
    };
    if (Object.keys(errors).length > 0) throw invalidParams(errors);

    const stored: Record<string, unknown> = { ...account.settings };
    for (const key of STORED_KEYS) {
      if (update[key] !== undefined) stored[key] = update[key];
    }
    const saved = await trx
      .updateTable('accounts')
      .set({
        fraud_protection_level: level,
        fraud_rules: JSON.stringify(rules),
        is_manual_capture_enabled: update.is_manual_capture_enabled ?? account.is_manual_capture_enabled,
        business_name: update.account_business_name ?? account.business_name,
        business_url: update.account_business_url ?? account.business_url,
        support_email: update.account_business_support_email ?? account.support_email,
        deposit_schedule_interval: interval,
        deposit_weekly_anchor: weeklyAnchor,
        deposit_monthly_anchor: monthlyAnchor,
        deposit_delay_days: update.deposit_delay_days ?? account.deposit_delay_days,
        settings: JSON.stringify(stored),
        updated_at: now,
      })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return settingsOf(saved);
  });
}
