import { describe, expect, it } from 'vitest';
import { hasPayoutFilters, payoutFilterRequest, payoutListPosition } from './list-query.ts';

describe('payouts list query', () => {
  it('sorts by date descending unless the URL names a sortable column', () => {
    expect(payoutListPosition({})).toEqual({
      page: 1,
      perPage: 25,
      sort: { sort: 'date', direction: 'desc' },
    });
    expect(payoutListPosition({ orderby: 'status', order: 'asc', paged: '3', per_page: '50' })).toEqual({
      page: 3,
      perPage: 50,
      sort: { sort: 'status', direction: 'asc' },
    });
    expect(payoutListPosition({ orderby: 'amount', order: 'sideways' }).sort).toEqual({
      sort: 'amount',
      direction: 'desc',
    });
    expect(payoutListPosition({ orderby: 'fee', order: 'asc' }).sort).toEqual({
      sort: 'date',
      direction: 'desc',
    });
    expect(payoutListPosition({ paged: '-1', per_page: '1000' })).toMatchObject({ page: 1, perPage: 100 });
  });

  it('sends the valid filters only', () => {
    expect(
      payoutFilterRequest({
        path: '/payments/payouts',
        date_after: '2026-03-01',
        date_before: '2026-02-30',
        status_is: 'in_transit',
        status_is_not: 'lost',
        store_currency_is: 'EUR',
      }),
    ).toEqual({ date_after: '2026-03-01', status_is: 'in_transit', store_currency_is: 'eur' });
    expect(payoutFilterRequest({ 'date_between[1]': '2026-03-09', 'date_between[0]': '2026-03-01' })).toEqual(
      {
        date_between: ['2026-03-01', '2026-03-09'],
      },
    );
    expect(payoutFilterRequest({ 'date_between[0]': '2026-03-01' })).toEqual({});
    expect(payoutFilterRequest({ store_currency_is: 'dollars' })).toEqual({});
  });

  it('sends match=any only when two rules can combine', () => {
    expect(payoutFilterRequest({ match: 'any', status_is: 'paid' })).toEqual({ status_is: 'paid' });
    expect(payoutFilterRequest({ match: 'any', status_is: 'paid', date_after: '2026-03-01' })).toEqual({
      match: 'any',
      status_is: 'paid',
      date_after: '2026-03-01',
    });
  });

  it('counts a request as filtered when any filter applies', () => {
    expect(hasPayoutFilters({})).toBe(false);
    expect(hasPayoutFilters({ match: 'any' })).toBe(false);
    expect(hasPayoutFilters({ status_is: 'paid' })).toBe(true);
    expect(hasPayoutFilters({ store_currency_is: 'eur' })).toBe(true);
  });
});
