import { z } from 'zod';
import { defineEndpoint, PAYMENTS_BASE, zUtcDateTime } from './endpoint.ts';

/**
 * Capital loans. Amounts are integer minor units of the loan currency; times are epoch seconds,
 * but for a loan's `paid_out_at`, `first_paydown_at` and `fully_paid_at`, which are
 * `YYYY-MM-DD HH:MM:SS` in UTC as the admin client reads them;
 * `withhold_rate` is a fraction (0.1 withholds 10 % of each payment's net).
 */

const epochSeconds = z.number().int().describe('Epoch seconds');

/** The active loan summary's details. */
export const ZActiveLoanSummary = z.object({
  details: z.object({
    advance_amount: z.number().int(),
    fee_amount: z.number().int(),
    paid_amount: z.number().int(),
    currency: z.string(),
    withhold_rate: z.number(),
    advance_paid_out_at: epochSeconds,
    repayments_begin_at: epochSeconds,
    current_repayment_interval: z
      .object({
        due_at: epochSeconds,
        paid_amount: z.number().int(),
        remaining_amount: z.number().int(),
      })
      .describe(
        'The current 60-day window counted from repayments_begin_at: what was repaid in it and what is still due by its end.',
      ),
  }),
  fetched: epochSeconds,
});
export type TActiveLoanSummary = z.infer<typeof ZActiveLoanSummary>;

export const activeLoanSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/capital/active_loan_summary`,
  summary: 'The loan being repaid. 404 (wcpay_capital_no_active_loan) when there is none.',
  tags: ['capital'],
  response: ZActiveLoanSummary,
  errors: ['wcpay_account_not_found', 'wcpay_capital_no_active_loan'],
});

/** A loan. */
export const ZLoan = z.object({
  stripe_loan_id: z.string(),
  amount: z.number().int(),
  fee_amount: z.number().int(),
  paid_amount: z.number().int(),
  currency: z.string(),
  withhold_rate: z.number(),
  paid_out_at: zUtcDateTime,
  first_paydown_at: zUtcDateTime.nullable(),
  fully_paid_at: zUtcDateTime.nullable(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const loans = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/capital/loans`,
  summary: 'Every loan of the account, newest first (at most 100).',
  tags: ['capital'],
  response: z.object({ data: z.array(ZLoan) }),
  errors: ['wcpay_account_not_found'],
});
