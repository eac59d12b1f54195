import { z } from 'zod';
import {
  FRAUD_CHECK_KEYS,
  FRAUD_CHECK_MAX_DEPTH,
  FRAUD_COMPARISON_OPERATORS,
  FRAUD_RULE_KEYS,
  type FraudRule,
} from '../fraud/rules.ts';
import { ZSavedFraudRules } from '../fraud/schemas.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/** Spec 1 §3 "Protection level": basic (default) or advanced. */
export const PROTECTION_LEVELS = ['basic', 'advanced'] as const;

/**
 * The saved rules as answered. Input goes through the domain's ZFraudRules (which normalises
 * values); answers are serialised by encoding, which a normalising transform cannot do, so the
 * answer's shape is described here without transforms, to the same depth.
 */
const ZFraudSingleCheckOut = z.object({
  key: z.enum(FRAUD_CHECK_KEYS),
  operator: z.enum([...FRAUD_COMPARISON_OPERATORS, 'in', 'not_in']),
  value: z.union([z.boolean(), z.number(), z.string()]),
});

function checkOutAtDepth(depth: number): z.ZodType {
  if (depth >= FRAUD_CHECK_MAX_DEPTH) return ZFraudSingleCheckOut;
  return z.union([
    ZFraudSingleCheckOut,
    z.object({ operator: z.enum(['and', 'or']), checks: z.array(checkOutAtDepth(depth + 1)) }),
  ]);
}

const ZFraudRuleOut = z.object({
  key: z.enum(FRAUD_RULE_KEYS),
  outcome: z.enum(['review', 'block']),
  check: checkOutAtDepth(1),
}) as unknown as z.ZodType<FraudRule>;

/**
 * The settings object of spec 3 §3, so far the fields the fraud protection page reads and
 * writes. More fields join as their features do.
 */
export const ZSettings = z.object({
  current_protection_level: z.enum(PROTECTION_LEVELS),
  advanced_fraud_protection_settings: z.array(ZFraudRuleOut),
  is_manual_capture_enabled: z.boolean(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** Only the fields named here may be sent; a field left out keeps its value. */
export const ZSettingsUpdate = z
  .object({
    current_protection_level: z.enum(PROTECTION_LEVELS).optional(),
    advanced_fraud_protection_settings: ZSavedFraudRules.optional(),
    is_manual_capture_enabled: z.boolean().optional(),
  })
  .strict();
export type TSettingsUpdate = z.input<typeof ZSettingsUpdate>;

export const getSettings = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/settings`,
  summary: 'The payments settings: fraud protection level and saved rules, manual capture.',
  tags: ['settings'],
  response: ZSettings,
  errors: ['wcpay_account_not_found'],
});

export const updateSettings = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/settings`,
  summary:
    'Saves payments settings. Advanced fraud protection needs at least one saved rule; a threshold rule needs its maximum above its minimum.',
  tags: ['settings'],
  body: ZSettingsUpdate,
  response: ZSettings,
  errors: ['wcpay_account_not_found'],
});
