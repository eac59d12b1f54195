import { describe, expect, it } from 'vitest';
import { CHANNEL_LABELS, listLabel, searchPlaceholder, showsSubscriptionColumn } from './list-labels.ts';

describe('searchPlaceholder', () => {
  const flags = { subscriptionsActive: false, customSearch: true };

  it('names subscriptions only while they are active', () => {
    expect(searchPlaceholder('transactions-page', flags)).toBe(
      'Search by order number, customer name, or billing email',
    );
    expect(searchPlaceholder('transactions-page', { ...flags, subscriptionsActive: true })).toBe(
      'Search by order number, subscription number, customer name, or billing email',
    );
  });

  it('searches customer names only without the custom search flag', () => {
    expect(searchPlaceholder('transactions-page', { subscriptionsActive: true, customSearch: false })).toBe(
      'Search by customer name',
    );
  });

  it('has its own placeholder on the blocked tab', () => {
    expect(searchPlaceholder('blocked-page', { subscriptionsActive: true, customSearch: false })).toBe(
      'Search by order number or customer name',
    );
  });
});

describe('showsSubscriptionColumn', () => {
  it('shows the column only with active subscriptions', () => {
    expect(showsSubscriptionColumn({ subscriptionsActive: true, customSearch: true })).toBe(true);
    expect(showsSubscriptionColumn({ subscriptionsActive: false, customSearch: true })).toBe(false);
  });
});

describe('listLabel', () => {
  it('labels known values and shows others as they are', () => {
    expect(listLabel(CHANNEL_LABELS, 'in_person_pos')).toBe('In-Person (POS)');
    expect(listLabel(CHANNEL_LABELS, 'kiosk')).toBe('kiosk');
    expect(listLabel(CHANNEL_LABELS, 'constructor')).toBe('constructor');
    expect(listLabel(CHANNEL_LABELS, null)).toBe('');
  });
});
