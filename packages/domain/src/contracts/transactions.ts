import { z } from 'zod';
import {
  AUTHORIZATION_SORTS,
  FRAUD_OUTCOME_SORTS,
  TRANSACTION_SORTS,
  type TransactionSort,
} from '../transactions/sorts.ts';
import { TRANSACTION_TYPES } from '../transactions/status.ts';
import { defineEndpoint, listQuery, PAYMENTS_BASE, zIntFromQuery, zUtcDateTime } from './endpoint.ts';

/**
 * Transactions, uncaptured authorizations and blocked (fraud-outcome) payments: the lists, their
 * summaries and their search suggestions. Amounts are integer minor units;
 * a transaction's `date` and `available_on`, and the `created` of authorizations and fraud
 * outcomes, are `YYYY-MM-DD HH:MM:SS` in UTC, as the admin client reads them; other times are
 * epoch seconds.
 *
 * List values (`date_between`, `type_is_in`, `search`) are sent as repeated `key[]=` parameters
 * (`key[0]=`, `key[1]=` … work too); a single value may also be sent as plain `key=`.
 */

/** Most search terms one request carries. */
export const MAX_SEARCH_TERMS = 20;
/** Longest search term or search-as-you-type text. */
export const MAX_SEARCH_TERM_LENGTH = 100;
/** How many suggestions a search answers at most. */
export const MAX_SEARCH_SUGGESTIONS = 10;

const zEpochSeconds = z.number().int().describe('Epoch seconds');

const zCurrency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter currency code')
  .transform((value) => value.toLowerCase());

const zCountry = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
  .transform((value) => value.toUpperCase());

export const ZTransactionType = z.enum(TRANSACTION_TYPES);
export const TRANSACTION_CHANNELS = ['online', 'in_person', 'in_person_pos'] as const;
export const SOURCE_DEVICES = ['ios', 'android'] as const;

/** 0 is normal, 1 elevated, 2 highest. */
const zRiskLevel = zIntFromQuery(0, 2);

const zSource = z.string().regex(/^[a-z0-9_]{1,40}$/, 'A payment method type such as card or sepa_debit');

/** One value or several (`key[]=`), always answered as a list. */
function zList<T extends z.ZodType>(item: T, max: number) {
  return z
    .union([item, z.array(item)])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[])
    .refine((list) => list.length <= max, `At most ${max} values`);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?Z?)?$/;

/** A parsed date filter value: the instant, and whether only a day was written. */
export interface FilterInstant {
  at: Date;
  dayOnly: boolean;
}

/**
 * A date filter value in UTC: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` or the ISO form
 * `YYYY-MM-DDTHH:MM:SS(.sss)Z`. A day that does not exist (2026-02-30) is refused.
 */
export const zFilterInstant = z.string().transform((value, ctx): FilterInstant => {
  const match = DATE_TIME.exec(value);
  const parts = match ? match.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part))) : [];
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  const ms = match?.[7] ? Math.round(Number(match[7]) * 1000) : 0;
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  if (
    !match ||
    at.getUTCFullYear() !== year ||
    at.getUTCMonth() !== month - 1 ||
    at.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    ctx.addIssue({ code: 'custom', message: 'A UTC date: YYYY-MM-DD or YYYY-MM-DD HH:MM:SS' });
    return z.NEVER;
  }
  return { at, dayOnly: match[4] === undefined };
});

/**
 * The filters of the transactions list, its summary and its CSV export. The advanced filters (date, type, device, channel, country, risk, customer
 * currency, source) combine as `match` says: all must hold, or any one. The link filters
 * (`type_is_in`, `store_currency_is`, `loan_id_is`, `deposit_id`) and `search` always narrow.
 */
export const transactionFilterFields = {
  match: z.enum(['all', 'any']).default('all'),
  date_before: zFilterInstant.optional().describe('Created before this instant (a day: before it starts).'),
  date_after: zFilterInstant.optional().describe('Created after this instant (a day: after it ends).'),
  date_between: zList(zFilterInstant, 2)
    .refine((list) => list.length === 2, 'Two dates: the start and the end')
    .optional()
    .describe('Two dates, in either order: from the start of the first to the end of the second.'),
  type_is: ZTransactionType.optional(),
  type_is_not: ZTransactionType.optional(),
  type_is_in: zList(ZTransactionType, TRANSACTION_TYPES.length).optional(),
  source_device_is: z.enum(SOURCE_DEVICES).optional(),
  source_device_is_not: z.enum(SOURCE_DEVICES).optional(),
  channel_is: z.enum(TRANSACTION_CHANNELS).optional(),
  channel_is_not: z.enum(TRANSACTION_CHANNELS).optional(),
  customer_country_is: zCountry.optional(),
  customer_country_is_not: zCountry.optional(),
  risk_level_is: zRiskLevel.optional(),
  risk_level_is_not: zRiskLevel.optional(),
  store_currency_is: zCurrency.optional(),
  customer_currency_is: zCurrency.optional(),
  customer_currency_is_not: zCurrency.optional(),
  source_is: zSource.optional(),
  source_is_not: zSource.optional(),
  loan_id_is: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'A loan id')
    .optional()
    .describe(
      "The loan's id as the loans list shows it (stripe_loan_id): its disbursement and repayments, and the charges its repayments were withheld from.",
    ),
  deposit_id: z
    .string()
    .regex(/^\w{1,64}$/, 'A payout id')
    .optional(),
  search: zList(z.string().trim().min(1).max(MAX_SEARCH_TERM_LENGTH), MAX_SEARCH_TERMS)
    .optional()
    .describe(
      'Terms, any of which a row matches: a customer name (or its beginning), an e-mail (or its beginning), "name (email)", an order number ("123", "#123" or "Order #123"), or a txn_, ch_ or pi_ id.',
    ),
  user_email: z.email().max(254).optional().describe('Where an export is e-mailed; lists ignore it.'),
  user_timezone: z
    .string()
    .regex(/^(?:[+-]\d{2}:?\d{2}|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}|UTC)$/, 'A time zone')
    .max(64)
    .optional()
    .describe('The time zone an export writes dates in; filters are UTC.'),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$/, 'A locale such as en_US')
    .max(35)
    .optional()
    .describe('The language an export is written in; lists ignore it.'),
};

export const ZTransactionFilters = z.object(transactionFilterFields).strict();
/** The parsed filters, as `transactionsQuery` on the server takes them. */
export type TTransactionFilters = z.output<typeof ZTransactionFilters>;

export { TRANSACTION_SORTS, type TransactionSort };

export const ZTransactionsListQuery = z
  .object({
    ...listQuery,
    sort: z.enum(TRANSACTION_SORTS).default('date'),
    ...transactionFilterFields,
  })
  .strict();
export type TTransactionsListQuery = z.output<typeof ZTransactionsListQuery>;

/** Summaries take the list's parameters too, so a page sends one query; paging does not count. */
export const ZTransactionsSummaryQuery = ZTransactionsListQuery;

export const ZTransactionOrder = z.object({
  number: z.string(),
  url: z.string().nullable().describe("The order's page in the store; null when the checkout sent none."),
  customer_url: z.string().nullable().describe('Null: the customer has no store account.'),
  subscriptions: z.array(z.object({ number: z.string(), url: z.string() })),
});

/** A transaction as the lists answer it. */
export const ZTransaction = z
  .object({
    transaction_id: z.string(),
    payment_intent_id: z.string().nullable(),
    charge_id: z.string().nullable(),
    date: zUtcDateTime,
    type: ZTransactionType,
    channel: z.enum(TRANSACTION_CHANNELS).nullable(),
    source: z.string().nullable().describe('The payment method type (card, sepa_debit, …).'),
    source_identifier: z.string().nullable().describe("The card's or account's last four digits."),
    source_device: z.enum(SOURCE_DEVICES).nullable(),
    order: ZTransactionOrder.nullable(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    customer_country: z.string().nullable(),
    customer_currency: z.string().nullable(),
    customer_amount: z.number().int().nullable(),
    currency: z.string().describe('The settlement (store) currency of amount, fees and net.'),
    amount: z.number().int(),
    fees: z.number().int(),
    net: z.number().int(),
    risk_level: z.number().int().nullable(),
    deposit_id: z.string().nullable(),
    available_on: zUtcDateTime.describe('When the amount becomes available (UTC, YYYY-MM-DD HH:MM:SS).'),
    deposit_status: z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']).nullable(),
    loan_id: z.string().nullable().describe('stripe_loan_id of the loan a disbursement or repayment is for.'),
    metadata: z.object({ charge_type: z.string().nullable() }),
  })
  .meta({ id: 'Transaction' });
export type TTransaction = z.infer<typeof ZTransaction>;

const ZCurrencyTotals = z.object({
  currency: z.string(),
  count: z.number().int(),
  total: z.number().int(),
  fees: z.number().int(),
  net: z.number().int(),
});

/**
 * The transactions summary. `total`, `fees` and `net` are in `currency`: the
 * `store_currency_is` filter when given, else the only store currency, else the account's
 * default currency; `totals` has every store currency (Paydesk's own field). `count` counts
 * every matching row.
 */
export const ZTransactionsSummary = z
  .object({
    count: z.number().int(),
    total: z.number().int(),
    fees: z.number().int(),
    net: z.number().int(),
    currency: z.string(),
    store_currencies: z.array(z.string()),
    customer_currencies: z.array(z.string()),
    sources: z.array(z.string()),
    totals: z.array(ZCurrencyTotals),
  })
  .meta({ id: 'TransactionsSummary' });
export type TTransactionsSummary = z.infer<typeof ZTransactionsSummary>;

/** The text typed so far; left out or empty, the suggestions are not narrowed by it. */
const zSearchTerm = z.string().trim().max(MAX_SEARCH_TERM_LENGTH).default('');

/**
 * Suggestions, as a bare array of `{ key, label }` (the admin client's autocompleters read the
 * answer as the options themselves): `label` is a term the list's `search` takes as it is, and
 * `key` is the same text, which identifies the option.
 */
export const ZSearchSuggestion = z
  .object({ key: z.string(), label: z.string() })
  .meta({ id: 'SearchSuggestion' });
export const ZSearchSuggestions = z.array(ZSearchSuggestion);
export type TSearchSuggestion = z.infer<typeof ZSearchSuggestion>;

/** Suggestion terms as the answer's options. */
export function suggestionOptions(terms: readonly string[]): TSearchSuggestion[] {
  return terms.map((term) => ({ key: term, label: term }));
}

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions`,
  summary: 'Transactions (the ledger), newest first unless sorted otherwise, filtered as the query says.',
  tags: ['transactions'],
  query: ZTransactionsListQuery,
  response: z.object({ data: z.array(ZTransaction) }),
  errors: ['wcpay_account_not_found'],
});

export const transactionsSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/summary`,
  summary: 'Count and totals of the transactions the same filters list.',
  tags: ['transactions'],
  query: ZTransactionsSummaryQuery,
  response: ZTransactionsSummary,
  errors: ['wcpay_account_not_found'],
});

export const searchTransactions = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/search`,
  summary:
    'Search suggestions for the transactions list: customer names, "name (email)" and order numbers starting with search_term (without it, the first of them all).',
  tags: ['transactions'],
  query: z.object({ search_term: zSearchTerm }).strict(),
  response: ZSearchSuggestions,
  errors: ['wcpay_account_not_found'],
});

// ---------------------------------------------------------------------------------------------
// Blocked and review payments (fraud outcomes).

export const FRAUD_OUTCOME_LIST_STATUSES = ['review', 'block'] as const;

/**
 * `status=review`: payments held for review that nobody has approved or blocked yet.
 * `status=block`: payments blocked, outright or after review (the fraud block status: block or
 * review_blocked). `additional_status` narrows to the rule outcome the payment first had.
 */
export const fraudOutcomeFilterFields = {
  status: z.enum(FRAUD_OUTCOME_LIST_STATUSES).default('block'),
  additional_status: z.enum(FRAUD_OUTCOME_LIST_STATUSES).optional(),
  search: transactionFilterFields.search.describe(
    'Terms, any of which a row matches: a customer name (or its beginning), an order number ("123", "#123", "Order #123") or a pi_ id.',
  ),
  user_email: transactionFilterFields.user_email,
  user_timezone: transactionFilterFields.user_timezone,
  locale: transactionFilterFields.locale,
};
export const ZFraudOutcomeFilters = z.object(fraudOutcomeFilterFields).strict();
export type TFraudOutcomeFilters = z.output<typeof ZFraudOutcomeFilters>;

export { FRAUD_OUTCOME_SORTS };

export const ZFraudOutcomesListQuery = z
  .object({ ...listQuery, sort: z.enum(FRAUD_OUTCOME_SORTS).default('created'), ...fraudOutcomeFilterFields })
  .strict();
export type TFraudOutcomesListQuery = z.output<typeof ZFraudOutcomesListQuery>;

/** A blocked payment (fraud-outcome transaction) as the blocked list answers it. */
export const ZFraudOutcomeTransaction = z
  .object({
    status: z.enum(['review', 'block']).describe('The rule outcome the payment had.'),
    manual_action: z.enum(['approved', 'blocked']).nullable(),
    created: zUtcDateTime,
    amount: z.number().int(),
    currency: z.string(),
    customer_name: z.string(),
    order_id: z.number().int().nullable(),
    order: z.object({ number: z.string(), url: z.string().nullable() }).nullable(),
    payment_intent: z.object({ id: z.string() }),
    charge_id: z.string().nullable(),
  })
  .meta({ id: 'FraudOutcomeTransaction' });
export type TFraudOutcomeTransaction = z.infer<typeof ZFraudOutcomeTransaction>;

/** Count and total; total is in `currency` (see the transactions summary). */
export const ZFraudOutcomesSummary = z.object({
  count: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  all_currencies: z.array(z.string()),
  currencies: z
    .array(z.string())
    .describe(
      'The same as all_currencies, where the admin client reads them (it shows the total for one currency).',
    ),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), total: z.number().int() })),
});
export type TFraudOutcomesSummary = z.infer<typeof ZFraudOutcomesSummary>;

export const listFraudOutcomes = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/fraud-outcomes`,
  summary: 'Payments blocked or held for review by the fraud rules, newest first.',
  tags: ['transactions'],
  query: ZFraudOutcomesListQuery,
  response: z.object({ data: z.array(ZFraudOutcomeTransaction) }),
  errors: ['wcpay_account_not_found'],
});

export const fraudOutcomesSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/fraud-outcomes/summary`,
  summary: 'Count and total of the fraud-outcome payments the same filters list.',
  tags: ['transactions'],
  query: ZFraudOutcomesListQuery,
  response: ZFraudOutcomesSummary,
  errors: ['wcpay_account_not_found'],
});

/** Most rows the synchronous download of the blocked list answers. */
export const MAX_FRAUD_OUTCOMES_DOWNLOAD = 10_000;

export const ZFraudOutcomesDownloadQuery = z
  .object({
    sort: ZFraudOutcomesListQuery.shape.sort,
    direction: listQuery.direction,
    ...fraudOutcomeFilterFields,
  })
  .strict();

export const downloadFraudOutcomes = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/fraud-outcomes/download`,
  summary: `Every fraud-outcome payment the filters select, in the list's order and fields, at once (at most ${MAX_FRAUD_OUTCOMES_DOWNLOAD.toLocaleString('en-US')}): what the admin client turns into a CSV file in the browser. POST to the same path starts a CSV export that is written on the server instead.`,
  tags: ['transactions'],
  query: ZFraudOutcomesDownloadQuery,
  response: z.object({ data: z.array(ZFraudOutcomeTransaction) }),
  errors: ['wcpay_account_not_found'],
});

export const searchFraudOutcomes = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/transactions/fraud-outcomes/search`,
  summary:
    'Search suggestions for the blocked list: customer names and order numbers starting with search_term (without it, the first of them all).',
  tags: ['transactions'],
  query: z
    .object({ status: z.enum(FRAUD_OUTCOME_LIST_STATUSES).default('block'), search_term: zSearchTerm })
    .strict(),
  response: ZSearchSuggestions,
  errors: ['wcpay_account_not_found'],
});

// ---------------------------------------------------------------------------------------------
// Uncaptured authorizations.

/** `capture_by` is sent as `created` (the deadline is created plus 7 days). */
export { AUTHORIZATION_SORTS };

export const ZAuthorizationsListQuery = z
  .object({ ...listQuery, sort: z.enum(AUTHORIZATION_SORTS).default('created') })
  .strict();

/** An uncaptured authorization as its list answers it. */
export const ZAuthorization = z
  .object({
    payment_intent_id: z.string(),
    charge_id: z.string(),
    order_id: z.number().int().nullable(),
    order: z.object({ number: z.string(), url: z.string().nullable() }).nullable(),
    created: zUtcDateTime,
    capture_by: zEpochSeconds.describe('The capture deadline: created plus 7 days.'),
    amount: z.number().int(),
    currency: z.string(),
    risk_level: z.number().int().nullable(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    customer_country: z.string().nullable(),
    is_captured: z.boolean(),
    needs_review: z
      .boolean()
      .describe(
        'Held by a fraud rule for review and not yet approved or blocked: captured by approving, canceled by blocking.',
      ),
  })
  .meta({ id: 'Authorization' });
export type TAuthorization = z.infer<typeof ZAuthorization>;

/** Count, total, currency, all_currencies; total is in `currency`. */
export const ZAuthorizationsSummary = z.object({
  count: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  all_currencies: z.array(z.string()),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), total: z.number().int() })),
});
export type TAuthorizationsSummary = z.infer<typeof ZAuthorizationsSummary>;

export const listAuthorizations = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/authorizations`,
  summary: 'Uncaptured authorizations, oldest first (the first to expire).',
  tags: ['transactions'],
  query: ZAuthorizationsListQuery,
  response: z.object({ data: z.array(ZAuthorization) }),
  errors: ['wcpay_account_not_found'],
});

export const authorizationsSummary = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/authorizations/summary`,
  summary: 'Count and total of the uncaptured authorizations (paging and sort do not change it).',
  tags: ['transactions'],
  query: ZAuthorizationsListQuery,
  response: ZAuthorizationsSummary,
  errors: ['wcpay_account_not_found'],
});

export const getAuthorization = defineEndpoint({
  method: 'GET',
  path: `${PAYMENTS_BASE}/authorizations/:payment_intent_id`,
  summary: 'The authorization of a payment intent; 404 (authorization_missing) when it has none.',
  tags: ['transactions'],
  params: z.object({ payment_intent_id: z.string().regex(/^\w{1,64}$/, 'A payment intent id (pi_…)') }),
  response: ZAuthorization,
  errors: ['wcpay_account_not_found', 'authorization_missing'],
});
