import { z } from 'zod';
import { CARD_FUNDING_VALUES } from '../payments/messages.ts';
import { TIMELINE_EVENT_TYPES } from '../transactions/format.ts';
import { DISPUTE_STATUSES } from '../transactions/status.ts';
import { defineEndpoint, PAYMENTS_BASE, zIntFromQuery } from './endpoint.ts';

/**
 * The payment detail page's reads: the charge, its timeline and payment-method details, the
 * payment intent, the card readers and loans; files are in files.ts.
 *
 * Conventions of this area: amounts are integer minor units of the currency beside them;
 * `created`, `datetime` and every other instant are epoch seconds, like the timeline's
 * `datetime`; exchange rates are exact decimal strings (format them with
 * `formatExchangeRate`). Fields of Paydesk's own say so.
 */

const ID_CHARS = '[A-Za-z0-9]{1,64}';
export const CHARGE_ID_PATTERN = new RegExp(`^(ch|py)_${ID_CHARS}$`);
export const PAYMENT_INTENT_ID_PATTERN = new RegExp(`^pi_${ID_CHARS}$`);

const zChargeId = z.string().regex(CHARGE_ID_PATTERN, 'A charge id (ch_… or py_…)');
const zIntentId = z.string().regex(PAYMENT_INTENT_ID_PATTERN, 'A payment intent id (pi_…)');
const zEpochSeconds = z.number().int();
const zMinor = z.number().int();

// ---------------------------------------------------------------------------------------------
// Payment-method detail blocks. Every listed field is present; a value the processor
// did not report (a declined attempt, say) is null.

export const ZCardChecks = z.object({
  cvc_check: z.string().nullable(),
  address_line1_check: z.string().nullable(),
  address_postal_code_check: z.string().nullable(),
});

const cardFields = {
  /** Paydesk's own: the card brand (visa, mastercard, …); `network` is what carried the payment. */
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  fingerprint: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  funding: z.enum(CARD_FUNDING_VALUES).nullable(),
  network: z.string().nullable(),
  country: z.string().nullable(),
};

export const ZCardBlock = z.object({ ...cardFields, checks: ZCardChecks });

/** The card block without checks, plus the reader metadata (COTS_DEVICE means Tap to Pay). */
export const ZCardPresentBlock = z.object({
  ...cardFields,
  reader_model: z.string().nullable(),
  platform: z.enum(['ios', 'android']).nullable(),
});

export const ZAuBecsDebitBlock = z.object({
  bsb_number: z.string().nullable(),
  last4: z.string().nullable(),
  fingerprint: z.string().nullable(),
});
export const ZBancontactBlock = z.object({
  bank_name: z.string().nullable(),
  bic: z.string().nullable(),
  verified_name: z.string().nullable(),
});
export const ZEpsBlock = z.object({ bank: z.string().nullable(), verified_name: z.string().nullable() });
export const ZGiropayBlock = z.object({ bank_name: z.string().nullable(), bic: z.string().nullable() });
export const ZIdealBlock = z.object({
  bank: z.string().nullable(),
  bic: z.string().nullable(),
  country: z.string().nullable(),
  iban_last4: z.string().nullable(),
  verified_name: z.string().nullable(),
});
export const KLARNA_CATEGORIES = [
  'pay_later',
  'pay_now',
  'pay_with_financing',
  'pay_in_installments',
] as const;
export const ZKlarnaBlock = z.object({
  payment_method_category: z.enum(KLARNA_CATEGORIES).nullable(),
  preferred_locale: z.string().nullable(),
});
export const ZP24Block = z.object({
  bank: z.string().nullable(),
  reference: z.string().nullable(),
  verified_name: z.string().nullable(),
});
export const ZSepaDebitBlock = z.object({
  last4: z.string().nullable(),
  fingerprint: z.string().nullable(),
  country: z.string().nullable(),
});
export const ZSofortBlock = z.object({
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  bic: z.string().nullable(),
  country: z.string().nullable(),
  iban_last4: z.string().nullable(),
  verified_name: z.string().nullable(),
});
/** affirm, afterpay_clearpay, alipay, grabpay, wechat_pay (and link): billing details only. */
export const ZEmptyBlock = z.object({});

/** The method types with no block fields: the page shows the charge's billing details. */
export const BILLING_ONLY_METHOD_TYPES = [
  'affirm',
  'afterpay_clearpay',
  'alipay',
  'grabpay',
  'wechat_pay',
  'link',
] as const;

const block = <T extends string, S extends z.ZodType>(type: T, schema: S) =>
  z.object({ type: z.literal(type), [type]: schema } as { type: z.ZodLiteral<T> } & Record<T, S>);

/** `payment_method_details`: the type plus a block named after it. */
export const ZPaymentMethodDetails = z.discriminatedUnion('type', [
  block('card', ZCardBlock),
  block('card_present', ZCardPresentBlock),
  block('au_becs_debit', ZAuBecsDebitBlock),
  block('bancontact', ZBancontactBlock),
  block('eps', ZEpsBlock),
  block('giropay', ZGiropayBlock),
  block('ideal', ZIdealBlock),
  block('klarna', ZKlarnaBlock),
  block('p24', ZP24Block),
  block('sepa_debit', ZSepaDebitBlock),
  block('sofort', ZSofortBlock),
  block('affirm', ZEmptyBlock),
  block('afterpay_clearpay', ZEmptyBlock),
  block('alipay', ZEmptyBlock),
  block('grabpay', ZEmptyBlock),
  block('wechat_pay', ZEmptyBlock),
  block('link', ZEmptyBlock),
]);
export type TPaymentMethodDetails = z.infer<typeof ZPaymentMethodDetails>;
export const PAYMENT_METHOD_DETAIL_TYPES = ZPaymentMethodDetails.options.map(
  (option) => option.shape.type.value,
);

// ---------------------------------------------------------------------------------------------
// Fees (a timeline event's fee_rates, shown with 'Base fee' and 'capped at').

export const ZFeeRateHistoryEntry = z.object({
  type: z.enum(['base', 'additional', 'discount']),
  additional_type: z.string().optional(),
  /** A fraction: 0.029 is 2.9 % (shown ×100 to three decimals). */
  percentage_rate: z.number(),
  /** Minor units of `currency`. */
  fixed_rate: zMinor,
  currency: z.string(),
  /** The fee is the rate but at most `fixed_rate` (the page says 'capped at'). */
  capped: z.boolean().optional(),
});

export const ZFeeRates = z.object({
  /** The total rate as a fraction. */
  percentage: z.number(),
  fixed: zMinor,
  fixed_currency: z.string(),
  history: z.array(ZFeeRateHistoryEntry),
});
export type TFeeRates = z.infer<typeof ZFeeRates>;

// ---------------------------------------------------------------------------------------------
// Charge.

/** A ledger entry as a charge shows it: in the store's settlement currency. */
export const ZChargeBalanceTransaction = z.object({
  /** Paydesk's own: the ledger entry (txn_…). */
  id: z.string(),
  currency: z.string(),
  amount: zMinor,
  fee: zMinor,
  /** Paydesk's own: amount − fee. */
  net: zMinor,
  /** Paydesk's own: store-currency units per customer-currency unit; null when they are the same currency. */
  exchange_rate: z.string().nullable(),
  /** Paydesk's own: when the money becomes available, and the payout that swept it. */
  available_on: zEpochSeconds,
  deposit_id: z.string().nullable(),
});

export const ZChargeRefund = z.object({
  id: z.string(),
  amount: zMinor,
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created: zEpochSeconds,
  /** The refund in the settlement currency (amount is negative: money out); null before it is recorded. */
  balance_transaction: z.object({ id: z.string(), currency: z.string(), amount: zMinor }).nullable(),
});

export const ZChargeDispute = z.object({
  id: z.string(),
  amount: zMinor,
  currency: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  created: zEpochSeconds,
  evidence_details: z.object({
    due_by: zEpochSeconds,
    has_evidence: z.boolean(),
    submission_count: z.number().int(),
  }),
});

/**
 * The fraud meta box type of an order (what the fraud rules did): review (held), review_allowed
 * (held, approved), review_blocked (held, blocked), review_expired (held, lapsed), block, allow.
 */
export const FRAUD_META_BOX_TYPES = [
  'allow',
  'review',
  'review_allowed',
  'review_blocked',
  'review_expired',
  'block',
] as const;

export const ZChargeOrder = z.object({
  /** Paydesk's own: the store order id (the numeric id of `/payments/transactions/details?id=`). */
  id: z.number().int(),
  number: z.string(),
  /** The order's admin page. */
  url: z.string().nullable(),
  subscriptions: z.array(z.object({ number: z.string(), url: z.string() })),
  /** Paydesk's own: the order status and what the fraud rules did with its payment. */
  status: z.string(),
  fraud_meta_box_type: z.enum(FRAUD_META_BOX_TYPES),
});
export type TChargeOrder = z.infer<typeof ZChargeOrder>;

export const ZBillingDetails = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  /** The address as lines joined with `<br/>` (allowed tags only; every part is HTML-escaped). */
  formatted_address: z.string(),
});

export const ZChargeOutcome = z.object({
  type: z.string(),
  network_status: z.string().nullable(),
  reason: z.string().nullable(),
  /** normal, elevated or highest. */
  risk_level: z.string(),
  risk_score: z.number().int().nullable(),
  seller_message: z.string().nullable(),
});

export const ZCharge = z.object({
  id: z.string(),
  /** The payment intent id (pi_…). */
  payment_intent: z.string(),
  amount: zMinor,
  amount_captured: zMinor,
  amount_refunded: zMinor,
  currency: z.string(),
  created: zEpochSeconds,
  captured: z.boolean(),
  refunded: z.boolean(),
  paid: z.boolean(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** The processing fee in the settlement currency (0 until captured). */
  application_fee_amount: zMinor,
  /** How the fee was made up; null until captured. */
  fee_rates: ZFeeRates.nullable(),
  /** The capture's ledger entry; null until captured. */
  balance_transaction: ZChargeBalanceTransaction.nullable(),
  refunds: z.object({ data: z.array(ZChargeRefund) }),
  /** Whether the charge was disputed (then `dispute` says how it stands). */
  disputed: z.boolean(),
  dispute: ZChargeDispute.nullable(),
  order: ZChargeOrder.nullable(),
  billing_details: ZBillingDetails,
  payment_method: z.string(),
  payment_method_details: ZPaymentMethodDetails,
  outcome: ZChargeOutcome.nullable(),
  /** What was withheld for loan repayment (negative, settlement currency); null when nothing was. */
  paydown: z.object({ amount: zMinor, currency: z.string() }).nullable(),
  /** Paydesk's own: where the payment was taken, and the reader for in-person payments. */
  channel: z.enum(['online', 'in_person', 'in_person_pos']),
  source_device: z.enum(['ios', 'android']).nullable(),
  reader_id: z.string().nullable(),
  /** Paydesk's own: an uncaptured authorization lapses at this time (created + 7 days). */
  capture_before: zEpochSeconds.nullable(),
  /** Paydesk's own: whether a refund of this charge failed (the refund_failed display status). */
  has_failed_refund: z.boolean(),
});
export type TCharge = z.infer<typeof ZCharge>;

export const getCharge = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/charges/:id`,
  summary:
    'One charge (ch_… or py_…) with its capture, refunds, dispute, order, billing and payment-method details. 404 wcpay_charge_not_found.',
  tags: ['payment-detail'],
  params: z.object({ id: zChargeId }),
  response: ZCharge,
  errors: ['wcpay_account_not_found', 'wcpay_charge_not_found'],
});

export const getChargeByOrder = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/charges/order/:id`,
  summary:
    "A store order's latest charge, by numeric order id. 404 wcpay_missing_order when there is no such order, wcpay_charge_not_found when it has no charge.",
  tags: ['payment-detail'],
  params: z.object({ id: zIntFromQuery(1, Number.MAX_SAFE_INTEGER) }),
  response: ZCharge,
  errors: ['wcpay_account_not_found', 'wcpay_missing_order', 'wcpay_charge_not_found'],
});

// ---------------------------------------------------------------------------------------------
// Timeline.

export const ZTimelineTransactionDetails = z.object({
  customer_currency: z.string(),
  store_currency: z.string(),
  customer_amount: zMinor,
  customer_amount_captured: zMinor.optional(),
  store_amount: zMinor,
  store_amount_captured: zMinor.optional(),
  store_fee: zMinor.optional(),
});

/**
 * One timeline event. Fields other than `type` and `datetime` appear only on the event types
 * that carry them (captured: fee, fee_rates, transaction_details, deposit; refunds:
 * amount_refunded, reason, transaction_details; failed: reason; refund_failed: failure_reason;
 * financing_paydown: loan_id; manual fraud actions: user; fraud outcomes: ruleset_results).
 */
export const ZTimelineEvent = z.object({
  type: z.enum(TIMELINE_EVENT_TYPES),
  datetime: zEpochSeconds,
  amount: zMinor.optional(),
  fee: zMinor.optional(),
  currency: z.string().optional(),
  amount_captured: zMinor.optional(),
  amount_refunded: zMinor.optional(),
  /** failed: the decline code; refunds and disputes: their reason. */
  reason: z.string().nullable().optional(),
  /** refund_failed: the refund failure reason. */
  failure_reason: z.string().optional(),
  /** On events with a ledger entry (transaction_id): the payout that swept it, null until one does. */
  deposit: z.object({ id: z.string(), arrival_date: zEpochSeconds }).nullable().optional(),
  fee_rates: ZFeeRates.optional(),
  transaction_details: ZTimelineTransactionDetails.optional(),
  acquirer_reference_number: z.string().optional(),
  acquirer_reference_number_status: z.string().optional(),
  loan_id: z.string().optional(),
  user: z.object({ id: z.number().int(), username: z.string() }).optional(),
  /** Fraud rule key → its result for every rule evaluated: allow, review or block. */
  ruleset_results: z.record(z.string(), z.string()).optional(),
  /** Paydesk's own: the ledger entry, refund and dispute the event recorded. */
  transaction_id: z.string().optional(),
  refund_id: z.string().optional(),
  dispute_id: z.string().optional(),
  /** dispute_needs_response: the evidence deadline. */
  evidence_due_by: zEpochSeconds.optional(),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const getTimeline = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/timeline/:id`,
  summary:
    "A payment's timeline, newest event first. `id` is the payment intent id (a charge id is accepted and resolved to its intent). 404 wcpay_payment_intent_not_found.",
  tags: ['payment-detail'],
  params: z.object({ id: z.union([zIntentId, zChargeId]) }),
  response: z.object({ data: z.array(ZTimelineEvent) }),
  errors: ['wcpay_account_not_found', 'wcpay_payment_intent_not_found', 'wcpay_charge_not_found'],
});

// ---------------------------------------------------------------------------------------------
// Payment intent.

export const ZPaymentIntentFraudOutcome = z.object({
  /** What the rules decided: review (held for the merchant) or block. */
  status: z.enum(['review', 'block']),
  /** What the merchant did with a held payment. */
  manual_action: z.enum(['approved', 'blocked']).nullable(),
  /** Fraud rule key → its result for every rule evaluated: allow, review or block. */
  ruleset_results: z.record(z.string(), z.string()),
  created: zEpochSeconds,
});

export const ZPaymentIntent = z.object({
  id: z.string(),
  amount: zMinor,
  currency: z.string(),
  status: z.enum(['requires_payment_method', 'requires_capture', 'succeeded', 'canceled']),
  capture_method: z.enum(['automatic', 'manual']),
  created: zEpochSeconds,
  canceled_at: zEpochSeconds.nullable(),
  cancellation_reason: z.string().nullable(),
  payment_method_types: z.array(z.string()),
  last_payment_error: z
    .object({ code: z.string(), message: z.string(), decline_code: z.string().optional() })
    .nullable(),
  /** The latest charge, in full (the same object as `GET {base}/charges/{id}`). */
  charge: ZCharge.nullable(),
  order: ZChargeOrder.nullable(),
  /** Null when the fraud rules allowed the payment. */
  fraud_outcome: ZPaymentIntentFraudOutcome.nullable(),
});
export type TPaymentIntent = z.infer<typeof ZPaymentIntent>;

export const getPaymentIntent = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/payment_intents/:id`,
  summary:
    'One payment intent (pi_…) with its latest charge, order and fraud outcome. 404 wcpay_payment_intent_not_found.',
  tags: ['payment-detail'],
  params: z.object({ id: zIntentId }),
  response: ZPaymentIntent,
  errors: ['wcpay_account_not_found', 'wcpay_payment_intent_not_found'],
});
