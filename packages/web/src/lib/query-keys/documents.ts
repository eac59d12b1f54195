/** The documents list and its count (`{base}/documents…`). */
export const documentsKeys = {
  all: ['documents'] as const,
  list: (query: object) => [...documentsKeys.all, 'list', query] as const,
  summary: (filters: object) => [...documentsKeys.all, 'summary', filters] as const,
};
