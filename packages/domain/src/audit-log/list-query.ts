import { dateFilterBounds, readAdvancedFilters } from '../transactions/filters.ts';
import { listPosition } from '../transactions/list-query.ts';
import { AUDIT_OUTCOMES, type AuditOutcome } from './outcomes.ts';

/** Longest filter text the page sends; longer is cut, as the API would refuse it. */
const MAX_FILTER_CHARS = 200;

export interface AuditLogFilterRequest {
  user?: string;
  action?: string;
  object_id?: string;
  outcome?: AuditOutcome;
  date_before?: string;
  date_after?: string;
  date_between?: [string, string];
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim().slice(0, MAX_FILTER_CHARS);
  return trimmed ? trimmed : undefined;
};

const isOutcome = (value: string | undefined): value is AuditOutcome =>
  (AUDIT_OUTCOMES as readonly (string | undefined)[]).includes(value);

/**
 * The filters of the audit log page's address (docs/audit-log.md): user, action, object and
 * outcome as typed, and the date rule as on the other lists (before, after or between days).
 * Malformed values are left out rather than sent.
 */
export function auditLogFilterRequest(query: Readonly<Record<string, string>>): AuditLogFilterRequest {
  const request: AuditLogFilterRequest = {};
  const user = text(query.user);
  const action = text(query.action);
  const objectId = text(query.object_id);
  if (user) request.user = user;
  if (action) request.action = action;
  if (objectId) request.object_id = objectId;
  if (isOutcome(query.outcome)) request.outcome = query.outcome;
  const date = readAdvancedFilters(query).find((filter) => filter.key === 'date');
  if (date?.key === 'date') Object.assign(request, dateFilterBounds(date));
  return request;
}

/**
 * The page's position (`paged`, `per_page`, and `order` of the date, newest first unless asked)
 * and filters as the list request sends them.
 */
export function auditLogListRequest(query: Readonly<Record<string, string>>) {
  const position = listPosition(query, ['created'] as const, { sort: 'created', direction: 'desc' });
  return {
    page: position.page,
    pagesize: position.perPage,
    direction: position.sort.direction,
    ...auditLogFilterRequest(query),
  };
}
