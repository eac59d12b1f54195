/** The inbox's notes (`GET /wc-analytics/admin/notes`). */
export const inboxKeys = {
  all: ['inbox'] as const,
  notes: () => [...inboxKeys.all, 'notes'] as const,
};
