import { currencyPrecision } from '../currencies.ts';

/**
 * The saved fraud rules (docs/fraud.md) and their evaluator. A rule is
 * `{ key, outcome, check }`; a check is a single `{ key, operator, value }` comparison or an
 * `and`/`or` list of checks. A rule whose check matches a payment applies its outcome.
 */

export const FRAUD_RULE_KEYS = [
  'avs_verification',
  'address_mismatch',
  'international_ip_address',
  'ip_address_mismatch',
  'order_items_threshold',
  'purchase_price_threshold',
] as const;
export type FraudRuleKey = (typeof FRAUD_RULE_KEYS)[number];

export type FraudRuleOutcome = 'review' | 'block';
export type FraudOutcome = 'allow' | FraudRuleOutcome;

export const FRAUD_CHECK_KEYS = [
  'avs_mismatch',
  'billing_shipping_address_same',
  'ip_country',
  'ip_billing_country_same',
  'item_count',
  'order_total',
] as const;
export type FraudCheckKey = (typeof FRAUD_CHECK_KEYS)[number];

export const FRAUD_COMPARISON_OPERATORS = [
  'equals',
  'greater_than',
  'less_than',
  'greater_or_equal',
  'less_or_equal',
] as const;
export type FraudComparisonOperator = (typeof FRAUD_COMPARISON_OPERATORS)[number];
export type FraudListOperator = 'and' | 'or';

export type FraudBooleanCheckKey =
  | 'avs_mismatch'
  | 'billing_shipping_address_same'
  | 'ip_billing_country_same';

/** A single comparison. Each key allows only the operators that make sense for its value. */
export type FraudSingleCheck =
  | { key: FraudBooleanCheckKey; operator: 'equals'; value: boolean }
  /** Lowercase two-letter countries joined by `|`, e.g. `us|ca`; `equals` takes one country. */
  | { key: 'ip_country'; operator: 'equals' | 'in' | 'not_in'; value: string }
  | { key: 'item_count'; operator: FraudComparisonOperator; value: number }
  /** `cents|currency`, e.g. `100000|usd`: see parseOrderTotalValue. */
  | { key: 'order_total'; operator: FraudComparisonOperator; value: string };

export interface FraudListCheck {
  operator: FraudListOperator;
  checks: FraudCheck[];
}

export type FraudCheck = FraudSingleCheck | FraudListCheck;

export interface FraudRule {
  key: FraudRuleKey;
  outcome: FraudRuleOutcome;
  check: FraudCheck;
}

/**
 * Limits on a saved check tree, so that a stored rule can never make evaluation expensive. The
 * depth counts levels including the single checks: a depth of 5 allows four nested lists.
 */
export const FRAUD_CHECK_MAX_DEPTH = 5;
export const FRAUD_CHECK_MAX_LIST_LENGTH = 10;
export const FRAUD_CHECK_MAX_SINGLE_CHECKS = 20;
export const FRAUD_ITEM_COUNT_MAX = 1_000_000;

/** Two-letter countries joined by |, such as us|ca. */
export const COUNTRY_LIST_PATTERN = /^[a-z]{2}(\|[a-z]{2})*$/;
/** An amount in cents and a currency, such as 100000|usd. */
export const ORDER_TOTAL_PATTERN = /^(\d{1,15})\|([a-z]{3})$/;

export function countSingleChecks(check: FraudCheck): number {
  if (!('checks' in check)) return 1;
  return check.checks.reduce((total, child) => total + countSingleChecks(child), 0);
}

/**
 * The attributes a check reads, each once. A backtest over many payments evaluates a rule once
 * per distinct value of what it reads: the rules that read the total once per amount, the others
 * once per group of payments alike in everything else.
 */
export function fraudCheckKeys(check: FraudCheck): FraudCheckKey[] {
  if (!('checks' in check)) return [check.key];
  return [...new Set(check.checks.flatMap(fraudCheckKeys))];
}

/** Splits an order_total value `100000|usd` into its amount in cents and lowercase currency. */
export function parseOrderTotalValue(value: string): { amount_cents: number; currency: string } | null {
  const match = ORDER_TOTAL_PATTERN.exec(value.trim().toLowerCase());
  if (!match) return null;
  return { amount_cents: Number(match[1]), currency: match[2]! };
}

export function formatOrderTotalValue(amount_cents: number, currency: string): string {
  return `${amount_cents}|${currency.toLowerCase()}`;
}

/**
 * What is known about one payment. A missing attribute (undefined or null) never matches any
 * check, whatever its operator: a payment without an IP country is neither in nor outside a
 * country list.
 */
export interface FraudAttributes {
  avs_mismatch?: boolean | null;
  billing_shipping_address_same?: boolean | null;
  ip_country?: string | null;
  ip_billing_country_same?: boolean | null;
  item_count?: number | null;
  order_total?: { amount_minor: number; currency: string } | null;
}

/**
 * Converts an amount between currencies for order_total checks; null when no rate is known, in
 * which case the check does not match. Passed in so that evaluation stays pure.
 */
export type FraudCurrencyConverter = (amount_minor: number, from: string, to: string) => number | null;

export interface FraudEvaluation {
  outcome: FraudOutcome;
  ruleset_results: Partial<Record<FraudRuleKey, FraudOutcome>>;
  matched: FraudRuleKey[];
}

const OUTCOME_STRENGTH: Record<FraudOutcome, number> = { allow: 0, review: 1, block: 2 };

function compare(actual: bigint, operator: FraudComparisonOperator, expected: bigint): boolean {
  switch (operator) {
    case 'equals':
      return actual === expected;
    case 'greater_than':
      return actual > expected;
    case 'less_than':
      return actual < expected;
    case 'greater_or_equal':
      return actual >= expected;
    case 'less_or_equal':
      return actual <= expected;
  }
}

/**
 * Threshold values are stored in cents, amount × 100, whatever the currency, so
 * 500 JPY is `50000|jpy`. The payment's total, converted to the threshold's currency, is
 * compared in the same hundredths of a major unit; multiplying both sides keeps it exact.
 */
function matchesOrderTotal(
  check: Extract<FraudSingleCheck, { key: 'order_total' }>,
  total: NonNullable<FraudAttributes['order_total']>,
  convert: FraudCurrencyConverter,
): boolean {
  const threshold = parseOrderTotalValue(check.value);
  if (!threshold) return false;
  const same_currency = total.currency.toLowerCase() === threshold.currency;
  const amount_minor = same_currency
    ? total.amount_minor
    : convert(total.amount_minor, total.currency, threshold.currency);
  if (amount_minor === null || !Number.isSafeInteger(amount_minor)) return false;
  const payment_hundredths = BigInt(amount_minor) * 100n;
  const threshold_hundredths =
    BigInt(threshold.amount_cents) * 10n ** BigInt(currencyPrecision(threshold.currency));
  return compare(payment_hundredths, check.operator, threshold_hundredths);
}

function matchesSingle(
  check: FraudSingleCheck,
  attributes: FraudAttributes,
  convert: FraudCurrencyConverter,
): boolean {
  switch (check.key) {
    case 'avs_mismatch':
    case 'billing_shipping_address_same':
    case 'ip_billing_country_same': {
      const actual = attributes[check.key];
      return typeof actual === 'boolean' && actual === check.value;
    }
    case 'ip_country': {
      const country = attributes.ip_country?.trim().toLowerCase();
      if (!country) return false;
      const listed = check.value.toLowerCase().split('|').includes(country);
      if (check.operator === 'equals') return check.value.toLowerCase() === country;
      return check.operator === 'in' ? listed : !listed;
    }
    case 'item_count': {
      const count = attributes.item_count;
      if (typeof count !== 'number' || !Number.isSafeInteger(count)) return false;
      return compare(BigInt(count), check.operator, BigInt(check.value));
    }
    case 'order_total':
      return attributes.order_total ? matchesOrderTotal(check, attributes.order_total, convert) : false;
  }
}

export function matchesFraudCheck(
  check: FraudCheck,
  attributes: FraudAttributes,
  convert: FraudCurrencyConverter,
): boolean {
  if ('checks' in check) {
    return check.operator === 'and'
      ? check.checks.length > 0 &&
          check.checks.every((child) => matchesFraudCheck(child, attributes, convert))
      : check.checks.some((child) => matchesFraudCheck(child, attributes, convert));
  }
  return matchesSingle(check, attributes, convert);
}

/**
 * Evaluates every rule against one payment. Each rule reports its own result (its outcome when
 * it matched, else allow); the payment's outcome is the strongest of them: block over review
 * over allow.
 */
export function evaluateFraudRules(
  rules: readonly FraudRule[],
  attributes: FraudAttributes,
  convert: FraudCurrencyConverter,
): FraudEvaluation {
  const ruleset_results: Partial<Record<FraudRuleKey, FraudOutcome>> = {};
  const matched: FraudRuleKey[] = [];
  let outcome: FraudOutcome = 'allow';
  for (const rule of rules) {
    const hit = matchesFraudCheck(rule.check, attributes, convert);
    const result: FraudOutcome = hit ? rule.outcome : 'allow';
    ruleset_results[rule.key] = result;
    if (!hit) continue;
    matched.push(rule.key);
    if (OUTCOME_STRENGTH[result] > OUTCOME_STRENGTH[outcome]) outcome = result;
  }
  return { outcome, ruleset_results, matched };
}
