/** Capital: the loans and the active loan's summary (`{base}/capital/…`). */
export const capitalKeys = {
  all: ['capital'] as const,
  activeLoanSummary: () => [...capitalKeys.all, 'active-loan-summary'] as const,
  loans: () => [...capitalKeys.all, 'loans'] as const,
};
