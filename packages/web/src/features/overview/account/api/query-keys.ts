/** Query keys of the Overview's account, balance, payout and option reads. */
export const overviewKeys = {
  all: ['overview-account'] as const,
  account: () => [...overviewKeys.all, 'accounts'] as const,
  depositsOverview: () => [...overviewKeys.all, 'deposits-overview'] as const,
  recentPayouts: (currency: string) => [...overviewKeys.all, 'recent-payouts', currency] as const,
  options: () => [...overviewKeys.all, 'options'] as const,
};
