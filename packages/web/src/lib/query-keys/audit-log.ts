/** The audit log and its count (`{base}/audit_log…`). */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: object) => [...auditLogKeys.all, 'list', query] as const,
  summary: (filters: object) => [...auditLogKeys.all, 'summary', filters] as const,
};
