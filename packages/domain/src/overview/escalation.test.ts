import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../time.ts';
import { elapsedDays, type ProgressiveOnboardingInput, progressiveOnboardingTask } from './escalation.ts';

const CREATED = Date.UTC(2026, 0, 1, 12, 0, 0);

function input(overrides: Partial<ProgressiveOnboardingInput> = {}): ProgressiveOnboardingInput {
  return {
    isEnabled: true,
    isComplete: false,
    tpv: 0,
    currency: 'usd',
    firstTransactionDate: null,
    created: new Date(CREATED).toISOString(),
    ...overrides,
  };
}

/** `days` whole days after `from`, less one millisecond when `justBefore`. */
const at = (from: number, days: number, justBefore = false) => from + days * DAY_MS - (justBefore ? 1 : 0);

describe('progressiveOnboardingTask without a first payment', () => {
  it.each([
    [0, false, 'after_payment', 3],
    [14, true, 'after_payment', 3],
    [14, false, 'no_payment_14_days', 2],
    [29, false, 'no_payment_14_days', 2],
    [30, true, 'no_payment_14_days', 2],
    [30, false, 'no_payment_30_days', 1],
    [400, false, 'no_payment_30_days', 1],
  ] as const)(
    '%i days after creation (just before: %s) is %s at level %i',
    (days, justBefore, stage, level) => {
      const task = progressiveOnboardingTask(input(), at(CREATED, days, justBefore));
      expect(task).toMatchObject({ stage, level });
    },
  );

  it('counts the early-selling window from the creation', () => {
    expect(progressiveOnboardingTask(input(), CREATED)?.deadline_ms).toBe(CREATED + 30 * DAY_MS);
  });
});

describe('progressiveOnboardingTask after the first payment', () => {
  const FIRST = CREATED + 3 * DAY_MS;
  const paid = (tpv: number, currency = 'usd') =>
    input({ tpv, currency, firstTransactionDate: new Date(FIRST).toISOString() });

  it.each([
    // Volume thresholds in dollars (minor units here), on the first day.
    [0, 'after_payment', 3],
    [99_999, 'after_payment', 3],
    [100_000, 'balance_rising', 2],
    [299_999, 'balance_rising', 2],
    [300_000, 'near_threshold', 1],
    [499_999, 'near_threshold', 1],
    [500_000, 'threshold_reached', 1],
    [9_000_000, 'threshold_reached', 1],
  ] as const)('a volume of %i cents is %s (level %i)', (tpv, stage, level) => {
    expect(progressiveOnboardingTask(paid(tpv), FIRST)).toMatchObject({ stage, level });
  });

  it.each([
    [7, true, 'after_payment'],
    [7, false, 'balance_rising'],
    [21, true, 'balance_rising'],
    [21, false, 'near_threshold'],
    [30, true, 'near_threshold'],
    [30, false, 'threshold_reached'],
  ] as const)('%i days after the first payment (just before: %s) is %s', (days, justBefore, stage) => {
    expect(progressiveOnboardingTask(paid(0), at(FIRST, days, justBefore))?.stage).toBe(stage);
  });

  it('takes the later stage when volume and time disagree', () => {
    // 7 days say balance_rising, 3000 says near_threshold.
    expect(progressiveOnboardingTask(paid(300_000), at(FIRST, 7))?.stage).toBe('near_threshold');
    // 30 days say threshold_reached whatever the volume.
    expect(progressiveOnboardingTask(paid(100), at(FIRST, 30))?.stage).toBe('threshold_reached');
  });

  it('reads the volume in major units of a zero-decimal currency', () => {
    expect(progressiveOnboardingTask(paid(999, 'jpy'), FIRST)?.stage).toBe('after_payment');
    expect(progressiveOnboardingTask(paid(1000, 'jpy'), FIRST)?.stage).toBe('balance_rising');
    expect(progressiveOnboardingTask(paid(5000, 'jpy'), FIRST)?.stage).toBe('threshold_reached');
  });

  it('counts the window from the first payment', () => {
    expect(progressiveOnboardingTask(paid(0), FIRST)?.deadline_ms).toBe(FIRST + 30 * DAY_MS);
  });

  it('ignores the days since creation once a payment was made', () => {
    expect(progressiveOnboardingTask(paid(0), at(CREATED, 9))?.stage).toBe('after_payment');
  });
});

describe('progressiveOnboardingTask without a task', () => {
  it.each([
    ['disabled', { isEnabled: false }],
    ['complete', { isComplete: true }],
    ['without a creation date', { created: null }],
    ['with an unreadable creation date', { created: 'yesterday' }],
  ] as const)('is null when progressive onboarding is %s', (_, overrides) => {
    expect(progressiveOnboardingTask(input(overrides), at(CREATED, 40))).toBeNull();
  });
});

describe('elapsedDays', () => {
  it('counts whole 24-hour periods', () => {
    expect(elapsedDays(CREATED, CREATED + DAY_MS - 1)).toBe(0);
    expect(elapsedDays(CREATED, CREATED + DAY_MS)).toBe(1);
  });
});
