/**
 * The store options (`GET /wc-admin/options?options=…`). Each reader asks for the names it needs;
 * every selection sits under one root, so invalidating `optionsKeys.all` reaches them all. The
 * names are sorted, so one selection has one key whatever order a reader lists them in.
 */
export const optionsKeys = {
  all: ['options'] as const,
  named: (names: readonly string[]) => [...optionsKeys.all, [...names].sort().join(',')] as const,
};
