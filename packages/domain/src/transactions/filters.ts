/**
 * The advanced filters of the transactions list as they live in the page's URL
 * (`filter=advanced&match=all&type_is=charge&date_between[0]=…`) and as a list request sends
 * them. Dates use the rules before, after and between; every other filter is or is not.
 */

import { TRANSACTION_TYPES, type TransactionType } from './status.ts';

export const DATE_RULES = ['before', 'after', 'between'] as const;
export const VALUE_RULES = ['is', 'is_not'] as const;
export type DateRule = (typeof DATE_RULES)[number];
export type ValueRule = (typeof VALUE_RULES)[number];
export type FilterRule = DateRule | ValueRule;

/**
 * The transaction filters other than search, by their request names: type, device,
 * channel, country, risk and currency, and source.
 */
export const VALUE_FILTER_KEYS = [
  'type',
  'source_device',
  'channel',
  'customer_country',
  'risk_level',
  'customer_currency',
  'source',
] as const;
export type ValueFilterKey = (typeof VALUE_FILTER_KEYS)[number];
export type FilterKey = 'date' | ValueFilterKey;

export type AdvancedFilter =
  | { key: 'date'; rule: 'before' | 'after'; value: string }
  | { key: 'date'; rule: 'between'; value: [string, string] }
  | { key: ValueFilterKey; rule: ValueRule; value: string };

/** Filters that are not advanced rules but narrow the list all the same (links from elsewhere). */
export const LINK_FILTER_KEYS = ['loan_id_is', 'deposit_id', 'store_currency_is'] as const;
type LinkFilterKey = (typeof LINK_FILTER_KEYS)[number];

/** A transaction's channel and source_device values. */
export const TRANSACTION_CHANNEL_VALUES = ['online', 'in_person', 'in_person_pos'] as const;
export const SOURCE_DEVICE_VALUES = ['ios', 'android'] as const;

/** Longest value a filter or search term may carry; anything longer is ignored. */
const MAX_VALUE_LENGTH = 100;
/** Most search terms a list request carries (the list endpoints' own limit). */
export const MAX_SEARCH_TERMS = 20;

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);

/**
 * What each filter's value may be, as the list endpoints accept it. A URL edited by hand with
 * another value leaves that filter out instead of failing the whole list.
 */
const VALUE_CHECKS: Record<ValueFilterKey | LinkFilterKey, (value: string) => boolean> = {
  type: oneOf(TRANSACTION_TYPES),
  source_device: oneOf(SOURCE_DEVICE_VALUES),
  channel: oneOf(TRANSACTION_CHANNEL_VALUES),
  customer_country: (value) => /^[A-Za-z]{2}$/.test(value),
  risk_level: (value) => /^[0-2]$/.test(value),
  customer_currency: (value) => /^[A-Za-z]{3}$/.test(value),
  source: (value) => /^[a-z0-9_]{1,40}$/.test(value),
  loan_id_is: (value) => /^[A-Za-z0-9_]{1,64}$/.test(value),
  deposit_id: (value) => /^\w{1,64}$/.test(value),
  store_currency_is: (value) => /^[A-Za-z]{3}$/.test(value),
};

/** Whether a value is one the filter accepts. */
export function isFilterValue(
  key: ValueFilterKey | LinkFilterKey,
  value: string | undefined,
): value is string {
  return value !== undefined && VALUE_CHECKS[key](value);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(value: string | null | undefined): value is string {
  const match = value ? DAY.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const usableTerm = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && value.trim().length <= MAX_VALUE_LENGTH;

/** Reads `key[0]`, `key[1]` … (or `key[]`) of a flat query into a list, in index order. */
export function readList(query: Readonly<Record<string, string>>, key: string): string[] {
  const indexed: [number, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    if (name === `${key}[]`) indexed.push([Number.MAX_SAFE_INTEGER, value]);
    const match = /^(.+)\[(\d{1,3})\]$/.exec(name);
    if (match && match[1] === key) indexed.push([Number(match[2]), value]);
  }
  return indexed.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
}

/** Writes a list as `key[0]`, `key[1]` …; `undefined` for each old index clears it. */
export function writeList(
  key: string,
  values: readonly string[],
  previousLength = 0,
): Record<string, string | undefined> {
  const entries: Record<string, string | undefined> = {};
  for (let index = 0; index < Math.max(values.length, previousLength); index++) {
    entries[`${key}[${index}]`] = values[index];
  }
  return entries;
}

/**
 * The advanced filters in the page's query. Malformed rules are left out rather than sent: a
 * date that is not a calendar day, a between with one end, an empty or overlong value.
 */
export function readAdvancedFilters(query: Readonly<Record<string, string>>): AdvancedFilter[] {
  const filters: AdvancedFilter[] = [];
  for (const rule of ['before', 'after'] as const) {
    const value = query[`date_${rule}`];
    if (isCalendarDay(value)) filters.push({ key: 'date', rule, value });
  }
  const between = readList(query, 'date_between');
  if (between.length === 2 && between.every(isCalendarDay)) {
    filters.push({ key: 'date', rule: 'between', value: [between[0]!, between[1]!] });
  }
  for (const key of VALUE_FILTER_KEYS) {
    for (const rule of VALUE_RULES) {
      const value = query[`${key}_${rule}`];
      if (isFilterValue(key, value)) filters.push({ key, rule, value });
    }
  }
  // A loan's link names its type as `type=charge`.
  if (!query.type_is && isFilterValue('type', query.type))
    filters.push({ key: 'type', rule: 'is', value: query.type });
  return filters;
}

/** The URL query keys every advanced filter may use, so a change can clear the old ones. */
export function advancedFilterQueryKeys(query: Readonly<Record<string, string>>): string[] {
  const keys = ['filter', 'match', 'date_before', 'date_after', 'type'];
  for (const key of VALUE_FILTER_KEYS) for (const rule of VALUE_RULES) keys.push(`${key}_${rule}`);
  for (const name of Object.keys(query)) if (/^date_between\[\d*\]$/.test(name)) keys.push(name);
  return keys;
}

/**
 * The URL query for a set of filters: every advanced key of the current query is cleared
 * (undefined), then the filters' own keys are set. `filter=advanced` marks the rules as in use.
 */
export function advancedFiltersToQuery(
  current: Readonly<Record<string, string>>,
  filters: readonly AdvancedFilter[],
  match: 'all' | 'any' = 'all',
): Record<string, string | undefined> {
  const changes: Record<string, string | undefined> = {};
  for (const key of advancedFilterQueryKeys(current)) changes[key] = undefined;
  if (filters.length === 0) return changes;
  changes.filter = 'advanced';
  changes.match = match;
  for (const filter of filters) {
    if (filter.key === 'date' && filter.rule === 'between') {
      Object.assign(changes, writeList('date_between', filter.value));
    } else {
      changes[`${filter.key}_${filter.rule}`] = filter.value as string;
    }
  }
  return changes;
}

const startOfDay = (day: string) => `${day} 00:00:00`;
const endOfDay = (day: string) => `${day} 23:59:59`;

/**
 * Date-between filters are sorted ascending; the start is the first second of its
 * day and the end the last second of its day, both UTC. Before means before the day starts;
 * after means after the day ends.
 */
export function dateFilterBounds(filter: Extract<AdvancedFilter, { key: 'date' }>): {
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
} {
  if (filter.rule === 'before') return { date_before: startOfDay(filter.value) };
  if (filter.rule === 'after') return { date_after: endOfDay(filter.value) };
  const [first, second] = [...filter.value].sort();
  return { date_between: [startOfDay(first!), endOfDay(second!)] };
}

export type TransactionFilterRequest = {
  match?: 'all' | 'any';
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
  search?: string[];
  loan_id_is?: string;
  deposit_id?: string;
  store_currency_is?: string;
} & { [filter in `${ValueFilterKey}_${ValueRule}`]?: FilterValues[FilterKeyOf<filter>] };

/** The values each filter takes, as the list endpoints type them. */
interface FilterValues {
  type: TransactionType;
  source_device: (typeof SOURCE_DEVICE_VALUES)[number];
  channel: (typeof TRANSACTION_CHANNEL_VALUES)[number];
  customer_country: string;
  risk_level: string;
  customer_currency: string;
  source: string;
}
type FilterKeyOf<Name extends string> = Name extends `${infer Key extends ValueFilterKey}_is_not`
  ? Key
  : Name extends `${infer Key extends ValueFilterKey}_is`
    ? Key
    : never;

/**
 * The filters a transactions list, summary or export request sends for the page's query:
 * the advanced rules, the search terms and the link filters (loan, payout, currency).
 */
export function transactionFilterRequest(query: Readonly<Record<string, string>>): TransactionFilterRequest {
  const request: TransactionFilterRequest = {};
  const filters = readAdvancedFilters(query);
  if (filters.length > 0) request.match = query.match === 'any' ? 'any' : 'all';
  for (const filter of filters) {
    if (filter.key === 'date') Object.assign(request, dateFilterBounds(filter));
    // The value was checked against the filter's values when it was read.
    else request[`${filter.key}_${filter.rule}`] = filter.value as never;
  }
  const search = readSearchTerms(query);
  if (search.length > 0) request.search = search;
  for (const key of LINK_FILTER_KEYS) {
    const value = query[key];
    if (isFilterValue(key, value)) request[key] = value;
  }
  return request;
}

/** The search terms of the page's query (`search[0]` …), without blanks or repeats. */
export function readSearchTerms(query: Readonly<Record<string, string>>): string[] {
  const terms = readList(query, 'search')
    .filter(usableTerm)
    .map((term) => term.trim());
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

/** Whether a request narrows the list, so an export of it needs no confirmation. */
export function hasTransactionFilters(request: TransactionFilterRequest): boolean {
  return Object.entries(request).some(([key, value]) => key !== 'match' && value !== undefined);
}

/**
 * An unfiltered export of this many rows or more asks first. Payouts ask at
 * 1,000, transactions at 10,000; blocked payments, by our choice, ask at 1,000.
 */
export const EXPORT_CONFIRMATION_THRESHOLDS = {
  deposits: 1_000,
  transactions: 10_000,
  blocked: 1_000,
} as const;

export function exportNeedsConfirmation(
  list: keyof typeof EXPORT_CONFIRMATION_THRESHOLDS,
  rowCount: number,
  filtered: boolean,
): boolean {
  return !filtered && rowCount >= EXPORT_CONFIRMATION_THRESHOLDS[list];
}
