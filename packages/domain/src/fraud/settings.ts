import {
  decimalToFixed,
  numberToDecimalText,
  parseDecimal,
  pow10,
  trimFractionZeros,
} from '../money/decimal.ts';
import {
  type FraudCheck,
  type FraudComparisonOperator,
  type FraudRule,
  type FraudRuleKey,
  type FraudSingleCheck,
  formatOrderTotalValue,
  parseOrderTotalValue,
} from './rules.ts';

/**
 * The fraud protection page's settings (one card per rule key) and their mapping to and from
 * the saved rules (the table in docs/fraud.md), and the defaults.
 *
 * The threshold filters flag orders outside the range the merchant sets: an order passes when
 * its item count (or total) is ≥ min and ≤ max, so the saved check that triggers the rule is
 * `less_than min` or `greater_than max`, joined with `or` when both are set. Amounts are stored
 * in cents, amount × 100 as an integer, with the store currency (default usd).
 */

export interface FraudRuleSetting {
  enabled: boolean;
  block: boolean;
}

/** Item limits as the form holds them: a whole number, its text, or null/'' for no limit. */
export interface OrderItemsThresholdSetting extends FraudRuleSetting {
  min_items: number | string | null;
  max_items: number | string | null;
}

/** Amounts in major units as the form holds them ("12.50" or 12.5), or null/'' for no limit. */
export interface PurchasePriceThresholdSetting extends FraudRuleSetting {
  min_amount: number | string | null;
  max_amount: number | string | null;
}

export interface FraudSettings {
  avs_verification: FraudRuleSetting;
  address_mismatch: FraudRuleSetting;
  international_ip_address: FraudRuleSetting;
  ip_address_mismatch: FraudRuleSetting;
  order_items_threshold: OrderItemsThresholdSetting;
  purchase_price_threshold: PurchasePriceThresholdSetting;
}

export type SellingCountriesMode = 'all' | 'all_except' | 'specific';

/** The store's allowed-countries setting: everywhere, everywhere except a list, or only a list. */
export interface SellingCountries {
  mode: SellingCountriesMode;
  countries: readonly string[];
}

export type FraudProtectionLevel = 'basic' | 'advanced';

export const FRAUD_SETTINGS_MESSAGES = {
  priceRangeRequired: 'A price range must be set for the "Purchase Price threshold" filter.',
  priceMaxNotAboveMin: 'Maximum purchase price must be greater than the minimum purchase price.',
  itemRangeRequired: 'An item range must be set for the "Order Item Threshold" filter.',
  itemMaxNotAboveMin:
    'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
  notSaved: 'Settings were not saved.',
  levelSetAdvanced: 'Current protection level is set to "advanced".',
  levelSetBasic:
    'Current protection level is set to "basic". At least one risk filter needs to be enabled for advanced protection.',
  filterRequired: 'At least one risk filter needs to be enabled for advanced protection.',
  unsavedChanges:
    'There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?',
  loadFailed:
    'There was an error retrieving your fraud protection settings. Please refresh the page to try again.',
  cvcEnabled:
    'For security, this filter is enabled and cannot be modified. Payments failing CVC verification will be blocked.',
  cvcDisabled: 'This filter is disabled, and can not be modified.',
  internationalIpDisabled: "This filter is disabled because you're currently selling to all countries.",
} as const;

export const AMOUNT_TEXT_PATTERN = /^\d*\.?\d*$/;
export const ITEMS_TEXT_PATTERN = /^\d*$/;
export const FRAUD_AMOUNT_MAX_CENTS = 10 ** 13;
export const FRAUD_ITEMS_MAX = 1_000_000;

/**
 * An amount limit in cents, or null when there is none (blank, or not an amount at all: the
 * page only lets digits and one point through, and the settings schema refuses anything else).
 * Digits past the cents are dropped, as "amount × 100, integer" does.
 */
export function fraudAmountToCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? numberToDecimalText(value) : '') : value.trim();
  if (!AMOUNT_TEXT_PATTERN.test(text)) return null;
  const decimal = parseDecimal(text);
  if (!decimal || decimal.units < 0n) return null;
  const cents =
    decimal.scale <= 2 ? decimal.units * pow10(2 - decimal.scale) : decimal.units / pow10(decimal.scale - 2);
  return cents > BigInt(FRAUD_AMOUNT_MAX_CENTS) ? null : Number(cents);
}

/** An item limit as a whole number, or null when there is none. */
export function fraudItemCount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value <= FRAUD_ITEMS_MAX ? value : null;
  const text = value.trim();
  if (text === '' || !ITEMS_TEXT_PATTERN.test(text) || text.length > 7) return null;
  const count = Number(text);
  return count <= FRAUD_ITEMS_MAX ? count : null;
}

/** Limits of zero count as unset: the page's inputs start at 1 and "at least one nonzero" is the rule. */
function isSet(limit: number | null): limit is number {
  return limit !== null && limit > 0;
}

/** A min/max pair as the check that flags values outside it; null when neither limit is set. */
function outsideRangeCheck<V extends number | string>(
  build: (operator: FraudComparisonOperator, value: V) => FraudSingleCheck,
  min: V | null,
  max: V | null,
): FraudCheck | null {
  const checks: FraudCheck[] = [];
  if (min !== null) checks.push(build('less_than', min));
  if (max !== null) checks.push(build('greater_than', max));
  if (checks.length === 0) return null;
  return checks.length === 1 ? checks[0]! : { operator: 'or', checks };
}

function internationalIpCheck(selling: SellingCountries): FraudCheck | null {
  if (selling.mode === 'all') return null;
  const countries = [...new Set(selling.countries.map((country) => country.trim().toLowerCase()))].filter(
    (country) => /^[a-z]{2}$/.test(country),
  );
  if (countries.length === 0) return null;
  // The check matches the failure: an IP in a country the store excludes, or outside the
  // countries it sells to.
  return {
    key: 'ip_country',
    operator: selling.mode === 'specific' ? 'not_in' : 'in',
    value: countries.join('|'),
  };
}

export interface SettingsToRulesOptions {
  storeCurrency?: string | null;
  sellingCountries: SellingCountries;
  /** Without the review feature every filter blocks; defaults to true. */
  reviewFeatureActive?: boolean;
}

/**
 * The rules to save for the page's settings: one rule per enabled filter. A filter that cannot
 * produce a check is left out: the international IP filter while the store sells to all
 * countries, and a threshold filter without limits (validateFraudSettings refuses that first).
 */
export function settingsToRules(settings: FraudSettings, options: SettingsToRulesOptions): FraudRule[] {
  const currency = (options.storeCurrency?.trim() || 'usd').toLowerCase();
  const reviewActive = options.reviewFeatureActive ?? true;
  const items = settings.order_items_threshold;
  const price = settings.purchase_price_threshold;
  const minItems = fraudItemCount(items.min_items);
  const maxItems = fraudItemCount(items.max_items);
  const minCents = fraudAmountToCents(price.min_amount);
  const maxCents = fraudAmountToCents(price.max_amount);

  const checks: Record<FraudRuleKey, FraudCheck | null> = {
    avs_verification: { key: 'avs_mismatch', operator: 'equals', value: true },
    address_mismatch: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
    international_ip_address: internationalIpCheck(options.sellingCountries),
    ip_address_mismatch: { key: 'ip_billing_country_same', operator: 'equals', value: false },
    order_items_threshold: outsideRangeCheck<number>(
      (operator, value) => ({ key: 'item_count', operator, value }),
      isSet(minItems) ? minItems : null,
      isSet(maxItems) ? maxItems : null,
    ),
    purchase_price_threshold: outsideRangeCheck<string>(
      (operator, value) => ({ key: 'order_total', operator, value }),
      isSet(minCents) ? formatOrderTotalValue(minCents, currency) : null,
      isSet(maxCents) ? formatOrderTotalValue(maxCents, currency) : null,
    ),
  };

  const rules: FraudRule[] = [];
  for (const key of Object.keys(checks) as FraudRuleKey[]) {
    const check = checks[key];
    if (!settings[key].enabled || !check) continue;
    rules.push({ key, outcome: settings[key].block || !reviewActive ? 'block' : 'review', check });
  }
  return rules;
}

export interface RulesToSettingsOptions {
  reviewFeatureActive: boolean;
  declineOnAVSFailure: boolean;
}

/**
 * The defaults: AVS enabled and blocking when the account declines on AVS failure; every
 * other filter disabled, blocking unless the review feature is active.
 */
export function defaultFraudSettings(options: RulesToSettingsOptions): FraudSettings {
  const block = !options.reviewFeatureActive;
  return {
    avs_verification: {
      enabled: options.declineOnAVSFailure,
      block: options.declineOnAVSFailure || block,
    },
    address_mismatch: { enabled: false, block },
    international_ip_address: { enabled: false, block },
    ip_address_mismatch: { enabled: false, block },
    order_items_threshold: { enabled: false, block, min_items: null, max_items: null },
    purchase_price_threshold: { enabled: false, block, min_amount: null, max_amount: null },
  };
}

/** The first single check with this key and operator, depth first. */
function findSingleCheck(
  check: FraudCheck,
  key: FraudSingleCheck['key'],
  operator: FraudComparisonOperator,
): FraudSingleCheck | null {
  if ('checks' in check) {
    for (const child of check.checks) {
      const found = findSingleCheck(child, key, operator);
      if (found) return found;
    }
    return null;
  }
  return check.key === key && check.operator === operator ? check : null;
}

function itemLimit(check: FraudSingleCheck | null): number | null {
  return check && typeof check.value === 'number' ? check.value : null;
}

/** A stored cents value back to the major-unit text the form shows: `1050|usd` → "10.5". */
function amountLimit(check: FraudSingleCheck | null): string | null {
  const parsed = check && typeof check.value === 'string' ? parseOrderTotalValue(check.value) : null;
  if (!parsed) return null;
  return trimFractionZeros(decimalToFixed({ units: BigInt(parsed.amount_cents), scale: 2 }));
}

/**
 * The page's settings for the saved rules: defaults for filters without a rule, and for each
 * saved rule enabled = true with block = true for a block outcome, or for any outcome when the
 * review feature is off.
 */
export function rulesToSettings(
  rules: readonly FraudRule[] | null | undefined,
  options: RulesToSettingsOptions,
): FraudSettings {
  const settings = defaultFraudSettings(options);
  for (const rule of rules ?? []) {
    const base = { enabled: true, block: rule.outcome === 'block' || !options.reviewFeatureActive };
    switch (rule.key) {
      case 'order_items_threshold':
        settings.order_items_threshold = {
          ...base,
          min_items: itemLimit(findSingleCheck(rule.check, 'item_count', 'less_than')),
          max_items: itemLimit(findSingleCheck(rule.check, 'item_count', 'greater_than')),
        };
        break;
      case 'purchase_price_threshold':
        settings.purchase_price_threshold = {
          ...base,
          min_amount: amountLimit(findSingleCheck(rule.check, 'order_total', 'less_than')),
          max_amount: amountLimit(findSingleCheck(rule.check, 'order_total', 'greater_than')),
        };
        break;
      default:
        settings[rule.key] = base;
    }
  }
  return settings;
}

export interface FraudSettingsError {
  key: 'purchase_price_threshold' | 'order_items_threshold';
  message: string;
}

/**
 * An enabled purchase price filter needs a nonzero min or max, and max above min
 * when both are set; the same for the item count filter. Errors come in the page's card order.
 */
export function validateFraudSettings(settings: FraudSettings): FraudSettingsError[] {
  const errors: FraudSettingsError[] = [];
  const price = settings.purchase_price_threshold;
  if (price.enabled) {
    const min = fraudAmountToCents(price.min_amount);
    const max = fraudAmountToCents(price.max_amount);
    if (!isSet(min) && !isSet(max)) {
      errors.push({ key: 'purchase_price_threshold', message: FRAUD_SETTINGS_MESSAGES.priceRangeRequired });
    } else if (isSet(min) && isSet(max) && max <= min) {
      errors.push({ key: 'purchase_price_threshold', message: FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin });
    }
  }
  const items = settings.order_items_threshold;
  if (items.enabled) {
    const min = fraudItemCount(items.min_items);
    const max = fraudItemCount(items.max_items);
    if (!isSet(min) && !isSet(max)) {
      errors.push({ key: 'order_items_threshold', message: FRAUD_SETTINGS_MESSAGES.itemRangeRequired });
    } else if (isSet(min) && isSet(max) && max <= min) {
      errors.push({ key: 'order_items_threshold', message: FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin });
    }
  }
  return errors;
}

/**
 * A threshold rule's problem, if any: both limits set with the maximum not above the minimum,
 * so no order could pass. Rules written by the page never have it; the server refuses it in a
 * request made by hand.
 */
export function thresholdRangeProblem(rule: FraudRule): string | null {
  if (rule.key === 'order_items_threshold') {
    const min = itemLimit(findSingleCheck(rule.check, 'item_count', 'less_than'));
    const max = itemLimit(findSingleCheck(rule.check, 'item_count', 'greater_than'));
    return min !== null && max !== null && max <= min ? FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin : null;
  }
  if (rule.key === 'purchase_price_threshold') {
    const value = (operator: FraudComparisonOperator) => {
      const check = findSingleCheck(rule.check, 'order_total', operator);
      return check && typeof check.value === 'string' ? parseOrderTotalValue(check.value) : null;
    };
    const min = value('less_than');
    const max = value('greater_than');
    return min && max && min.currency === max.currency && max.amount_cents <= min.amount_cents
      ? FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin
      : null;
  }
  return null;
}

export interface FraudProtectionSaveOutcome {
  /** Whether to save the level and rules at all. */
  save: boolean;
  protection_level: FraudProtectionLevel;
  notice: { status: 'success' | 'error'; message: string } | null;
}

/**
 * Saving: any enabled filter makes the level advanced (announced
 * when it changed); none makes it basic with an error notice, and when the level already was
 * basic nothing is saved at all.
 */
export function fraudProtectionSaveOutcome(
  settings: FraudSettings,
  /** The saved level; besides basic and advanced, older values such as block or review occur. */
  currentLevel: string,
): FraudProtectionSaveOutcome {
  const anyEnabled = Object.values(settings).some((setting: FraudRuleSetting) => setting.enabled);
  if (anyEnabled) {
    return {
      save: true,
      protection_level: 'advanced',
      notice:
        currentLevel === 'advanced'
          ? null
          : { status: 'success', message: FRAUD_SETTINGS_MESSAGES.levelSetAdvanced },
    };
  }
  if (currentLevel === 'basic') {
    return {
      save: false,
      protection_level: 'basic',
      notice: { status: 'error', message: FRAUD_SETTINGS_MESSAGES.filterRequired },
    };
  }
  return {
    save: true,
    protection_level: 'basic',
    notice: { status: 'error', message: FRAUD_SETTINGS_MESSAGES.levelSetBasic },
  };
}
