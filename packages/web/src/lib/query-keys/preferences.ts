/**
 * The signed-in user's preferences (`GET /wc-admin/users/me/preferences`): the lists' hidden
 * columns and the inbox's last-read time come from this one cache entry.
 */
export const preferencesKeys = {
  current: () => ['user-preferences'] as const,
};
