/**
 * The progress bar of the sandbox test drive: pure, so the page and its tests
 * agree on every step. While the first request runs, progress climbs from 5 by 5 every 2.5 s
 * and stops at 40; once the sandbox account exists, each poll of the account adds 6, up to 100.
 */

export const TEST_DRIVE_POLL_INTERVAL_MS = 2500;
export const TEST_DRIVE_TIMEOUT_MS = 40_000;
export const TEST_DRIVE_START_PROGRESS = 5;
export const TEST_DRIVE_WARMUP_STEP = 5;
export const TEST_DRIVE_WARMUP_CAP = 40;
export const TEST_DRIVE_POLL_STEP = 6;
export const TEST_DRIVE_PROGRESS_CAP = 100;
export const TEST_DRIVE_FINISH_THRESHOLD = 95;

/** The next value while the first request still runs. */
export function nextWarmupProgress(progress: number): number {
  return Math.min(progress + TEST_DRIVE_WARMUP_STEP, TEST_DRIVE_WARMUP_CAP);
}

/** The next value after one poll of the account. */
export function nextPollProgress(progress: number): number {
  return Math.min(progress + TEST_DRIVE_POLL_STEP, TEST_DRIVE_PROGRESS_CAP);
}

/**
 * Whether the flow is done: the account's status no longer says pending, or progress passed
 * the threshold, or the timeout has gone by (the account then finishes in the background).
 */
export function testDriveFinished(input: {
  status: string | null;
  progress: number;
  elapsed_ms: number;
}): boolean {
  return (
    !(input.status ?? '').includes('pending') ||
    input.progress > TEST_DRIVE_FINISH_THRESHOLD ||
    input.elapsed_ms > TEST_DRIVE_TIMEOUT_MS
  );
}

/** The progress values the bar shows during warm-up: 5, 10, …, 40. */
export function warmupSchedule(): number[] {
  const values = [TEST_DRIVE_START_PROGRESS];
  while (values[values.length - 1]! < TEST_DRIVE_WARMUP_CAP) {
    values.push(nextWarmupProgress(values[values.length - 1]!));
  }
  return values;
}
