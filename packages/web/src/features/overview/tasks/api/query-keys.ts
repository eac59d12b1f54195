/** Query keys of the task list's and the payment activity's reads. */
export const taskKeys = {
  all: ['overview-tasks'] as const,
  account: () => [...taskKeys.all, 'account'] as const,
  options: () => [...taskKeys.all, 'options'] as const,
  disputes: () => [...taskKeys.all, 'disputes-awaiting-response'] as const,
};
