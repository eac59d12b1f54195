import { auditLog, type QueryOf } from '@paydesk/domain/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, queryString } from '../../../lib/api.ts';
import { auditLogKeys } from '../../../lib/query-keys/index.ts';

export type AuditLogQuery = QueryOf<typeof auditLog.listAuditLog>;
export type AuditLogFilters = QueryOf<typeof auditLog.auditLogSummary>;

/** GET {base}/audit_log: a page of the audit log, newest first. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => apiFetch(auditLog.listAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/audit_log/summary: how many rows the filters select. */
export function useAuditLogSummary(filters: AuditLogFilters) {
  return useQuery({
    queryKey: auditLogKeys.summary(filters),
    queryFn: ({ signal }) => apiFetch(auditLog.auditLogSummary, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The address of the CSV of the rows the filters select; the nonce is added by the link. */
export const auditLogDownloadUrl = (filters: AuditLogFilters) =>
  `${auditLog.downloadAuditLog.path}${queryString(filters as Record<string, unknown>)}`;
