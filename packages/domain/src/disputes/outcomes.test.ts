import { describe, expect, it } from 'vitest';
import { disputeWinRate } from './outcomes.ts';

describe('disputeWinRate', () => {
  it('is the whole percent of decided disputes won, rounded half up, and null with none', () => {
    expect(disputeWinRate(0, 0)).toBeNull();
    expect(disputeWinRate(1, 0)).toBe(100);
    expect(disputeWinRate(0, 3)).toBe(0);
    expect(disputeWinRate(1, 2)).toBe(33);
    expect(disputeWinRate(2, 1)).toBe(67);
    expect(disputeWinRate(1, 7)).toBe(13); // 12.5 rounds up
    expect(disputeWinRate(618, 877 + 1)).toBe(41);
  });
});
