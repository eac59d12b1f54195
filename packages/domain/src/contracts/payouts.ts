import { z } from 'zod';
import {
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_BYTES_MESSAGE,
  STATEMENT_MAX_LINES,
} from '../payouts/statement.ts';
import { PAYOUT_STATUSES } from '../transactions/status.ts';
import { defineEndpoint, listQuery, PAYMENTS_BASE } from './endpoint.ts';
import { transactionFilterFields } from './transactions.ts';

/**
 * Payouts (the REST paths call them deposits). Amounts are integer minor units; payout
 * dates (`date`, `created`, `arrival_date`) are epoch milliseconds, which the pages format.
 */

const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
  .transform((value) => value.toLowerCase());

export const ZPayoutStatus = z.enum(PAYOUT_STATUSES);

export const ZBankAccount = z.object({ bank_name: z.string(), last4: z.string(), currency: z.string() });

/** A payout (a deposit in the paths). `date` is the arrival date, as the payouts list shows it. */
export const ZPayout = z
  .object({
    id: z.string(),
    date: z.number().int().describe('Arrival date, epoch milliseconds'),
    created: z.number().int().describe('Creation time, epoch milliseconds'),
    type: z.enum(['deposit', 'withdrawal']),
    method: z.enum(['standard', 'instant']),
    amount: z.number().int(),
    fee: z.number().int(),
    fee_percentage: z.number().describe('Percent: 1.5 is 1.5 %'),
    currency: z.string(),
    status: ZPayoutStatus,
    automatic: z.boolean(),
    bankAccount: z.string().describe('The bank account as one line: "BANK •••• 6789 (USD)"'),
    bank_account: ZBankAccount,
    bank_reference_key: z.string(),
    arrival_date: z.number().int().describe('Epoch milliseconds'),
    failure_code: z.string().nullable(),
    failure_message: z.string().nullable(),
  })
  .meta({ id: 'Payout' });
export type TPayout = z.infer<typeof ZPayout>;

const ZAmountByCurrency = z.object({ amount: z.number().int(), currency: z.string() });

/** A currency balance's `instant`: `amount` is 0 when no instant payout can be made. */
export const ZInstantBalance = z.object({
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  fee_percentage: z.number(),
  currency: z.string(),
});

/** The balances overview, with the account's payout settings. */
export const ZDepositsOverview = z.object({
  deposit: z.object({ last_paid: z.array(ZPayout) }),
  balance: z.object({
    pending: z.array(ZAmountByCurrency),
    available: z.array(ZAmountByCurrency),
    instant: z.array(ZInstantBalance),
  }),
  account: z.object({
    default_currency: z.string(),
    deposits_schedule: z.object({
      interval: z.enum(['daily', 'weekly', 'monthly', 'manual']),
      delay_days: z.number().int(),
      weekly_anchor: z.string().nullable(),
      monthly_anchor: z.number().int().nullable(),
    }),
    deposits_blocked: z.boolean(),
    deposits_enabled: z.boolean(),
    completed_waiting_period: z.boolean(),
    default_external_accounts: z.array(z.object({ currency: z.string(), status: z.string() })),
  }),
});
export type TDepositsOverview = z.infer<typeof ZDepositsOverview>;

export const overviewAll = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/deposits/overview-all`,
  summary:
    'Balances (pending, available, instant) per currency, the last paid payouts and the payout schedule.',
  tags: ['payouts'],
  response: ZDepositsOverview,
  errors: ['wcpay_account_not_found'],
});

export const getDeposit = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/deposits/:id`,
  summary: 'One payout.',
  tags: ['payouts'],
  params: z.object({ id: z.string().regex(/^\w{1,64}$/, 'A payout id') }),
  response: ZPayout,
  errors: ['wcpay_account_not_found', 'wcpay_deposit_not_found'],
});

export const ZInstantPayoutRequest = z.object({ type: z.literal('instant'), currency }).strict();

export const ZInstantPayoutResult = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: ZPayoutStatus,
  fee: z.number().int(),
  fee_percentage: z.number(),
});
export type TInstantPayoutResult = z.infer<typeof ZInstantPayoutResult>;

export const createInstantDeposit = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/deposits`,
  summary:
    'Instant payout: pays the available balance of a currency now, less the instant fee; it arrives in about 30 minutes.',
  tags: ['payouts'],
  body: ZInstantPayoutRequest,
  response: ZInstantPayoutResult,
  idempotent: true,
  errors: [
    'wcpay_account_not_found',
    'wcpay_payouts_paused',
    'wcpay_no_bank_account',
    'wcpay_payouts_unavailable',
    'wcpay_instant_payout_no_balance',
    'wcpay_instant_payout_too_small',
  ],
});

/** Sort keys of the payouts list; `date` is the arrival date (default date descending). */
export const PAYOUT_SORTS = ['date', 'amount', 'status'] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];

/**
 * The filters of the payouts list, its summary and its CSV export. The
 * advanced rules (the arrival date, the status) combine as `match` says; `store_currency_is`
 * always narrows. Dates are UTC as for transactions and apply to the arrival date,
 * the date the list shows.
 */
export const payoutFilterFields = {
  match: transactionFilterFields.match,
  date_before: transactionFilterFields.date_before.describe(
    'Arriving before this instant (a day: before it starts).',
  ),
  date_after: transactionFilterFields.date_after.describe(
    'Arriving after this instant (a day: after it ends).',
  ),
  date_between: transactionFilterFields.date_between.describe(
    'Two dates, in either order: arriving from the start of the first to the end of the second.',
  ),
  status_is: ZPayoutStatus.optional(),
  status_is_not: ZPayoutStatus.optional(),
  store_currency_is: currency.optional(),
  user_email: transactionFilterFields.user_email,
  user_timezone: transactionFilterFields.user_timezone,
  locale: transactionFilterFields.locale,
};

export const ZPayoutFilters = z.object(payoutFilterFields).strict();
export type TPayoutFilters = z.output<typeof ZPayoutFilters>;

/** `GET {base}/deposits`: the payouts list, newest first unless asked otherwise. */
export const ZPayoutListQuery = z
  .object({
    ...listQuery,
    sort: z.enum(PAYOUT_SORTS).default('date'),
    ...payoutFilterFields,
  })
  .strict();
export type TPayoutListQuery = z.output<typeof ZPayoutListQuery>;

export const listDeposits = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/deposits`,
  summary: 'Payouts, newest first by default: the payouts list and the recent payouts of the Overview.',
  tags: ['payouts'],
  query: ZPayoutListQuery,
  response: z.object({ data: z.array(ZPayout), total_count: z.number().int() }),
  errors: ['wcpay_account_not_found'],
});

/**
 * The payout summary. `total` is the sum of the payouts' amounts in `currency`: the
 * `store_currency_is` filter when given, else the only currency the selected payouts are in, else
 * the account's default currency; `count` counts every selected payout. `store_currencies` lists
 * every currency the account has payouts in, whatever the filters, so the page can offer the
 * currency filter (only with more than one currency).
 */
export const ZPayoutsSummary = z
  .object({
    count: z.number().int(),
    total: z.number().int(),
    currency: z.string(),
    store_currencies: z.array(z.string()),
  })
  .meta({ id: 'PayoutsSummary' });
export type TPayoutsSummary = z.infer<typeof ZPayoutsSummary>;

export const depositsSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/deposits/summary`,
  summary: 'Count and total of the payouts the same filters list (paging and sorting are ignored).',
  tags: ['payouts'],
  query: ZPayoutListQuery,
  response: ZPayoutsSummary,
  errors: ['wcpay_account_not_found'],
});

/** One kind of ledger movement swept into a payout: how many, and their sums (minor units). */
export const ZReconciliationLine = z.object({
  type: z.string().describe('The transaction type (charge, refund, dispute, financing_paydown, …).'),
  count: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int().describe('amount − fee'),
});
export type TReconciliationLine = z.infer<typeof ZReconciliationLine>;

/**
 * A payout explained: every ledger movement it swept, grouped by type, in the payout's currency.
 * `total_net` is the sum of the lines' net and equals the payout's amount plus its fee; a failed
 * payout gave its movements back to the balance, so it has no lines and a total of 0.
 */
export const ZPayoutReconciliation = z
  .object({
    payout: ZPayout,
    lines: z.array(ZReconciliationLine),
    total_net: z.number().int(),
  })
  .meta({ id: 'PayoutReconciliation' });
export type TPayoutReconciliation = z.infer<typeof ZPayoutReconciliation>;

export const depositReconciliation = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/deposits/:id/reconciliation`,
  summary:
    "What a payout is made of: the ledger movements it swept (charges, refunds, fees, disputes and reversals, loan paydowns, reader fees, adjustments) grouped by type, and their total, which equals the payout's amount plus its fee.",
  tags: ['payouts'],
  params: z.object({ id: z.string().regex(/^\w{1,64}$/, 'A payout id') }),
  response: ZPayoutReconciliation,
  errors: ['wcpay_account_not_found', 'wcpay_deposit_not_found'],
});

/** A bank statement sent as multipart/form-data: its CSV bytes in the part `file`. */
export const ZStatementUpload = z
  .object({
    file: z.object(
      {
        filename: z.string().max(1000),
        /** The file's bytes; the route reads them from the multipart part `file`. */
        size: z
          .number()
          .int()
          .min(1, 'The bank statement is empty.')
          .max(STATEMENT_MAX_BYTES, STATEMENT_MAX_BYTES_MESSAGE),
        content: z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'The file part'),
      },
      'A bank statement CSV in the multipart part `file`',
    ),
  })
  .strict();

/** One line of a bank statement as it was read. */
export const ZStatementLine = z.object({
  line: z.number().int().describe('Line number in the file; the header is line 1.'),
  date: z.string().describe('YYYY-MM-DD'),
  amount: z.number().int().describe('Minor units of `currency`; negative for money out.'),
  currency: z.string(),
  reference: z.string(),
});

export const ZStatementMatch = z.object({
  line: z.number().int(),
  payout_id: z.string(),
  by_reference: z.boolean().describe("Whether the line's reference contains the payout's bank reference."),
});

/**
 * A statement matched against the payouts: each line paired with at most one payout of the same
 * currency and amount arriving within 3 days of it (the reference winning ties); the lines no
 * payout explains; and the payouts arriving within the statement's dates, in its currencies,
 * that no line shows.
 */
export const ZStatementReconciliation = z
  .object({
    matched: z.array(ZStatementMatch),
    unmatched_lines: z.array(ZStatementLine),
    unmatched_payouts: z.array(ZPayout),
  })
  .meta({ id: 'StatementReconciliation' });
export type TStatementReconciliation = z.infer<typeof ZStatementReconciliation>;

export const reconcileStatement = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/deposits/reconcile`,
  summary: `Matches a bank statement CSV (multipart part \`file\`; columns date, amount in major units, reference and optionally currency; at most ${STATEMENT_MAX_BYTES.toLocaleString('en-US')} bytes and ${STATEMENT_MAX_LINES.toLocaleString('en-US')} lines) against the payouts.`,
  tags: ['payouts'],
  body: ZStatementUpload,
  response: ZStatementReconciliation,
  errors: ['wcpay_account_not_found', 'wcpay_statement_invalid', 'wcpay_statement_too_long'],
});
