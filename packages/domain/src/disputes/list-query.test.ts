import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../time.ts';
import { disputeFilterRequest, disputeListPosition, responseUrgency } from './list-query.ts';

describe('the disputes list query', () => {
  it('sends awaiting_response as the two statuses, and leaves out what is malformed', () => {
    expect(disputeFilterRequest({ filter: 'awaiting_response' })).toEqual({
      search: ['needs_response', 'warning_needs_response'],
    });
    expect(
      disputeFilterRequest({
        status_is: 'open',
        store_currency_is: 'EURO',
        date_before: '2026-02-30',
        filter: 'x',
      }),
    ).toEqual({});
    expect(
      disputeFilterRequest({
        status_is: 'lost',
        store_currency_is: 'EUR',
        'date_between[0]': '2026-03-02',
        'date_between[1]': '2026-03-01',
      }),
    ).toEqual({ status_is: 'lost', store_currency_is: 'eur', date_between: ['2026-03-01', '2026-03-02'] });
  });

  it('defaults to newest first and keeps a sortable column', () => {
    expect(disputeListPosition({})).toEqual({
      page: 1,
      perPage: 25,
      sort: { sort: 'created', direction: 'desc' },
    });
    expect(disputeListPosition({ orderby: 'due_by', order: 'asc', paged: '2' }).sort).toEqual({
      sort: 'due_by',
      direction: 'asc',
    });
    expect(disputeListPosition({ orderby: 'reason' }).sort.sort).toBe('created');
  });

  it('says the last day within 24 hours and the days left within 72', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(responseUrgency(now + 23 * HOUR_MS, now)).toEqual({ kind: 'last_day' });
    expect(responseUrgency(now + 25 * HOUR_MS, now)).toEqual({ kind: 'days_left', days: 2 });
    expect(responseUrgency(now + 71 * HOUR_MS, now)).toEqual({ kind: 'days_left', days: 3 });
    expect(responseUrgency(now + 4 * DAY_MS, now)).toBeNull();
    expect(responseUrgency(now - HOUR_MS, now)).toBeNull();
  });
});
