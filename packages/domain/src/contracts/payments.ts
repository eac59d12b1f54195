import { z } from 'zod';
import { REFUND_REASONS } from '../payments/refunds.ts';
import { LOCAL_PAYMENT_METHODS } from '../processor/methods.ts';
import { defineEndpoint, PAYMENTS_BASE, zIntFromQuery } from './endpoint.ts';

const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
  .transform((value) => value.toLowerCase());

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
  .transform((value) => value.toUpperCase());

export const ZAddress = z
  .object({
    country,
    line1: z.string().max(200).optional(),
    line2: z.string().max(200).optional(),
    city: z.string().max(100).optional(),
    state: z.string().max(100).optional(),
    postal_code: z.string().max(20).optional(),
  })
  .strict();

/** An address on the store's own site: where its order and customer pages are. */
const storePageUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'An http or https address');

export { LOCAL_PAYMENT_METHODS };

export const ZCardInput = z
  .object({
    number: z.string().regex(/^[0-9 -]{8,30}$/, 'Digits only (spaces and dashes are ignored)'),
    exp_month: z.number().int().min(0).max(9999),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().max(10),
  })
  .strict();

export const ZPaymentMethodData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), card: ZCardInput }).strict(),
  z
    .object({
      type: z.enum(LOCAL_PAYMENT_METHODS),
      /** In-person payments: the reader that took it and the phone platform for Tap to Pay. */
      reader_id: z.string().max(64).optional(),
      platform: z.enum(['ios', 'android']).optional(),
      card: ZCardInput.optional(),
    })
    .strict(),
]);

export const ZPaymentIntentCreate = z
  .object({
    amount: z.number().int().positive().max(99_999_999),
    currency,
    capture_method: z.enum(['automatic', 'manual']).default('automatic'),
    payment_method_data: ZPaymentMethodData,
    order: z
      .object({
        number: z.string().trim().min(1).max(64),
        items_count: z.number().int().min(0).max(10_000).default(1),
        customer: z.object({ name: z.string().trim().max(200), email: z.email().max(254) }).strict(),
        billing_address: ZAddress,
        shipping_address: ZAddress.optional(),
        /** The order's page in the store's admin: the order number links there. */
        url: storePageUrl.optional(),
        /** The customer's page in the store's admin; omitted for a guest checkout. */
        customer_url: storePageUrl.optional(),
      })
      .strict(),
    ip_address: z.union([z.ipv4(), z.ipv6()]).optional(),
    ip_country: country.optional(),
  })
  .strict();
export type TPaymentIntentCreate = z.input<typeof ZPaymentIntentCreate>;

export const ZPaymentIntentResult = z.object({
  id: z.string(),
  status: z.enum(['succeeded', 'requires_capture', 'requires_payment_method', 'canceled']),
  amount: z.number().int(),
  currency: z.string(),
  charge: z
    .object({
      id: z.string(),
      status: z.string(),
      outcome: z.object({ type: z.string(), risk_level: z.number().int().nullable() }),
    })
    .nullable(),
  last_payment_error: z
    .object({ code: z.string(), message: z.string(), decline_code: z.string().optional() })
    .nullable(),
  fraud_outcome: z.enum(['allow', 'review', 'block']).nullable(),
  order: z.object({ id: z.number().int(), number: z.string() }),
});
export type TPaymentIntentResult = z.infer<typeof ZPaymentIntentResult>;

export const createPaymentIntent = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/payment_intents`,
  summary: 'Checkout: charges a payment method for a store order (docs/checkout-api.md).',
  tags: ['checkout'],
  body: ZPaymentIntentCreate,
  response: ZPaymentIntentResult,
  idempotent: true,
  errors: ['wcpay_account_not_found', 'wcpay_payments_disabled', 'unsupported_currency'],
});

export const ZRefundRequest = z
  .object({
    charge_id: z.string().min(3).max(64),
    amount: z.number().int().positive().max(99_999_999).optional(),
    reason: z.enum(REFUND_REASONS).nullable().optional(),
    order_id: z
      .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().trim().min(1).max(64)])
      .optional()
      .describe(
        "The charge's order: its id (a number), or its number as the charge answers it in order.number (text, as the admin client sends it). Another order is refused (wcpay_intent_order_mismatch).",
      ),
  })
  .strict();

export const ZRefundResult = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  charge: z.string(),
  reason: z.string().nullable(),
});

export const refund = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/refund`,
  summary: 'Refunds a charge in full or in part (at most what was captured and not yet refunded).',
  tags: ['payments'],
  body: ZRefundRequest,
  response: ZRefundResult,
  idempotent: true,
  errors: [
    'wcpay_account_not_found',
    'wcpay_charge_not_found',
    'wcpay_refund_uncaptured',
    'wcpay_charge_already_refunded',
    'wcpay_refund_amount_exceeds',
    'wcpay_refund_disputed',
    'wcpay_intent_order_mismatch',
  ],
});

export const ZAuthorizationAction = z
  .object({
    payment_intent_id: z.string().min(3).max(64),
    amount_to_capture: z.number().int().positive().max(99_999_999).optional(),
  })
  .strict();

const ZAuthorizationActionResult = z.object({ id: z.string(), status: z.string() });

export const captureAuthorization = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/orders/:orderId/capture_authorization`,
  summary: "Captures an order's authorized payment (at most the authorized amount).",
  tags: ['payments'],
  params: z.object({ orderId: zIntFromQuery(1, Number.MAX_SAFE_INTEGER) }),
  body: ZAuthorizationAction,
  response: ZAuthorizationActionResult,
  idempotent: true,
  errors: [
    'wcpay_account_not_found',
    'wcpay_missing_order',
    'wcpay_intent_order_mismatch',
    'wcpay_refunded_order_uncapturable',
    'wcpay_payment_uncapturable',
    'wcpay_capture_error',
  ],
});

export const cancelAuthorization = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/orders/:orderId/cancel_authorization`,
  summary: "Cancels an order's authorized payment, releasing the hold.",
  tags: ['payments'],
  params: z.object({ orderId: zIntFromQuery(1, Number.MAX_SAFE_INTEGER) }),
  body: ZAuthorizationAction.pick({ payment_intent_id: true }),
  response: ZAuthorizationActionResult,
  idempotent: true,
  errors: [
    'wcpay_account_not_found',
    'wcpay_missing_order',
    'wcpay_intent_order_mismatch',
    'wcpay_refunded_order_uncapturable',
    'wcpay_payment_uncapturable',
  ],
});
