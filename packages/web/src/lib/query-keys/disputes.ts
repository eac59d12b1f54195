/**
 * The disputes: the list, its summary and outcomes, one dispute, and the disputes awaiting a
 * response that the Overview's task list counts. All sit under one root, so answering or
 * closing a dispute refreshes the task list too.
 */
export const disputesKeys = {
  all: ['disputes'] as const,
  list: (request: object) => [...disputesKeys.all, 'list', request] as const,
  summary: (filters: object) => [...disputesKeys.all, 'summary', filters] as const,
  outcomes: (filters: object) => [...disputesKeys.all, 'outcomes', filters] as const,
  one: (id: string) => [...disputesKeys.all, 'one', id] as const,
  awaitingResponse: () => [...disputesKeys.all, 'awaiting-response'] as const,
};

/** Stored files (`GET {base}/file/{id}/details`), such as dispute evidence. */
export const fileKeys = {
  all: ['files'] as const,
  details: (id: string) => [...fileKeys.all, 'details', id] as const,
};
