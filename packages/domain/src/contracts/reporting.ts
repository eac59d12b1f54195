import { z } from 'zod';
import { isValidTimeZone, parseLocalDateTime, rangeInstants } from '../overview/payment-activity.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * What the Overview's widgets read: the payment activity figures and the disputes awaiting a
 * response. Amounts are integer minor units of `currency`.
 */

/** The longest period the payment activity answers: all time of an account up to 20 years old. */
export const PAYMENT_ACTIVITY_MAX_YEARS = 20;
/** The Overview reads up to 50 disputes awaiting a response. */
export const OVERVIEW_DISPUTES_LIMIT = 50;

const zLocalDateTime = z
  .string()
  .refine((value) => parseLocalDateTime(value) !== undefined, 'A local date-time: YYYY-MM-DDTHH:MM:SS');

export const ZPaymentActivityQuery = z
  .object({
    date_start: zLocalDateTime.describe('First second of the period, wall clock in `timezone`, inclusive'),
    date_end: zLocalDateTime.describe('Last second of the period, wall clock in `timezone`, inclusive'),
    timezone: z
      .string()
      .refine(isValidTimeZone, 'An IANA time zone such as Europe/Paris, or an offset such as +05:30'),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
      .transform((value) => value.toLowerCase())
      .optional()
      .describe("A settlement currency; the account's default currency when missing"),
  })
  .strict()
  .superRefine((query, ctx) => {
    const range = rangeInstants(query, isValidTimeZone(query.timezone) ? query.timezone : 'UTC');
    if (!range) return;
    if (range.to_ms <= range.from_ms) {
      ctx.addIssue({ code: 'custom', path: ['date_end'], message: 'The end must not be before the start' });
    } else if (range.to_ms - range.from_ms > PAYMENT_ACTIVITY_MAX_YEARS * 366 * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_start'],
        message: `A period of at most ${PAYMENT_ACTIVITY_MAX_YEARS} years`,
      });
    }
  });
export type TPaymentActivityQuery = z.infer<typeof ZPaymentActivityQuery>;

const zMinor = z.number().int();

export const ZPaymentActivity = z.object({
  currency: z.string(),
  total_payment_volume: zMinor.describe('Charges less refunds less disputes'),
  charges: zMinor.describe('Charges and payments (types charge, payment)'),
  refunds: zMinor.describe(
    'Money returned to customers: refunds less failed refunds, as a positive amount (refund, refund_failure, payment_refund, payment_failure_refund)',
  ),
  disputes: zMinor.describe(
    'Disputed amounts less reversals, as a positive amount (dispute, dispute_reversal)',
  ),
  fees: zMinor.describe('Processing fees of every reported type, plus card reader fees'),
  date_start: z.string(),
  date_end: z.string(),
  timezone: z.string(),
  interval: z.enum(['hour', 'day', 'month']).describe('The width of each point of `series`'),
  series: z
    .array(
      z.object({
        date: z.string().describe('Start of the point, wall clock in `timezone`'),
        total_payment_volume: zMinor,
      }),
    )
    .describe('Total payment volume over the period, one point per interval'),
  currencies: z
    .array(z.object({ currency: z.string(), has_payments: z.boolean() }))
    .describe(
      "The account's deposit currencies (its default currency first, then every currency it settled in), each saying whether it has taken a payment (its lifetime volume is above 0)",
    ),
});
export type TPaymentActivity = z.infer<typeof ZPaymentActivity>;

export const paymentActivity = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/reporting/payment_activity`,
  summary:
    'Payment activity over a period in one settlement currency: volume, charges, refunds, disputes, fees and the volume per hour, day or month, read from the hourly ledger rollups.',
  tags: ['reporting'],
  query: ZPaymentActivityQuery,
  response: ZPaymentActivity,
  errors: ['wcpay_account_not_found'],
});

export const ZDisputeSummaryItem = z.object({
  dispute_id: z.string(),
  charge_id: z.string(),
  amount: zMinor,
  currency: z.string(),
  due_by: z.string().describe('ISO 8601 instant'),
});

export const disputesAwaitingResponse = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/reporting/disputes_awaiting_response`,
  summary: `The disputes that await a response (needs_response, warning_needs_response), the nearest deadline first, at most ${OVERVIEW_DISPUTES_LIMIT}.`,
  tags: ['reporting'],
  response: z.object({ data: z.array(ZDisputeSummaryItem) }),
  errors: ['wcpay_account_not_found'],
});
