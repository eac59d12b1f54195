/**
 * How disputes end for the merchant: the win rate the disputes page shows by reason
 * (docs/disputes.md, "Win rate by reason"). Inquiries and refunded charges are not decided by
 * the issuer, so only won and lost disputes count.
 */
export const DECIDED_DISPUTE_STATUSES = ['won', 'lost'] as const;

/** The share of decided disputes won, in whole percent (half up); null when none was decided. */
export function disputeWinRate(won: number, lost: number): number | null {
  const decided = won + lost;
  if (decided === 0) return null;
  return Math.floor((won * 100 * 2 + decided) / (decided * 2));
}
