import { z } from 'zod';
import {
  COUNTRY_LIST_PATTERN,
  countSingleChecks,
  FRAUD_CHECK_MAX_DEPTH,
  FRAUD_CHECK_MAX_LIST_LENGTH,
  FRAUD_CHECK_MAX_SINGLE_CHECKS,
  FRAUD_COMPARISON_OPERATORS,
  FRAUD_ITEM_COUNT_MAX,
  FRAUD_RULE_KEYS,
  type FraudCheck,
  type FraudRule,
  ORDER_TOTAL_PATTERN,
} from './rules.ts';
import {
  AMOUNT_TEXT_PATTERN,
  FRAUD_AMOUNT_MAX_CENTS,
  FRAUD_ITEMS_MAX,
  type FraudSettings,
  ITEMS_TEXT_PATTERN,
  thresholdRangeProblem,
} from './settings.ts';

/**
 * The schemas of saved fraud rules, for the server and the contracts. They live apart from
 * the rules' evaluation and mapping, which the admin pages use, so that zod stays out of the
 * browser bundle.
 */

/** About 250 countries at three characters each (`xx|`). */
const IP_COUNTRY_VALUE_MAX_LENGTH = 1000;

/** Booleans arrive as true/false or, from older saved rules, as the strings 'true'/'false'. */
const ZBooleanValue = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

const ZIpCountryCheck = z
  .object({
    key: z.literal('ip_country'),
    operator: z.enum(['equals', 'in', 'not_in']),
    value: z
      .string()
      .max(IP_COUNTRY_VALUE_MAX_LENGTH)
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.string().regex(COUNTRY_LIST_PATTERN, 'Two-letter countries joined by |, such as us|ca')),
  })
  .refine((check) => check.operator !== 'equals' || check.value.length === 2, {
    message: 'equals takes a single country',
    path: ['value'],
  });

const ZItemCountValue = z.union([
  z.number().int().min(0).max(FRAUD_ITEM_COUNT_MAX),
  z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .pipe(z.number().max(FRAUD_ITEM_COUNT_MAX)),
]);

const ZFraudSingleCheck = z.discriminatedUnion('key', [
  z.object({ key: z.literal('avs_mismatch'), operator: z.literal('equals'), value: ZBooleanValue }),
  z.object({
    key: z.literal('billing_shipping_address_same'),
    operator: z.literal('equals'),
    value: ZBooleanValue,
  }),
  z.object({
    key: z.literal('ip_billing_country_same'),
    operator: z.literal('equals'),
    value: ZBooleanValue,
  }),
  ZIpCountryCheck,
  z.object({
    key: z.literal('item_count'),
    operator: z.enum(FRAUD_COMPARISON_OPERATORS),
    value: ZItemCountValue,
  }),
  z.object({
    key: z.literal('order_total'),
    operator: z.enum(FRAUD_COMPARISON_OPERATORS),
    value: z
      .string()
      .max(40)
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.string().regex(ORDER_TOTAL_PATTERN, 'An amount in cents and a currency, such as 100000|usd')),
  }),
]);

/**
 * The schema is unrolled to FRAUD_CHECK_MAX_DEPTH levels rather than declared recursively: the
 * depth limit is then structural, and a deeply nested hostile body is refused without
 * recursing into it.
 */
function checkSchemaAtDepth(depth: number): z.ZodType<FraudCheck> {
  if (depth >= FRAUD_CHECK_MAX_DEPTH) return ZFraudSingleCheck;
  return z.union([
    ZFraudSingleCheck,
    z.object({
      operator: z.enum(['and', 'or']),
      checks: z
        .array(checkSchemaAtDepth(depth + 1))
        .min(1)
        .max(FRAUD_CHECK_MAX_LIST_LENGTH),
    }),
  ]);
}

export const ZFraudCheck: z.ZodType<FraudCheck> = checkSchemaAtDepth(1).refine(
  (check) => countSingleChecks(check) <= FRAUD_CHECK_MAX_SINGLE_CHECKS,
  `A rule may hold at most ${FRAUD_CHECK_MAX_SINGLE_CHECKS} checks`,
);

export const ZFraudRule: z.ZodType<FraudRule> = z.object({
  key: z.enum(FRAUD_RULE_KEYS),
  outcome: z.enum(['review', 'block']),
  check: ZFraudCheck,
});

/** A saved rule set: at most one rule per key, since results are reported per rule key. */
export const ZFraudRules: z.ZodType<FraudRule[]> = z
  .array(ZFraudRule)
  .max(FRAUD_RULE_KEYS.length)
  .refine(
    (rules) => new Set(rules.map((rule) => rule.key)).size === rules.length,
    'Each rule key may appear once',
  );

const ZRuleSetting = z.object({ enabled: z.boolean(), block: z.boolean() });
const ZAmountLimit = z.union([
  z.null(),
  z
    .number()
    .nonnegative()
    .max(FRAUD_AMOUNT_MAX_CENTS / 100),
  z.string().trim().max(20).regex(AMOUNT_TEXT_PATTERN, 'Digits with an optional decimal point'),
]);
const ZItemLimit = z.union([
  z.null(),
  z.number().int().nonnegative().max(FRAUD_ITEMS_MAX),
  z.string().trim().max(7).regex(ITEMS_TEXT_PATTERN, 'A whole number'),
]);

export const ZFraudSettings: z.ZodType<FraudSettings> = z.object({
  avs_verification: ZRuleSetting,
  address_mismatch: ZRuleSetting,
  international_ip_address: ZRuleSetting,
  ip_address_mismatch: ZRuleSetting,
  order_items_threshold: ZRuleSetting.extend({ min_items: ZItemLimit, max_items: ZItemLimit }),
  purchase_price_threshold: ZRuleSetting.extend({ min_amount: ZAmountLimit, max_amount: ZAmountLimit }),
});

/** Saved rules as a request may send them: well formed, and every threshold range open. */
export const ZSavedFraudRules: z.ZodType<FraudRule[]> = ZFraudRules.superRefine((rules, context) => {
  rules.forEach((rule, index) => {
    const problem = thresholdRangeProblem(rule);
    if (problem) context.addIssue({ code: 'custom', path: [index, 'check'], message: problem });
  });
});
