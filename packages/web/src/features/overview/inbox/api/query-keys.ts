/** Query keys of the inbox: its notes and the signed-in user's last-read time. */
export const inboxKeys = {
  all: ['overview-inbox'] as const,
  notes: () => [...inboxKeys.all, 'notes'] as const,
  preferences: () => [...inboxKeys.all, 'preferences'] as const,
};
