import { FRAUD_SETTINGS_MESSAGES, type FraudRule, invalidParams } from '@paydesk/domain';
import type { settings } from '@paydesk/domain/contracts';
import { ZFraudRules } from '@paydesk/domain/fraud/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type Account, requireAccount } from '../accounts.ts';
import type { Executor } from '../ledger.ts';

export type Settings = z.infer<typeof settings.ZSettings>;
export type SettingsUpdate = z.output<typeof settings.ZSettingsUpdate>;

function settingsOf(account: Account): Settings {
  return {
    current_protection_level: account.fraud_protection_level === 'advanced' ? 'advanced' : 'basic',
    // Stored rules were validated when saved; parsing again normalises rules written by older
    // versions or the seeder, and an invalid stored rule is an invariant break, not input.
    advanced_fraud_protection_settings: ZFraudRules.parse(account.fraud_rules),
    is_manual_capture_enabled: account.is_manual_capture_enabled,
  };
}

/** `GET {base}/settings`. Without an account: 409 wcpay_account_not_found. */
export async function readSettings(db: Executor): Promise<Settings> {
  return settingsOf(await requireAccount(db));
}

/**
 * `POST {base}/settings`: saves the fields given, keeping the others. Advanced protection with
 * no rule to apply is refused with the spec's reason (spec 1 §4 "Fraud protection save"): the
 * page saves basic in that case, so only a stale or hand-made request gets here.
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
    const next = settingsOf(account);
    const rules: FraudRule[] =
      update.advanced_fraud_protection_settings ?? next.advanced_fraud_protection_settings;
    const level = update.current_protection_level ?? next.current_protection_level;
    if (level === 'advanced' && rules.length === 0) {
      throw invalidParams({ current_protection_level: FRAUD_SETTINGS_MESSAGES.filterRequired });
    }
    const saved = await trx
      .updateTable('accounts')
      .set({
        fraud_protection_level: level,
        fraud_rules: JSON.stringify(rules),
        is_manual_capture_enabled: update.is_manual_capture_enabled ?? next.is_manual_capture_enabled,
        updated_at: now,
      })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return settingsOf(saved);
  });
}
