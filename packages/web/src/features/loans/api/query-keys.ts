/** Query keys of the Loans page, from one factory. */
export const loansKeys = {
  all: ['loans'] as const,
  activeLoanSummary: () => [...loansKeys.all, 'active-loan-summary'] as const,
  list: () => [...loansKeys.all, 'list'] as const,
};
