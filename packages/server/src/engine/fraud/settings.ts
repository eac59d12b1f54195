import { FRAUD_SETTINGS_MESSAGES, type FraudRule } from '@paydesk/domain';
import { ZFraudRules } from '@paydesk/domain/fraud/schemas';
import type { Account } from '../accounts.ts';

/** The fraud fields of the settings object, as the fraud protection page reads them. */
export function fraudSettingsOf(account: Pick<Account, 'fraud_protection_level' | 'fraud_rules'>): {
  current_protection_level: 'basic' | 'advanced';
  advanced_fraud_protection_settings: FraudRule[];
} {
  return {
    current_protection_level: account.fraud_protection_level === 'advanced' ? 'advanced' : 'basic',
    // Stored rules were validated when saved; parsing again normalises rules written by older
    // versions or the seeder, and an invalid stored rule is an invariant break, not input.
    advanced_fraud_protection_settings: ZFraudRules.parse(account.fraud_rules),
  };
}

/**
 * Advanced protection with no rule to apply is refused, saying so: the page saves basic in that
 * case, so only a stale or hand-made request
 * gets here.
 */
export function fraudLevelErrors(level: 'basic' | 'advanced', rules: FraudRule[]): Record<string, string> {
  return level === 'advanced' && rules.length === 0
    ? { current_protection_level: FRAUD_SETTINGS_MESSAGES.filterRequired }
    : {};
}
