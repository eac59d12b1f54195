/**
 * The columns each transactions list sorts by, as its endpoint's `sort` takes them. The
 * contracts validate `sort` against these and the lists offer them; one list per endpoint.
 */

/** GET {base}/transactions. */
export const TRANSACTION_SORTS = [
  'date',
  'amount',
  'fees',
  'net',
  'customer_amount',
  'customer_currency',
  'deposit_currency',
  'customer_name',
  'customer_email',
  'customer_country',
  'risk_level',
  'source',
  'type',
  'channel',
  'available_on',
] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** GET {base}/authorizations. */
export const AUTHORIZATION_SORTS = ['created', 'amount', 'customer_name', 'risk_level'] as const;

/**
 * GET {base}/transactions/fraud-outcomes (the blocked and on-review lists). `date` is another
 * name of `created`: the admin client sorts these lists by `date` unless a column is chosen.
 */
export const FRAUD_OUTCOME_SORTS = ['created', 'date', 'amount', 'customer_name'] as const;
