import { describe, expect, it } from 'vitest';
import { auditLogFilterRequest, auditLogListRequest } from './list-query.ts';

describe("the audit log page's request", () => {
  it('sends the typed filters trimmed, and the page', () => {
    expect(
      auditLogListRequest({
        paged: '2',
        per_page: '50',
        user: ' admin ',
        action: 'POST /wc/v3/payments/refund',
        object_id: 'ch_1',
        outcome: 'refused',
      }),
    ).toEqual({
      page: 2,
      pagesize: 50,
      direction: 'desc',
      user: 'admin',
      action: 'POST /wc/v3/payments/refund',
      object_id: 'ch_1',
      outcome: 'refused',
    });
  });

  it('leaves out what is malformed', () => {
    expect(auditLogFilterRequest({ user: '  ', outcome: 'deleted', date_before: 'yesterday' })).toEqual({});
    expect(auditLogListRequest({ paged: '-1', per_page: '1000' })).toMatchObject({ page: 1, pagesize: 100 });
  });

  it('reads the date rule as the other lists do', () => {
    expect(auditLogFilterRequest({ date_before: '2026-03-02' })).toEqual({
      date_before: '2026-03-02 00:00:00',
    });
    expect(
      auditLogFilterRequest({ 'date_between[0]': '2026-03-01', 'date_between[1]': '2026-03-02' }),
    ).toEqual({
      date_between: ['2026-03-01 00:00:00', '2026-03-02 23:59:59'],
    });
  });
});

it('sorts by date, oldest first when asked', () => {
  expect(auditLogListRequest({ orderby: 'created', order: 'asc' }).direction).toBe('asc');
  expect(auditLogListRequest({ orderby: 'amount', order: 'asc' }).direction).toBe('desc');
});
