import type { TransactionTab } from './list-query.ts';

/**
 * Words of the transactions lists that depend on the store: the search box's
 * placeholder and whether the subscription column shows. Plain English; the web wraps the
 * placeholders in __().
 */

export const SEARCH_PLACEHOLDERS = {
  subscriptions: 'Search by order number, subscription number, customer name, or billing email',
  default: 'Search by order number, customer name, or billing email',
  customerNameOnly: 'Search by customer name',
  blocked: 'Search by order number or customer name',
} as const;

export interface StoreListFlags {
  /** Whether a subscriptions extension is active in the store. */
  subscriptionsActive: boolean;
  /** Whether the list searches orders and e-mails too, not only customer names. */
  customSearch: boolean;
}

/** Search placeholders: the blocked tab has its own; else by the store's flags. */
export function searchPlaceholder(tab: TransactionTab, flags: StoreListFlags): string {
  if (tab === 'blocked-page') return SEARCH_PLACEHOLDERS.blocked;
  if (!flags.customSearch) return SEARCH_PLACEHOLDERS.customerNameOnly;
  return flags.subscriptionsActive ? SEARCH_PLACEHOLDERS.subscriptions : SEARCH_PLACEHOLDERS.default;
}

/** The subscription column appears only while subscriptions are active. */
export function showsSubscriptionColumn(flags: StoreListFlags): boolean {
  return flags.subscriptionsActive;
}

/** `channel` values as the list shows them. */
export const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  online: 'Online',
  in_person: 'In-Person',
  in_person_pos: 'In-Person (POS)',
};

/** `source_device` values as the list shows them. */
export const SOURCE_DEVICE_LABELS: Readonly<Record<string, string>> = {
  ios: 'iOS',
  android: 'Android',
};

/** A label from one of the tables above; unknown values show as they are. */
export function listLabel(table: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (!value) return '';
  return Object.hasOwn(table, value) ? table[value]! : value;
}
