import { z } from 'zod';
import {
  FRAUD_CHECK_KEYS,
  FRAUD_CHECK_MAX_DEPTH,
  FRAUD_COMPARISON_OPERATORS,
  FRAUD_RULE_KEYS,
  type FraudRule,
} from '../fraud/rules.ts';
import { ZSavedFraudRules } from '../fraud/schemas.ts';
import { isPaymentMethodId, PAYMENT_METHOD_IDS, type PaymentMethodId } from '../payments/methods.ts';
import {
  BUSINESS_NAME_MAX,
  borderRadiusError,
  businessUrlError,
  DEPOSIT_SCHEDULE_INTERVALS,
  DEPOSIT_WEEKLY_ANCHORS,
  delayDaysError,
  kanaDescriptorError,
  kanjiDescriptorError,
  monthlyAnchorError,
  normaliseMonthlyAnchor,
  PAYMENT_REQUEST_BUTTON_SIZES,
  PAYMENT_REQUEST_BUTTON_THEMES,
  PAYMENT_REQUEST_BUTTON_TYPES,
  PAYMENT_REQUEST_LOCATIONS,
  SETTINGS_FIELD_ERRORS,
  STATEMENT_DESCRIPTOR_KANA_MAX,
  STATEMENT_DESCRIPTOR_KANJI_MAX,
  STATEMENT_DESCRIPTOR_MAX,
  SUPPORT_ADDRESS_FIELD_MAX,
  statementDescriptorError,
  supportEmailError,
  supportPhoneError,
} from '../settings/rules.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/** The fraud protection level: basic (default) or advanced. */
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

/** A payment method's status, with what the account still has to provide. */
export const PAYMENT_METHOD_STATUSES = ['active', 'pending', 'pending_verification', 'inactive'] as const;

const ZMethodId = z.enum(PAYMENT_METHOD_IDS);

const ZSupportAddress = z.object({
  country: z.string().max(2),
  line1: z.string().max(SUPPORT_ADDRESS_FIELD_MAX),
  line2: z.string().max(SUPPORT_ADDRESS_FIELD_MAX),
  city: z.string().max(SUPPORT_ADDRESS_FIELD_MAX),
  state: z.string().max(SUPPORT_ADDRESS_FIELD_MAX),
  postal_code: z.string().max(SUPPORT_ADDRESS_FIELD_MAX),
});

/**
 * The payments settings object as answered. Subscription, one-page checkout and billing
 * migration fields belong to features Paydesk does not have and are not part of it
 * (docs/settings.md).
 */
export const ZSettings = z.object({
  enabled_payment_method_ids: z.array(ZMethodId),
  available_payment_method_ids: z.array(ZMethodId),
  duplicated_payment_method_ids: z.array(ZMethodId),
  payment_method_statuses: z.record(
    z.string(),
    z.object({ status: z.enum(PAYMENT_METHOD_STATUSES), requirements: z.array(z.string()) }),
  ),
  is_wcpay_enabled: z.boolean(),
  account_statement_descriptor: z.string(),
  account_statement_descriptor_kanji: z.string(),
  account_statement_descriptor_kana: z.string(),
  account_business_name: z.string(),
  account_business_url: z.string(),
  account_business_support_address: ZSupportAddress,
  account_business_support_email: z.string(),
  account_business_support_phone: z.string(),
  /** The uploaded logo's file id, or '' for none. */
  account_branding_logo: z.string(),
  /** Lowercase ISO code of the account's settlement currency. */
  account_domestic_currency: z.string(),
  /** The account's country: Japanese accounts add kanji and kana descriptors. */
  account_country: z.string(),
  deposit_schedule_interval: z.enum(DEPOSIT_SCHEDULE_INTERVALS),
  deposit_schedule_weekly_anchor: z.enum(DEPOSIT_WEEKLY_ANCHORS).nullable(),
  deposit_schedule_monthly_anchor: z.number().int().nullable(),
  deposit_delay_days: z.number().int(),
  deposit_completed_waiting_period: z.boolean(),
  deposit_status: z.enum(['enabled', 'disabled', 'blocked']),
  deposit_restrictions: z.enum(['deposits_unrestricted', 'deposits_blocked']),
  is_manual_capture_enabled: z.boolean(),
  is_test_mode_enabled: z.boolean(),
  is_test_mode_onboarding: z.boolean(),
  is_dev_mode_enabled: z.boolean(),
  is_payment_request_enabled: z.boolean(),
  is_debug_log_enabled: z.boolean(),
  is_multi_currency_enabled: z.boolean(),
  is_saved_cards_enabled: z.boolean(),
  is_card_present_eligible: z.boolean(),
  payment_request_enabled_locations: z.array(z.enum(PAYMENT_REQUEST_LOCATIONS)),
  payment_request_button_type: z.enum(PAYMENT_REQUEST_BUTTON_TYPES),
  payment_request_button_size: z.enum(PAYMENT_REQUEST_BUTTON_SIZES),
  payment_request_button_theme: z.enum(PAYMENT_REQUEST_BUTTON_THEMES),
  payment_request_button_border_radius: z.number().int(),
  current_protection_level: z.enum(PROTECTION_LEVELS),
  advanced_fraud_protection_settings: z.array(ZFraudRuleOut),
});
export type TSettings = z.infer<typeof ZSettings>;

/** A string field checked by one of the domain's rules, which gives the reason it is refused. */
const ruled = (max: number, rule: (value: string) => string | null) =>
  z
    .string(SETTINGS_FIELD_ERRORS.tooLong)
    .max(max, SETTINGS_FIELD_ERRORS.tooLong)
    .superRefine((value, context) => {
      const reason = rule(value);
      if (reason) context.addIssue({ code: 'custom', message: reason });
    });

const ruledNumber = (rule: (value: number) => string | null) =>
  z.number().superRefine((value, context) => {
    const reason = rule(value);
    if (reason) context.addIssue({ code: 'custom', message: reason });
  });

/**
 * The answer's read-only fields, which the admin client sends back with the rest of the object
 * it read: taken in the form they are answered in, and ignored. Any other value is refused.
 */
const readOnlyEchoFields = {
  available_payment_method_ids: ZSettings.shape.available_payment_method_ids.optional(),
  duplicated_payment_method_ids: ZSettings.shape.duplicated_payment_method_ids.optional(),
  payment_method_statuses: ZSettings.shape.payment_method_statuses.optional(),
  account_domestic_currency: z
    .string()
    .regex(/^[a-z]{3}$/, 'Read-only: a lowercase currency code as answered.')
    .optional(),
  account_country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Read-only: a two-letter country code as answered.')
    .optional(),
  deposit_completed_waiting_period: ZSettings.shape.deposit_completed_waiting_period.optional(),
  deposit_status: ZSettings.shape.deposit_status.optional(),
  deposit_restrictions: ZSettings.shape.deposit_restrictions.optional(),
  is_test_mode_onboarding: ZSettings.shape.is_test_mode_onboarding.optional(),
  is_dev_mode_enabled: ZSettings.shape.is_dev_mode_enabled.optional(),
  is_card_present_eligible: ZSettings.shape.is_card_present_eligible.optional(),
};

/**
 * The fields a merchant can change. The settings page sends all of them; a script may send
 * some, and a field left out keeps its value. The answer's read-only fields (statuses, the
 * domestic currency, deposit status) may be sent back as answered and change nothing.
 */
export const ZSettingsUpdate = z
  .object({
    ...readOnlyEchoFields,
    enabled_payment_method_ids: z
      .array(z.string().max(40))
      .max(PAYMENT_METHOD_IDS.length * 2)
      .superRefine((ids, context) => {
        for (const id of ids) {
          if (!isPaymentMethodId(id)) {
            context.addIssue({ code: 'custom', message: `${SETTINGS_FIELD_ERRORS.unknownMethod} (${id})` });
            return;
          }
        }
        if (!ids.includes('card'))
          context.addIssue({ code: 'custom', message: SETTINGS_FIELD_ERRORS.cardRequired });
      })
      .transform((ids) => [...new Set(ids)] as PaymentMethodId[])
      .optional(),
    is_wcpay_enabled: z.boolean().optional(),
    account_statement_descriptor: ruled(STATEMENT_DESCRIPTOR_MAX, statementDescriptorError).optional(),
    account_statement_descriptor_kanji: ruled(
      STATEMENT_DESCRIPTOR_KANJI_MAX,
      kanjiDescriptorError,
    ).optional(),
    account_statement_descriptor_kana: ruled(STATEMENT_DESCRIPTOR_KANA_MAX, kanaDescriptorError).optional(),
    account_business_name: z.string().trim().max(BUSINESS_NAME_MAX, SETTINGS_FIELD_ERRORS.tooLong).optional(),
    account_business_url: ruled(2000, businessUrlError).optional(),
    account_business_support_address: ZSupportAddress.extend({
      country: z.string().regex(/^([A-Z]{2})?$/, 'A two-letter country code such as US.'),
    })
      .strict()
      .optional(),
    account_business_support_email: ruled(254, supportEmailError).optional(),
    account_business_support_phone: ruled(40, supportPhoneError).optional(),
    account_branding_logo: z
      .string()
      .regex(/^(file_[A-Za-z0-9]{1,64})?$/, 'A file id from a logo upload, or empty for none.')
      .optional(),
    deposit_schedule_interval: z.enum(DEPOSIT_SCHEDULE_INTERVALS).optional(),
    deposit_schedule_weekly_anchor: z.enum(DEPOSIT_WEEKLY_ANCHORS).nullable().optional(),
    /** An empty string becomes null, otherwise an integer. */
    deposit_schedule_monthly_anchor: z
      .union([
        z.literal(''),
        z.string().regex(/^\d{1,2}$/, SETTINGS_FIELD_ERRORS.monthlyAnchor),
        z.number(),
        z.null(),
      ])
      .transform(normaliseMonthlyAnchor)
      .superRefine((value, context) => {
        const reason = monthlyAnchorError(value);
        if (reason) context.addIssue({ code: 'custom', message: reason });
      })
      .optional(),
    deposit_delay_days: ruledNumber(delayDaysError).optional(),
    is_manual_capture_enabled: z.boolean().optional(),
    is_test_mode_enabled: z.boolean().optional(),
    is_payment_request_enabled: z.boolean().optional(),
    is_debug_log_enabled: z.boolean().optional(),
    is_multi_currency_enabled: z.boolean().optional(),
    is_saved_cards_enabled: z.boolean().optional(),
    payment_request_enabled_locations: z
      .array(z.enum(PAYMENT_REQUEST_LOCATIONS))
      .max(PAYMENT_REQUEST_LOCATIONS.length * 2)
      .transform((locations) => [...new Set(locations)])
      .optional(),
    payment_request_button_type: z.enum(PAYMENT_REQUEST_BUTTON_TYPES).optional(),
    payment_request_button_size: z.enum(PAYMENT_REQUEST_BUTTON_SIZES).optional(),
    payment_request_button_theme: z.enum(PAYMENT_REQUEST_BUTTON_THEMES).optional(),
    payment_request_button_border_radius: ruledNumber(borderRadiusError).optional(),
    current_protection_level: z.enum(PROTECTION_LEVELS).optional(),
    advanced_fraud_protection_settings: ZSavedFraudRules.optional(),
  })
  .strict();
export type TSettingsUpdate = z.input<typeof ZSettingsUpdate>;

/** The update's fields a save may change: all but the read-only ones it echoes (settings/fields.ts). */
export const settingsUpdateEditableKeys = (): string[] =>
  Object.keys(ZSettingsUpdate.shape).filter((key) => !(key in readOnlyEchoFields));

export const getSettings = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/settings`,
  summary: 'The payments settings object.',
  tags: ['settings'],
  response: ZSettings,
  errors: ['wcpay_account_not_found'],
});

export const updateSettings = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/settings`,
  summary:
    "Saves payments settings field by field (400 names each refused field in data.params; nothing is saved); answers the whole saved object, with data.payment_method_statuses. Card stays enabled. Advanced fraud protection needs at least one saved rule. account_branding_logo must name one of the account's own uploads with purpose=business_logo, or be empty.",
  tags: ['settings'],
  body: ZSettingsUpdate,
  response: ZSettings.extend({
    data: z
      .object({ payment_method_statuses: ZSettings.shape.payment_method_statuses })
      .describe("The saved methods' statuses again, where the admin client reads them after a save."),
  }),
  errors: ['wcpay_account_not_found'],
});
